package frontend_test

import (
	"math"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

func TestBudgetTake(t *testing.T) {
	b := frontend.NewBudget(10)
	total := 1<<18 + 16*10
	if !b.Take(total-1, frontend.Span{Start: 0, End: 1}) || !b.Take(1, frontend.Span{Start: 1, End: 2}) {
		t.Fatal("the budget must hold 256 KiB + 16 bytes per byte of the file")
	}
	if b.Over != nil {
		t.Fatalf("Over = %v before the budget ran out", b.Over)
	}
	if b.Take(1, frontend.Span{Start: 3, End: 4}) {
		t.Fatal("Take succeeded past the budget")
	}
	b.Take(0, frontend.Span{Start: 5, End: 6})
	if b.Over == nil || b.Over.Start != 3 {
		t.Fatalf("Over = %v, want the first value that did not fit (3)", b.Over)
	}
	var none *frontend.Budget
	if !none.Take(math.MaxInt, frontend.Span{}) {
		t.Error("a nil budget is unlimited")
	}
}

// spent is a front end whose budget ran out on its second line, after it
// found one script on its first.
type spent struct{ toy }

func (spent) Find(path string, src []byte) (*frontend.Found, error) {
	found, err := toy{}.Find(path, src)
	if err != nil {
		return nil, err
	}
	found.Budget = frontend.NewBudget(0)
	second := strings.IndexByte(string(src), '\n') + 1
	found.Budget.Take(1<<21, frontend.Span{Start: second, End: second + 1})
	return found, nil
}

func TestCheckReportsASpentBudget(t *testing.T) {
	for _, src := range []string{
		"run(\"return tonumbr(1)\", 0)\nA2 = A1 + A1\n",
		"nothing here run(x)\nA2 = A1 + A1\n",
	} {
		res, ok := frontend.Check(frontendtest.Engine(), spent{}, "a.toy", []byte(src))
		if !ok || res.Err == nil {
			t.Fatalf("%q: ok=%v err=%v, want the file reported with an error", src, ok, res.Err)
		}
		if msg := res.Err.Error(); !strings.Contains(msg, "line 2: the string value assembled here is larger than the 256 KB of script text") {
			t.Errorf("%q: error %q does not name line 2 and the budget", src, msg)
		}
		if strings.HasPrefix(src, "run(") && len(find(res.Diagnostics, "undefined-global")) != 1 {
			t.Errorf("%q: the script found before the budget ran out must still be linted: %v", src, res.Diagnostics)
		}
	}
}
