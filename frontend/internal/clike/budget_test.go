package clike

import (
	"fmt"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// doubling is n constants each defined as the one before twice over:
// the text of An is 2^n copies of A0's.
func doubling(n int) string {
	var b strings.Builder
	b.WriteString(`A0 = "redis.call(1)";` + "\n")
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "A%d = A%d + A%d;\n", k, k-1, k-1)
	}
	fmt.Fprintf(&b, "x.eval(A%d, 0);\n", n)
	return b.String()
}

// assembled is the number of text units of what Find returns.
func assembled(res Result) int {
	n := 0
	for _, s := range res.Scripts {
		n += len(s.Value.Pieces) + len(s.Value.Lits)
	}
	return n
}

func TestBudgetBoundsDoubling(t *testing.T) {
	// Within the budget: the whole text.
	res := find(doubling(8))
	if len(res.Scripts) != 1 || len(res.Scripts[0].Value.Text()) != 13<<8 || res.Scripts[0].Call == nil {
		t.Fatalf("A8: want one script of %d bytes run by eval, got %d scripts", 13<<8, len(res.Scripts))
	}
	// 2^30 copies: far past it. What is found stays within the budget.
	src := doubling(30)
	res = find(src)
	if n := assembled(res); n > frontend.BudgetFor(len(src)) {
		t.Errorf("A30: %d units assembled, past the budget", n)
	}
}

func TestBudgetBoundsChains(t *testing.T) {
	// Each A adds a literal to the B before it, each B is the A before
	// it: the texts grow by one literal a step, quadratic in all.
	src := strings.Repeat(`A = B + "redis.call(1)"; B = A;`+"\n", 3000)
	res := find(src)
	if n := assembled(res); n > frontend.BudgetFor(len(src)) {
		t.Errorf("%d units assembled, past the budget", n)
	}
	if len(res.Scripts) == 0 {
		t.Error("no script: the first constants are within the budget")
	}
}

func TestSpend(t *testing.T) {
	p := NewParser(nil, toyLex(""), &Config{})
	big := Value{Pieces: make([]Piece, frontend.BudgetFor(0))}
	if !p.Spend(big) {
		t.Fatal("a value the size of the budget is refused")
	}
	if p.Spend(Value{Pieces: make([]Piece, 1)}) {
		t.Error("the budget spent, one more unit is accepted")
	}
	if !p.Spend(Value{}) {
		t.Error("an empty value is refused")
	}
}

func TestArgsBrackets(t *testing.T) {
	for _, c := range []struct {
		src  string
		args []string
	}{
		{`f(a, g(b, c), [d, e], {f, g})`, []string{"a", "g(b,c)", "[d,e]", "{f,g}"}},
		{`f()`, nil},
		// Never closed: the arguments a comma ends.
		{`f(a, g(b, c), h(d, e`, []string{"a", "g(b,c)"}},
	} {
		p := NewParser([]byte(c.src), toyLex(c.src), &Config{})
		args, _ := p.Args(1)
		var got []string
		for _, a := range args {
			got = append(got, strings.ReplaceAll(p.ArgText(a), " ", ""))
		}
		if strings.Join(got, "|") != strings.Join(c.args, "|") {
			t.Errorf("Args(%q) = %q, want %q", c.src, got, c.args)
		}
	}
}
