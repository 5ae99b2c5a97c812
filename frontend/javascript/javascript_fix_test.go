package javascript

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// TestFixAppliesInTheHost applies the fix of a finding (global-assignment:
// declare the variable local) to the host file, and checks that the
// script found in the fixed file has the fixed Lua: the edit landed
// inside the literal, written in its form.
func TestFixAppliesInTheHost(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"single", "const S = 'x = redis.call(\"GET\", KEYS[1]) return x'\n"},
		{"template", "const S = `\n  x = redis.call('GET', KEYS[1])\n  return x\n`\n"},
		{"chain", "const S = 'local y = 1 ' +\n  \"x = redis.call('GET', KEYS[1]) return x\"\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			frontendtest.CheckFixInHost(t, New(), "x.js", c.src, "global-assignment", "local x = redis.call")
		})
	}
}
