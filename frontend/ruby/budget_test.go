package ruby_test

import (
	"fmt"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/ruby"
)

// The names sort in the order of the chain, so that each is evaluated
// after the one it doubles (the worst case for a memo).
func TestBudgetBoundsDoubling(t *testing.T) {
	run := func(n int) string { return fmt.Sprintf("r.eval(A%02d, 0)\n", n) }
	step := func(f string) func(int) string {
		return func(k int) string { return fmt.Sprintf(f, k, k-1, k-1) }
	}
	frontendtest.CheckBudget(t, ruby.New(), "a.rb", map[string]frontendtest.Doubling{
		"plus":          frontendtest.Lines("A00 = \"redis.call('x')\"\n", step("A%02d = A%02d + A%02d\n"), run),
		"shovel":        frontendtest.Lines("A00 = \"redis.call('x')\"\n", step("A%02d = A%02d << A%02d\n"), run),
		"interpolation": frontendtest.Lines("A00 = \"redis.call('x')\"\n", step("A%02d = \"#{A%02d}#{A%02d}\"\n"), run),
	})
}
