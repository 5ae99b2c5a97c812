package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// cliResult is what runCLI returned.
type cliResult struct {
	code           int
	stdout, stderr string
}

// runCLIWithin is runCLI in a goroutine, failing the test if the run has
// not ended within a minute: a run that blocks fails the test instead of
// hanging the test binary (a bound far above the milliseconds the runs
// take, not a timing assertion).
func runCLIWithin(t *testing.T, args ...string) cliResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan cliResult, 1)
	go func() {
		code, stdout, stderr := runCLI(t, streamTestRules(), "", args...)
		done <- cliResult{code, stdout, stderr}
	}()
	select {
	case r := <-done:
		return r
	case <-ctx.Done():
		t.Fatalf("redis-lua-lint %s did not end: it blocks", strings.Join(args, " "))
		return cliResult{}
	}
}

// TestDevZeroNamed: /dev/zero named on the command line ends at the size
// limit with a message naming the file and the limit, exit 2; the other
// files are reported.
func TestDevZeroNamed(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile("a.lua", []byte("local x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLIWithin(t, "--max-file-size", "1MB", "/dev/zero", "a.lua")
	want := "redis-lua-lint: /dev/zero: not checked: the file is more than 1 MB, larger than the limit of 1 MB (raise it with --max-file-size or the configuration's max-file-size)\n"
	if r.code != ExitError || r.stderr != want || !strings.Contains(r.stdout, "a.lua:1:") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2, stderr %q", r.code, r.stdout, r.stderr, want)
	}
}

// TestWalkSpecialFiles: a named pipe (and a link to one, and to
// /dev/zero) found by a walk is skipped with a notice, never opened: the
// run ends and lints the rest.
func TestWalkSpecialFiles(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("a.lua", []byte("local x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := mkfifo("pipe.lua"); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for link, target := range map[string]string{"pipelink.lua": "pipe.lua", "zero.lua": "/dev/zero"} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	r := runCLIWithin(t, ".")
	want := "redis-lua-lint: skipping link to a character device zero.lua\n" +
		"redis-lua-lint: skipping link to a named pipe pipelink.lua\n" +
		"redis-lua-lint: skipping named pipe pipe.lua\n"
	if r.code != ExitFindings || r.stderr != want || !strings.Contains(r.stdout, "a.lua:1:") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, stderr %q", r.code, r.stdout, r.stderr, want)
	}
}

// TestNothingChecked: a run that checks no file exits 2 and says why.
func TestNothingChecked(t *testing.T) {
	for _, tt := range []struct {
		name   string
		files  map[string]string
		args   []string
		code   int
		stderr string
	}{
		{"empty directory", map[string]string{"d/README": "x"}, []string{"d"}, ExitError,
			"redis-lua-lint: nothing checked: no *.lua or host-language files found in d\n"},
		{"only binary files", map[string]string{"b.lua": "\x1bLuaQ\x00"}, []string{"."}, ExitError,
			"redis-lua-lint: skipping binary file b.lua\nredis-lua-lint: nothing checked in .: 1 skipped as binary\n"},
		{"binary file named", map[string]string{"b.lua": "\x1bLuaQ\x00"}, []string{"b.lua"}, ExitError,
			"redis-lua-lint: skipping binary file b.lua\nredis-lua-lint: nothing checked in b.lua: 1 skipped as binary\n"},
		{"everything excluded", map[string]string{"a.lua": "return 1\n", "s/b.lua": "return 1\n", ".redis-lua-lint.yaml": "exclude: [\"**\"]\n"}, []string{"."}, ExitError,
			"redis-lua-lint: nothing checked in .: 3 paths excluded by the exclude globs of .redis-lua-lint.yaml\n"},
		{"force-exclude of every file named", map[string]string{"a.lua": "return 1\n", ".redis-lua-lint.yaml": "exclude: [\"a.lua\"]\n"}, []string{"--force-exclude", "a.lua"}, ExitOK,
			"redis-lua-lint: nothing checked in a.lua: 1 named but excluded (--force-exclude)\n"},
		{"one file checked", map[string]string{"a.lua": "return 1\n", "b.lua": "\x1bLuaQ\x00"}, []string{"."}, ExitOK,
			"redis-lua-lint: skipping binary file b.lua\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Chdir(t.TempDir())
			for name, content := range tt.files {
				if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := runCLIWithin(t, tt.args...)
			if r.code != tt.code || r.stderr != tt.stderr {
				t.Errorf("exit %d, stderr %q; want exit %d, stderr %q", r.code, r.stderr, tt.code, tt.stderr)
			}
		})
	}
}

// TestUnreadableDirectory: a directory of the walk that cannot be listed
// is reported like a file that cannot be read (exit 2, its error on
// stderr, naming no .gitignore) and the rest of the tree is linted and
// reported. (As root permissions do not apply; the analyzer's
// TestDiscoverDirListingFails covers discovery then.)
func TestUnreadableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("permissions are not enforced for root")
	}
	t.Chdir(t.TempDir())
	for _, d := range []string{"locked", "open"} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "a.lua"), []byte("local x = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod("locked", 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod("locked", 0o755) })
	r := runCLIWithin(t, ".")
	want := "redis-lua-lint: locked/: cannot read directory: permission denied\n"
	if r.code != ExitError || r.stderr != want || !strings.Contains(r.stdout, "open/a.lua:1:") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2, stderr %q", r.code, r.stdout, r.stderr, want)
	}
}
