package php

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
		{"single", "<?php $s = 'x = redis.call(\"GET\", KEYS[1]) return x';\n"},
		{"double", "<?php $s = \"x = redis.call('GET', KEYS[1]) return x\";\n"},
		{"nowdoc", "<?php\n$s = <<<'LUA'\n    x = redis.call('GET', KEYS[1])\n    return x\n    LUA;\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			frontendtest.CheckFixInHost(t, New(), "x.php", c.src, "global-assignment", "local x = redis.call")
		})
	}
}
