package stackframe

import (
	"strings"
	"testing"
)

func panicHere() { panic("boom") }

// TestPanicking checks that a recovered panic is located in the function
// that panicked, with its file and line.
func TestPanicking(t *testing.T) {
	var where string
	func() {
		defer func() {
			if recover() != nil {
				where = Panicking()
			}
		}()
		panicHere()
	}()
	if !strings.Contains(where, "stackframe.panicHere") || !strings.Contains(where, "stackframe_test.go:") {
		t.Fatalf("Panicking() = %q, want the frame of panicHere", where)
	}
}

// TestFromStackWithoutPanic checks the answer for a stack with no panic.
func TestFromStackWithoutPanic(t *testing.T) {
	if got := fromStack("goroutine 1 [running]:\nmain.main()\n\t/x/main.go:3 +0x1\n"); got != "unknown location" {
		t.Fatalf("got %q", got)
	}
}
