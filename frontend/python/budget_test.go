package python_test

import (
	"fmt"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/python"
)

// The names sort in the order of the chain, so that each is evaluated
// after the one it doubles (the worst case for a memo).
func TestBudgetBoundsDoubling(t *testing.T) {
	run := func(n int) string { return fmt.Sprintf("r.eval(A%02d, 0)\n", n) }
	frontendtest.CheckBudget(t, python.New(), "a.py", map[string]frontendtest.Doubling{
		"plus": frontendtest.Lines("A00 = \"redis.call('x')\"\n",
			func(k int) string { return fmt.Sprintf("A%02d = A%02d + A%02d\n", k, k-1, k-1) }, run),
		"f-string": frontendtest.Lines("A00 = \"redis.call('x')\"\n",
			func(k int) string { return fmt.Sprintf("A%02d = f\"{A%02d}{A%02d}\"\n", k, k-1, k-1) }, run),
		"format": frontendtest.Lines("A00 = \"redis.call('x')\"\n",
			func(k int) string { return fmt.Sprintf("A%02d = \"{0}{0}\".format(A%02d)\n", k, k-1) }, run),
	})
}
