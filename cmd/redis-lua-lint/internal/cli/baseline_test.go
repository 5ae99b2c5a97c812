package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeFiles writes files (name to content) below the current directory.
func writeFiles(t *testing.T, files map[string]string) {
	t.Helper()
	for name, content := range files {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBaselineExitCodes runs --write-baseline, --baseline and
// --new-from-rev with the locals rule (a finding per local of the main
// chunk) and checks exit codes and messages.
func TestBaselineExitCodes(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFiles(t, map[string]string{"s/a.lua": "local a = 1\nlocal b = 2\n", "s/b.lua": "local c = 3\n"})

	r := runCLIWithin(t, "--write-baseline", "base.json", "s")
	if r.code != ExitOK || r.stderr != "redis-lua-lint: wrote the baseline base.json: 3 findings\n" || strings.Contains(r.stdout, "s/a.lua:") {
		t.Fatalf("--write-baseline: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	// The file was renamed into place: no temporary file is left.
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"base.json", "s"}) {
		t.Errorf("directory holds %q, want base.json and s", names)
	}

	r = runCLIWithin(t, "--baseline", "base.json", "s")
	if r.code != ExitOK || r.stderr != "redis-lua-lint: 3 findings in the baseline base.json not reported\n" {
		t.Errorf("--baseline, nothing new: exit %d, stderr %q", r.code, r.stderr)
	}

	// One local more, the others moved down: exit 1, the new one alone.
	writeFiles(t, map[string]string{"s/a.lua": "\nlocal b = 2\nlocal a = 1\nlocal z = 0\n"})
	r = runCLIWithin(t, "--baseline", "base.json", "--format", "json", "-o", "report.json", "s")
	report, err := os.ReadFile("report.json")
	if err != nil {
		t.Fatal(err)
	}
	if r.code != ExitFindings || strings.Count(string(report), `"rule": "locals"`) != 1 || !strings.Contains(string(report), `"message": "local z"`) {
		t.Errorf("--baseline, one new: exit %d, stderr %q, report:\n%s", r.code, r.stderr, report)
	}

	// Two fixed: stale entries.
	writeFiles(t, map[string]string{"s/a.lua": "return 1\n"})
	r = runCLIWithin(t, "--baseline", "base.json", "-q", "s")
	if r.code != ExitOK || r.stderr != "redis-lua-lint: 2 baseline entries no longer match; run --write-baseline to prune\n" {
		t.Errorf("stale: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestBaselineErrors(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(dir))
	writeFiles(t, map[string]string{
		"a.lua":        "local a = 1\n",
		"boom.lua":     "local boom = 1\n",
		"bad.json":     "{\"version\": 1,\n \"findings\": [1]}\n",
		"empty.json":   "",
		"base.json":    `{"version": 1, "findings": []}`,
		"notdir/x.lua": "return 1\n",
	})
	for _, tt := range []struct {
		name   string
		args   []string
		stderr string // a part of stderr
	}{
		{"missing baseline", []string{"--baseline", "nope.json", "a.lua"}, "redis-lua-lint: baseline nope.json does not exist (record one with --write-baseline nope.json)\n"},
		{"invalid baseline", []string{"--baseline", "bad.json", "a.lua"}, "redis-lua-lint: bad.json:2:15: a JSON number where an object is expected (not a valid baseline: write it again with --write-baseline)\n"},
		{"empty baseline file", []string{"--baseline", "empty.json", "a.lua"}, "redis-lua-lint: empty.json:1:1: unexpected end of the file"},
		{"a directory as baseline", []string{"--baseline", "notdir", "a.lua"}, "redis-lua-lint: cannot read the baseline: read notdir: is a directory"},
		{"both flags", []string{"--baseline", "base.json", "--write-baseline", "base.json", "a.lua"}, "not both"},
		{"not a repository", []string{"--new-from-rev", "HEAD", "a.lua"}, "redis-lua-lint: --new-from-rev: " + dir + " is not in a git work tree"},
		{"baseline in a missing directory", []string{"--write-baseline", "no/such/dir/b.json", "a.lua"}, "redis-lua-lint: cannot write the baseline: "},
		// A file that could not be checked (a rule panics on it): the
		// baseline is not written, it would leave out the file's findings.
		{"an input not checked", []string{"--write-baseline", "w.json", "a.lua", "boom.lua"}, "redis-lua-lint: baseline w.json not written: some inputs could not be checked"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLIWithin(t, tt.args...)
			if r.code != ExitError || !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("exit %d, stderr %q; want exit 2 and %q", r.code, r.stderr, tt.stderr)
			}
		})
	}
	if _, err := os.Stat("w.json"); err == nil {
		t.Error("w.json was written though an input could not be checked")
	}

	// Unknown revision, in a repository.
	for _, args := range [][]string{{"init", "-q"}, {"add", "a.lua"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "x"}} {
		cmd := exec.Command("git", args...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	r := runCLIWithin(t, "--new-from-rev", "nope", "a.lua")
	if r.code != ExitError || !strings.Contains(r.stderr, `unknown revision "nope"`) || r.stdout != "" {
		t.Errorf("unknown revision: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runCLIWithin(t, "--new-from-rev", "HEAD", "a.lua")
	if r.code != ExitOK || r.stderr != "redis-lua-lint: 1 finding on lines unchanged since HEAD not reported\n" {
		t.Errorf("no change: exit %d, stderr %q", r.code, r.stderr)
	}
}
