package fix

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestWriteFileKeepsModeAndLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.lua")
	if err := os.WriteFile(path, []byte("x = 1\r\n"), 0o751); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o751); err != nil { // past the umask
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("x = 1\r\n"), []byte("local x = 1\r\n")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != "local x = 1\r\n" {
		t.Errorf("file holds %q", got)
	}
	st, _ := os.Stat(path)
	if runtime.GOOS != "windows" && st.Mode().Perm() != 0o751 {
		t.Errorf("mode %v, want 0751", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("the directory holds %d entries, want the file alone", len(entries))
	}
}

func TestWriteFileRefusesAFileChangedSinceRead(t *testing.T) {
	for _, tt := range []struct {
		name   string
		change func(path string) error
	}{
		{"rewritten", func(path string) error { return os.WriteFile(path, []byte("y = 2\n"), 0o644) }},
		{"grown", func(path string) error {
			f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			_, err = f.WriteString("z = 3\n")
			return errors.Join(err, f.Close())
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "s.lua")
			orig := []byte("x = 1\n")
			if err := os.WriteFile(path, orig, 0o644); err != nil {
				t.Fatal(err)
			}
			var hookErr error
			err := writeFile(path, orig, []byte("local x = 1\n"), func() { hookErr = tt.change(path) })
			if hookErr != nil {
				t.Fatal(hookErr)
			}
			if !errors.Is(err, ErrChanged) {
				t.Fatalf("writeFile = %v, want ErrChanged", err)
			}
			got, _ := os.ReadFile(path)
			if string(got) == "local x = 1\n" {
				t.Error("the changed file was overwritten")
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("the directory holds %d entries, want the file alone", len(entries))
			}
		})
	}
}

func TestWriteFileFollowsSymlinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "real.lua")
	link := filepath.Join(dir, "link.lua")
	if err := os.WriteFile(target, []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.lua", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("a\n"), []byte("b\n")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", st.Mode(), err)
	}
	if got, _ := os.ReadFile(target); string(got) != "b\n" {
		t.Errorf("target holds %q", got)
	}
}

func TestDiff(t *testing.T) {
	old := "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\n"
	fixed := "l1\nl2\nl3\nl4\nL5\nl6\nl7\nl8\nl9\n"
	want := "--- a/dir/s.lua\n+++ b/dir/s.lua\n@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+L5\n l6\n l7\n l8\n"
	if got := string(Diff("dir/s.lua", []byte(old), []byte(fixed))); got != want {
		t.Errorf("Diff =\n%s\nwant\n%s", got, want)
	}
	if d := Diff("s.lua", []byte(old), []byte(old)); d != nil {
		t.Errorf("Diff of equal texts = %q, want nil", d)
	}
	got := string(Diff("s.lua", []byte("a"), []byte("b")))
	if want := "--- a/s.lua\n+++ b/s.lua\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n"; got != want {
		t.Errorf("Diff without final newline =\n%s\nwant\n%s", got, want)
	}
}
