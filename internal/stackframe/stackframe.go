// Package stackframe names the place a panic came from, for internal-error
// reports that are actionable without a full stack dump.
package stackframe

import (
	"runtime/debug"
	"strings"
)

// Panicking returns the function and file:line that panicked: the first
// frame below panic outside the runtime. Call it from a deferred function
// that recovered.
func Panicking() string {
	return fromStack(string(debug.Stack()))
}

// fromStack is Panicking for a stack as debug.Stack prints it.
func fromStack(stack string) string {
	lines := strings.Split(stack, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "panic(") {
			continue
		}
		for j := i + 2; j+1 < len(lines); j += 2 {
			fn := lines[j]
			if strings.HasPrefix(fn, "runtime.") {
				continue
			}
			if k := strings.LastIndex(fn, "("); k > 0 {
				fn = fn[:k]
			}
			loc := strings.Fields(lines[j+1])
			if len(loc) == 0 {
				break
			}
			return fn + " " + loc[0]
		}
	}
	return "unknown location"
}
