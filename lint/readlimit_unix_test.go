//go:build linux || darwin

package lint

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadFileSpecialNamed: a named pipe named on the command line (no
// regular hint) without a writer is opened without waiting for one and
// reads as empty; the test binary fails instead of hanging if the open
// blocks.
func TestReadFileSpecialNamed(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.lua")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	type result struct {
		src []byte
		err error
	}
	r := withinTimeLimit(t, "reading a named pipe without a writer", func() result {
		src, err := readFileInto(fifo, DefaultMaxFileSize)
		return result{src, err}
	})
	if r.err != nil || len(r.src) != 0 {
		t.Errorf("read %q, %v; want nothing", r.src, r.err)
	}
	// Found by a walk it is skipped (TestDiscoverSkipsSpecialFilesInWalks);
	// named, it is a source, which the engine checks as an empty script.
	srcs, err := Discover([]string{fifo}, DiscoverOptions{})
	if err != nil || len(srcs) != 1 {
		t.Fatalf("discover: %+v, %v; want one source", srcs, err)
	}
	res := withinTimeLimit(t, "checking a named pipe without a writer", func() []FileResult {
		return NewEngine(nil, nil, 1).CheckFiles(context.Background(), srcs)
	})
	if len(res) != 1 || res[0].Err != nil {
		t.Errorf("results %+v, want one without error", res)
	}
}

// TestSettingsFilePipe: a .gitignore or a configuration file that is a
// named pipe is an error naming it, not a read that waits forever.
func TestSettingsFilePipe(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.lua"), []byte("return 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".gitignore", ".redis-lua-lint.yaml"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	err := withinTimeLimit(t, "a walk with a .gitignore pipe", func() error {
		_, err := Discover([]string{dir}, DiscoverOptions{})
		return err
	})
	if err == nil || !strings.Contains(err.Error(), ".gitignore: not a regular file") {
		t.Errorf("walk: error %v, want one naming the .gitignore", err)
	}
	err = withinTimeLimit(t, "loading a configuration pipe", func() error {
		_, err := LoadConfig(filepath.Join(dir, ".redis-lua-lint.yaml"), nil)
		return err
	})
	if err == nil || !strings.Contains(err.Error(), ".redis-lua-lint.yaml: not a regular file") {
		t.Errorf("config: error %v, want one naming the file", err)
	}
}
