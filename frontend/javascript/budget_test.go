package javascript

import (
	"fmt"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

func TestBudgetBoundsDoubling(t *testing.T) {
	run := func(n int) string { return fmt.Sprintf("redis.eval(A%d, 0)\n", n) }
	frontendtest.CheckBudget(t, New(), "a.js", map[string]frontendtest.Doubling{
		"plus": frontendtest.Lines("const A0 = \"redis.call('x')\"\n",
			func(k int) string { return fmt.Sprintf("const A%d = A%d + A%d\n", k, k-1, k-1) }, run),
		"template": frontendtest.Lines("const A0 = \"redis.call('x')\"\n",
			func(k int) string { return fmt.Sprintf("const A%d = `${A%d}${A%d}`\n", k, k-1, k-1) }, run),
	})
}
