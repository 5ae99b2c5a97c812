//go:build linux || darwin

package lint

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestDiscoverMarksRegularFiles: discovery tells the engine which files
// are regular (readRegular's raw calls are only for those): plain files
// and links to them, in a walk and named on the command line; not pipes.
func TestDiscoverMarksRegularFiles(t *testing.T) {
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
	got := map[string]bool{}
	args := []string{filepath.Join(dir, "walk")}
	for _, name := range []string{"a.lua", "link.lua", "pipe.lua"} {
		args = append(args, filepath.Join(dir, "named", name))
	}
	err := DiscoverFunc(args, DiscoverOptions{WorkDir: dir}, func(s Source) { got[s.Path] = s.regular })
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		"walk/a.lua": true, "walk/link.lua": true, "walk/pipe.lua": false,
		"named/a.lua": true, "named/link.lua": true, "named/pipe.lua": false,
	}
	if len(got) != len(want) {
		t.Errorf("found %v, want %v", got, want)
	}
	for name, regular := range want {
		if r, ok := got[name]; !ok || r != regular {
			t.Errorf("%s: regular %v (found %v), want %v", name, r, ok, regular)
		}
	}
}
