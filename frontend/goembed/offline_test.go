package goembed

import (
	"archive/zip"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

func TestGoEnv(t *testing.T) {
	base := []string{"HOME=/h", "GOFLAGS=-mod=mod -modcacherw -tags=x", "GOPROXY=https://proxy.example", "GOTOOLCHAIN=auto"}
	tests := []struct {
		name    string
		offline bool
		// want are the values the go command sees (the last of each key).
		want map[string]string
	}{
		{"online: the environment as it is", false, map[string]string{"GOFLAGS": "-mod=mod -modcacherw -tags=x", "GOPROXY": "https://proxy.example", "GOTOOLCHAIN": "auto", "HOME": "/h"}},
		{"offline: no download, no toolchain switch, no cgo, no -mod", true, map[string]string{
			"GOFLAGS": "-modcacherw -tags=x", "GOPROXY": "off", "GOTOOLCHAIN": "local", "CGO_ENABLED": "0", "HOME": "/h",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := GoEnv(slices.Clone(base), tt.offline)
			checkEnv(t, env, tt.want)
		})
	}
	// GOFLAGS of the go env file (go env -w) loses its -mod too: the
	// environment's GOFLAGS replaces the file's only when not empty.
	t.Run("offline: GOFLAGS of go env -w", func(t *testing.T) {
		goenv := filepath.Join(t.TempDir(), "go.env")
		if err := os.WriteFile(goenv, []byte("GOFLAGS=-mod=mod -tags=fromfile\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		env := GoEnv(append(os.Environ(), "GOENV="+goenv, "GOFLAGS="), true)
		checkEnv(t, env, map[string]string{"GOFLAGS": "-tags=fromfile", "GOPROXY": "off"})
	})
	t.Run("offline: nothing left of GOFLAGS is still a GOFLAGS", func(t *testing.T) {
		env := GoEnv(append(os.Environ(), "GOENV=off", "GOFLAGS=-mod=mod"), true)
		checkEnv(t, env, map[string]string{"GOFLAGS": "-modcacherw"})
	})
}

// checkEnv checks that the go command would see want in env (the last
// value of each key wins).
func checkEnv(t *testing.T, env []string, want map[string]string) {
	t.Helper()
	got := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		got[k] = v
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
}

// writeModuleProxy writes a GOPROXY=file:// directory serving module at
// version with files (name → content).
func writeModuleProxy(t *testing.T, dir, module, version string, files map[string]string) {
	t.Helper()
	at := filepath.Join(dir, filepath.FromSlash(module), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(at, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("list", version+"\n")
	write(version+".info", `{"Version":"`+version+`"}`)
	write(version+".mod", files["go.mod"])
	zf, err := os.Create(filepath.Join(at, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(zf)
	for name, content := range files {
		w, err := zw.Create(module + "@" + version + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(content)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zf.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCheckPackagesOffline checks LoadOptions.Offline against a go command
// that would otherwise download: a module proxy holding the module's
// dependency (go-redis, a stub) and an empty module cache. Online, the
// dependency is downloaded and the calls are type-checked (the call-site
// check finds the missing key); offline, nothing is downloaded, go.mod is
// not rewritten despite GOFLAGS=-mod=mod, the toolchain go.mod asks for is
// not fetched, and the code is linted from its syntax with a notice.
func TestCheckPackagesOffline(t *testing.T) {
	stub, err := os.ReadFile(filepath.Join("testdata", "src", "github.com", "redis", "go-redis", "v9", "redis.go"))
	if err != nil {
		t.Fatal(err)
	}
	proxy := t.TempDir()
	writeModuleProxy(t, proxy, GoRedisV9Path, "v9.7.0", map[string]string{
		"go.mod":   "module " + GoRedisV9Path + "\n\ngo 1.22\n",
		"redis.go": string(stub),
	})
	app := "package app\n\nimport (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n" +
		"func run(ctx context.Context, c *redis.Client) {\n\tc.Eval(ctx, \"return tonumbr(KEYS[2])\", []string{\"k\"})\n}\n"
	tests := []struct {
		name    string
		gomod   string
		offline bool
		// rules are the rules of the findings; notice is a piece of the
		// notice (none: "").
		rules  []string
		notice string
	}{
		{"online: the dependency is downloaded", "module example.com/app\n\ngo 1.22\n", false,
			[]string{"undefined-global", "numkeys-mismatch"}, ""},
		{"offline: no download, linted from syntax", "module example.com/app\n\ngo 1.22\n", true,
			[]string{"undefined-global"}, "no required module provides package github.com/redis/go-redis/v9; to add it: go get github.com/redis/go-redis/v9"},
		{"online: the toolchain go.mod asks for is fetched (and fails here)", "module example.com/app\n\ngo 1.22\n\ntoolchain go1.99.1\n", false,
			[]string{"undefined-global"}, "go1.99.1"},
		{"offline: the local toolchain is used", "module example.com/app\n\ngo 1.22\n\ntoolchain go1.99.1\n", true,
			[]string{"undefined-global"}, "no required module provides package github.com/redis/go-redis/v9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, src := range map[string]string{"go.mod": tt.gomod, "app.go": app} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			env := append(os.Environ(), "GOPROXY=file://"+filepath.ToSlash(proxy), "GOMODCACHE="+t.TempDir(),
				"GOFLAGS=-mod=mod -modcacherw", "GONOSUMDB=*", "GONOSUMCHECK=1", "GOSUMDB=off", "GOTOOLCHAIN=auto", "GOWORK=off")
			eng := lint.NewEngine(rules.All(), lint.DefaultConfig(dir), 1)
			res, err := CheckPackages(context.Background(), eng, []string{"./..."}, LoadOptions{Dir: dir, Display: DisplayRelative(dir), Env: env, Offline: tt.offline})
			if err != nil {
				t.Fatalf("CheckPackages: %v", err)
			}
			var got []string
			for _, fr := range res.Files {
				for _, d := range fr.Diagnostics {
					got = append(got, d.RuleID)
				}
			}
			if !slices.Equal(got, tt.rules) {
				t.Errorf("findings %q, want %q", got, tt.rules)
			}
			notices := strings.Join(res.Notices, "\n")
			if tt.notice == "" && notices != "" || !strings.Contains(notices, tt.notice) {
				t.Errorf("notices %q, want one containing %q", res.Notices, tt.notice)
			}
			gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
			if err != nil {
				t.Fatal(err)
			}
			if tt.offline && string(gomod) != tt.gomod {
				t.Errorf("go.mod rewritten offline:\n%s", gomod)
			}
		})
	}
}
