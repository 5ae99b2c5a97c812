//go:build linux || darwin

package lint

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// readResult is what readFileInto returned.
type readResult struct {
	src []byte
	err error
}

// startRead runs readFileInto(name, 0) in the background.
func startRead(name string) <-chan readResult {
	done := make(chan readResult, 1)
	go func() {
		src, err := readFileInto(name, 0)
		done <- readResult{src, err}
	}()
	return done
}

// waitRead waits for the read started by startRead, failing the test if
// it does not return within a minute (a hang would otherwise stall the
// whole test binary).
func waitRead(t *testing.T, done <-chan readResult) ([]byte, error) {
	t.Helper()
	select {
	case r := <-done:
		return r.src, r.err
	case <-time.After(time.Minute):
		t.Fatal("readFileInto did not return")
		return nil, nil
	}
}

// TestReadRegularHintOnPipeWithoutWriter: opening a file that discovery
// saw as regular but that turned into a pipe does not wait for a writer:
// with none, it reads as empty.
func TestReadRegularHintOnPipeWithoutWriter(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "script.lua")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	src, err := waitRead(t, startRead(fifo))
	if err != nil || len(src) != 0 {
		t.Errorf("read %q, %v; want nothing", src, err)
	}
}
