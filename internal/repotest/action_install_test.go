package repotest

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeReleaseBinary stands in for the released redis-lua-lint: the
// install script runs `redis-lua-lint version` once it is in place.
const fakeReleaseBinary = "#!/bin/sh\necho \"redis-lua-lint v1.2.3 (fake release binary)\"\n"

// fakeRelease writes a release directory laid out as GitHub serves one
// (<dir>/<tag>/<asset>) with GoReleaser's asset names, and returns dir.
// corrupt names an asset whose checksums.txt entry is wrong; omit one
// whose entry is missing.
func fakeRelease(t *testing.T, tag string, corrupt, omit string) string {
	t.Helper()
	dir := t.TempDir()
	rel := filepath.Join(dir, tag)
	if err := os.MkdirAll(rel, 0o755); err != nil {
		t.Fatal(err)
	}
	var sums strings.Builder
	for _, plat := range []string{"linux_amd64", "linux_arm64", "darwin_arm64", "windows_amd64"} {
		var data []byte
		asset := fmt.Sprintf("redis-lua-lint_%s_%s.tar.gz", strings.TrimPrefix(tag, "v"), plat)
		if strings.HasPrefix(plat, "windows") {
			asset = strings.TrimSuffix(asset, ".tar.gz") + ".zip"
			data = zipWith(t, "redis-lua-lint.exe", fakeReleaseBinary)
		} else {
			data = tarGzWith(t, "redis-lua-lint", fakeReleaseBinary)
		}
		if err := os.WriteFile(filepath.Join(rel, asset), data, 0o644); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		digest := hex.EncodeToString(sum[:])
		switch asset {
		case corrupt:
			digest = strings.Repeat("0", len(digest))
		case omit:
			continue
		}
		fmt.Fprintf(&sums, "%s  %s\n", digest, asset)
	}
	if err := os.WriteFile(filepath.Join(rel, "checksums.txt"), []byte(sums.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func tarGzWith(t *testing.T, name, content string) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range []struct {
		name, body string
		mode       int64
	}{{"README.md", "readme\n", 0o644}, {name, content, 0o755}} {
		if err := tw.WriteHeader(&tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(f.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func zipWith(t *testing.T, name, content string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	h := &zip.FileHeader{Name: name, Method: zip.Deflate}
	h.SetMode(0o755)
	w, err := zw.CreateHeader(h)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte(content)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// installRun is the outcome of one run of scripts/action-install.sh.
type installRun struct {
	exitCode int
	log      string
	outputs  map[string]string
	path     string // what it appended to $GITHUB_PATH
}

// runInstallScript runs scripts/action-install.sh with sub and env on top
// of a minimal environment, as the action's steps do.
func runInstallScript(t *testing.T, sub string, env map[string]string) installRun {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl not installed")
	}
	dir := t.TempDir()
	outFile, pathFile := filepath.Join(dir, "github_output"), filepath.Join(dir, "github_path")
	for _, f := range []string{outFile, pathFile} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", filepath.Join(repoRoot(t), "scripts", "action-install.sh"), sub)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "GITHUB_OUTPUT=" + outFile, "GITHUB_PATH=" + pathFile}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	res := installRun{log: string(out), outputs: map[string]string{}}
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("running action-install.sh %s: %v", sub, err)
		}
		res.exitCode = ee.ExitCode()
	}
	o, _ := os.ReadFile(outFile)
	for _, line := range strings.Split(strings.TrimSpace(string(o)), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			res.outputs[k] = v
		}
	}
	p, _ := os.ReadFile(pathFile)
	res.path = strings.TrimSpace(string(p))
	return res
}

// TestActionInstallPlan checks which way the action gets the tool for
// each version input and action ref: a release tag downloads, "source"
// and a branch or commit of the action build it, another ref goes
// through go install.
func TestActionInstallPlan(t *testing.T) {
	// The action's steps run this script, with the environment it reads.
	for _, step := range []struct {
		id  string
		env []string
	}{
		{"plan", []string{"RLL_ACTION_REF", "RLL_VERSION"}},
		{"install", []string{"RLL_ACTION_PATH", "RLL_INSTALL_DIR", "RLL_MODE", "RLL_TAG"}},
	} {
		st := actionStepScript(t, step.id)
		if m := installScriptCall.FindStringSubmatch(st.Run); len(m) < 2 || m[1] != step.id {
			t.Errorf("action.yml: step %q runs %q, not scripts/action-install.sh %s", step.id, st.Run, step.id)
		}
		for _, k := range step.env {
			if _, ok := st.Env[k]; !ok {
				t.Errorf("action.yml: step %q does not set %s for the script", step.id, k)
			}
		}
	}
	for _, tt := range []struct {
		version, ref string
		mode, tag    string
	}{
		{"", "v0.3.0", "download", "v0.3.0"},
		{"", "v0.3.0-rc.1", "download", "v0.3.0-rc.1"},
		{"", "main", "source", ""},
		{"", "v1", "source", ""}, // a moving major tag: no release of that name
		{"", "0123456789abcdef0123456789abcdef01234567", "source", ""},
		{"", "", "source", ""}, // uses: ./
		{"source", "v0.3.0", "source", ""},
		{"v0.2.1", "main", "download", "v0.2.1"},
		{"latest", "", "download", "latest"},
		{"0123abc", "v0.3.0", "go-install", "0123abc"},
	} {
		res := runInstallScript(t, "plan", map[string]string{"RLL_VERSION": tt.version, "RLL_ACTION_REF": tt.ref})
		if res.exitCode != 0 || res.outputs["mode"] != tt.mode || res.outputs["tag"] != tt.tag {
			t.Errorf("version %q at ref %q: exit %d, mode %q, tag %q; want mode %q, tag %q\n%s",
				tt.version, tt.ref, res.exitCode, res.outputs["mode"], res.outputs["tag"], tt.mode, tt.tag, res.log)
		}
	}
}

// TestActionInstallDownload runs the action's install step against a local
// release directory standing in for GitHub's downloads: the binary of the
// runner's platform is installed after its checksum is verified, and a
// wrong or missing checksum, a missing asset or an unknown platform fail
// without installing anything.
func TestActionInstallDownload(t *testing.T) {
	const tag = "v1.2.3"
	linux := "redis-lua-lint_1.2.3_linux_amd64.tar.gz"
	tests := []struct {
		name            string
		corrupt, omit   string
		runnerOS, arch  string
		wantFail        string // "" for success
		wantInstalledAs string
	}{
		{name: "linux amd64", runnerOS: "Linux", arch: "X64", wantInstalledAs: "redis-lua-lint"},
		{name: "linux arm64", runnerOS: "Linux", arch: "ARM64", wantInstalledAs: "redis-lua-lint"},
		{name: "macos arm64", runnerOS: "macOS", arch: "ARM64", wantInstalledAs: "redis-lua-lint"},
		{name: "windows zip", runnerOS: "Windows", arch: "X64", wantInstalledAs: "redis-lua-lint.exe"},
		{name: "checksum mismatch", corrupt: linux, runnerOS: "Linux", arch: "X64", wantFail: "checksum mismatch for " + linux},
		{name: "no checksum entry", omit: linux, runnerOS: "Linux", arch: "X64", wantFail: "checksums.txt of v1.2.3 has no entry for " + linux},
		{name: "no asset for the platform", runnerOS: "macOS", arch: "X64", wantFail: "cannot download"},
		{name: "unknown runner OS", runnerOS: "Plan9", arch: "X64", wantFail: "no release binary for runner OS 'Plan9'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.runnerOS == "Windows" {
				if _, err := exec.LookPath("unzip"); err != nil {
					t.Skip("unzip not installed")
				}
			}
			rel := fakeRelease(t, tag, tt.corrupt, tt.omit)
			installDir := filepath.Join(t.TempDir(), "bin")
			res := runInstallScript(t, "install", map[string]string{
				"RLL_MODE":        "download",
				"RLL_TAG":         tag,
				"RLL_INSTALL_DIR": installDir,
				"RLL_RELEASE_URL": "file://" + rel,
				"RUNNER_OS":       tt.runnerOS,
				"RUNNER_ARCH":     tt.arch,
			})
			entries, _ := os.ReadDir(installDir)
			if tt.wantFail != "" {
				if res.exitCode == 0 {
					t.Fatalf("the install succeeded; want it to fail with %q\n%s", tt.wantFail, res.log)
				}
				if !strings.Contains(res.log, "::error::redis-lua-lint: "+tt.wantFail) {
					t.Errorf("log lacks the error %q:\n%s", tt.wantFail, res.log)
				}
				if len(entries) != 0 || res.outputs["bin-dir"] != "" || res.path != "" {
					t.Errorf("a failed install left %d files, bin-dir %q, PATH entry %q", len(entries), res.outputs["bin-dir"], res.path)
				}
				return
			}
			if res.exitCode != 0 {
				t.Fatalf("exit %d:\n%s", res.exitCode, res.log)
			}
			if len(entries) != 1 || entries[0].Name() != tt.wantInstalledAs {
				t.Errorf("installed %v, want only %s", entries, tt.wantInstalledAs)
			}
			if res.outputs["bin-dir"] != installDir || res.path != installDir {
				t.Errorf("bin-dir %q, GITHUB_PATH %q; want %q", res.outputs["bin-dir"], res.path, installDir)
			}
			for _, want := range []string{"verified against checksums.txt", "(fake release binary)"} {
				if !strings.Contains(res.log, want) {
					t.Errorf("log lacks %q:\n%s", want, res.log)
				}
			}
		})
	}
}
