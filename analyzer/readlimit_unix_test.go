//go:build linux || darwin

package analyzer

import (
	"os"
	"path/filepath"
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
		src, err := readFileInto(fifo, false, DefaultMaxFileSize, nil)
		return result{src, err}
	})
	if r.err != nil || len(r.src) != 0 {
		t.Errorf("read %q, %v; want nothing", r.src, r.err)
	}
	// Found by a walk, it is skipped (TestDiscoverMarksRegularFiles);
	// through the whole engine, named, it is checked as an empty script.
	srcs, err := Discover([]string{fifo}, DiscoverOptions{})
	if err != nil || len(srcs) != 1 {
		t.Fatalf("discover: %v, %v", srcs, err)
	}
	if _, err := os.Stat(fifo); err != nil {
		t.Fatal(err)
	}
}
