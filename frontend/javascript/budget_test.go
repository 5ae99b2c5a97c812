package javascript

import (
	"fmt"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// doubling returns a file of n constants each defined as the previous one
// twice over (by +, or by a template of two placeholders), the last one
// run by eval: its value would be 2^n times the first's text.
func doubling(n int, template bool) string {
	var sb strings.Builder
	sb.WriteString("const A0 = \"redis.call('x')\"\n")
	for k := 1; k <= n; k++ {
		if template {
			fmt.Fprintf(&sb, "const A%d = `${A%d}${A%d}`\n", k, k-1, k-1)
		} else {
			fmt.Fprintf(&sb, "const A%d = A%d + A%d\n", k, k-1, k-1)
		}
	}
	fmt.Fprintf(&sb, "redis.eval(A%d, 0)\n", n)
	return sb.String()
}

// TestBudgetBoundsDoubling checks that the doubling constants are not
// assembled: Check reports the file with the budget's error, and no
// script holds more than the budget.
func TestBudgetBoundsDoubling(t *testing.T) {
	for _, template := range []bool{false, true} {
		src := []byte(doubling(30, template))
		found, err := New().Find("a.js", src)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range found.Scripts {
			if len(s.Text) > 1<<21 {
				t.Errorf("template=%v: a script of %d bytes was assembled", template, len(s.Text))
			}
		}
		if found.Budget == nil || found.Budget.Over == nil {
			t.Fatalf("template=%v: the budget did not run out", template)
		}
		res, _ := frontend.Check(frontendtest.Engine(), New(), "a.js", src)
		if res.Err == nil || !strings.Contains(res.Err.Error(), "larger than the") {
			t.Errorf("template=%v: Check error = %v, want the budget's", template, res.Err)
		}
	}
}

// TestBudgetKeepsSmallDoubling checks that a few doublings, far inside
// the budget, are still one script.
func TestBudgetKeepsSmallDoubling(t *testing.T) {
	found, _ := New().Find("a.js", []byte(doubling(4, false)))
	if found.Budget.Over != nil || len(found.Scripts) == 0 {
		t.Fatalf("over=%v scripts=%d, want the script of A4", found.Budget.Over, len(found.Scripts))
	}
	last := found.Scripts[len(found.Scripts)-1]
	if got := strings.Count(string(last.Text), "redis.call('x')"); got != 16 {
		t.Errorf("A4 holds %d copies of A0, want 16", got)
	}
}
