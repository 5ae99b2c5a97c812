package lint

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestReadFile checks readFileInto against os.ReadFile: contents, and errors
// that unwrap to the same cause.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	big := bytes.Repeat([]byte("local x = 1\n"), 100_000)
	files := map[string][]byte{"empty.lua": {}, "small.lua": []byte("return 1\n"), "big.lua": big}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	paths := []string{"empty.lua", "small.lua", "big.lua", "missing.lua", "."}
	if runtime.GOOS == "linux" {
		paths = append(paths, "/proc/self/status") // size 0 in stat, content when read
	}
	for _, name := range paths {
		checkReadFile(t, dir, name)
	}
}

// checkReadFile compares readFileInto with os.ReadFile on the file name
// (relative to dir unless absolute).
func checkReadFile(t *testing.T, dir, name string) {
	t.Helper()
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, name)
	}
	got, err := readFileInto(p, 0)
	want, wantErr := os.ReadFile(p)
	switch {
	case (err == nil) != (wantErr == nil):
		t.Errorf("%s: error %v, os.ReadFile's %v", name, err, wantErr)
	case err != nil:
		if unwrapPathError(err).Error() != unwrapPathError(wantErr).Error() {
			t.Errorf("%s: error %q, os.ReadFile's %q", name, unwrapPathError(err), unwrapPathError(wantErr))
		}
		if errors.Is(wantErr, fs.ErrNotExist) != errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: errors.Is(err, fs.ErrNotExist) differs from os.ReadFile's", name)
		}
	case name == "/proc/self/status":
		if len(got) == 0 || !bytes.HasPrefix(got, []byte("Name:")) {
			t.Errorf("%s: read %q", name, got)
		}
	case !bytes.Equal(got, want):
		t.Errorf("%s: read %d bytes, os.ReadFile %d", name, len(got), len(want))
	}
}
