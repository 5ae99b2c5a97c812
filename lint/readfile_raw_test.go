//go:build linux && (amd64 || arm64)

package lint

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// readResult is what readFileInto returned.
type readResult struct {
	src []byte
	err error
}

// startRead runs readFileInto(name, true, 0, nil) in the background.
func startRead(name string) <-chan readResult {
	done := make(chan readResult, 1)
	go func() {
		src, err := readFileInto(name, true, 0, nil)
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

// TestReadRegularHintOnPipe: a file discovery saw as regular but that is
// a pipe when it is read (replaced since) is read to its end, waiting for
// the writer as a blocking read does, not with the raw calls.
func TestReadRegularHintOnPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "script.lua")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	// Opened read-write, the writer end does not wait for a reader, and
	// keeps the pipe's data until readFileInto opens it.
	w, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	const content = "return redis.call('GET', KEYS[1])\n"
	if _, err := w.WriteString(content); err != nil {
		t.Fatal(err)
	}
	done := startRead(fifo)
	// Once the reader has taken the data (TIOCINQ: the bytes unread) it
	// waits for more: closing the
	// writer then ends its read.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(time.Millisecond) {
		n, err := unix.IoctlGetInt(int(w.Fd()), unix.TIOCINQ)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the reader never took the pipe's data")
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if src, err := waitRead(t, done); err != nil || string(src) != content {
		t.Errorf("read %q, %v; want %q", src, err, content)
	}
}

// TestReadRegularHintOnPipeWithoutWriter: opening, for the raw calls, a
// file that turned into a pipe does not wait for a writer (the raw open
// would hold the worker's processor meanwhile): with none, it reads as
// empty.
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

// TestReadRegularRawCallsErrors: the raw calls report errors as the
// blocking ones do (the cause, unwrapped, and the operation).
func TestReadRegularRawCallsErrors(t *testing.T) {
	dir := t.TempDir()
	locked := filepath.Join(dir, "locked.lua")
	if err := os.WriteFile(locked, []byte("return 1\n"), 0o000); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{filepath.Join(dir, "missing.lua"), dir, locked, dir + "/bad\x00name.lua"} {
		_, rawErr := waitRead(t, startRead(name))
		_, err := readFileInto(name, false, 0, nil)
		if (rawErr == nil) != (err == nil) || (err != nil && rawErr.Error() != err.Error()) {
			t.Errorf("%q: raw calls' error %v, blocking calls' %v", name, rawErr, err)
		}
	}
}
