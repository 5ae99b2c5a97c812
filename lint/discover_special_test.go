//go:build linux || darwin

package lint

import (
	"maps"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestDiscoverSkipsSpecialFilesInWalks: plain files and links to them are
// sources, in a walk and named on the command line; a walk skips pipes
// and links to them, telling Skip; a pipe named on the command line is a
// source (read without blocking, see TestReadFileSpecialNamed).
func TestDiscoverSkipsSpecialFilesInWalks(t *testing.T) {
	// walk/ is walked; the files in named/ are named as arguments.
	dir := t.TempDir()
	for _, sub := range []string{"walk", "named"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, sub, "a.lua"), []byte("return 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("a.lua", filepath.Join(dir, sub, "link.lua")); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(filepath.Join(dir, sub, "pipe.lua"), 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	if err := os.Symlink("pipe.lua", filepath.Join(dir, "walk", "pipelink.lua")); err != nil {
		t.Fatal(err)
	}
	skipped := map[string]string{}
	got := map[string]bool{}
	args := []string{filepath.Join(dir, "walk")}
	for _, name := range []string{"a.lua", "link.lua", "pipe.lua"} {
		args = append(args, filepath.Join(dir, "named", name))
	}
	opts := DiscoverOptions{WorkDir: dir, Skip: func(path, reason string) { skipped[path] = reason }}
	err := DiscoverFunc(args, opts, func(s Source) { got[s.Path] = true })
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		"walk/a.lua": true, "walk/link.lua": true,
		"named/a.lua": true, "named/link.lua": true, "named/pipe.lua": true,
	}
	if len(got) != len(want) {
		t.Errorf("found %v, want %v", got, want)
	}
	for name, regular := range want {
		if r, ok := got[name]; !ok || r != regular {
			t.Errorf("%s: found %v, want %v", name, r && ok, regular)
		}
	}
	wantSkipped := map[string]string{"walk/pipe.lua": "named pipe", "walk/pipelink.lua": "link to a named pipe"}
	if !maps.Equal(skipped, wantSkipped) {
		t.Errorf("skipped %v, want %v", skipped, wantSkipped)
	}
}
