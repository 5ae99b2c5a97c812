package python_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/python"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// doubling is a file of constants each twice the one before (n of them),
// the last one passed to eval: 2^n copies of the first. The names sort
// in the order of the chain, so that each is evaluated after the one
// it doubles (the worst case for a memo).
func doubling(n int, twice func(prev string) string) string {
	var b strings.Builder
	b.WriteString("A00 = \"redis.call('x')\"\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "A%02d = %s\n", i, twice(fmt.Sprintf("A%02d", i-1)))
	}
	fmt.Fprintf(&b, "r.eval(A%02d, 0)\n", n)
	return b.String()
}

func TestBudgetBoundsDoubling(t *testing.T) {
	for name, twice := range map[string]func(string) string{
		"plus":     func(p string) string { return p + " + " + p },
		"f-string": func(p string) string { return `f"{` + p + `}{` + p + `}"` },
	} {
		src := []byte(doubling(30, twice))
		found, err := python.New().Find("a.py", src)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range found.Scripts {
			if len(s.Text) > 1<<23 {
				t.Errorf("%s: a script of %d bytes was assembled", name, len(s.Text))
			}
		}
		// Check reports this error for the file (frontend's own tests).
		if err := found.Budget.Err(luaast.NewLineIndex(src)); err == nil || !strings.Contains(err.Error(), "larger than") {
			t.Errorf("%s: budget error %v, want the place where the budget ran out", name, err)
		}
	}
}

func TestBudgetLeavesRealFiles(t *testing.T) {
	src := []byte(doubling(3, func(p string) string { return p + " + " + p }))
	res, ok := frontend.Check(frontendtest.Engine(), python.New(), "a.py", src)
	if !ok || res.Err != nil {
		t.Fatalf("ok=%v err=%v, want a small file linted without an error", ok, res.Err)
	}
}
