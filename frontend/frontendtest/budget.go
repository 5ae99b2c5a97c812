package frontendtest

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// Doubling makes the host file of a doubling test: n constants each
// defined as the one before twice over, the last one run by a scripting
// call, with the first one's text "redis.call('x')": the last would hold
// 2^n copies of it.
type Doubling func(n int) string

// CheckBudget checks a front end against constants defined through each
// other twice over (see frontend.Budget), for each way of doubling the
// language has: thirty doublings are not assembled (no script of more
// than a few MB) and Check reports the file with the budget's error;
// four are one script holding sixteen copies, linted without an error.
func CheckBudget(t *testing.T, fe frontend.Frontend, path string, doublings map[string]Doubling) {
	t.Helper()
	for name, doubling := range doublings {
		src := []byte(doubling(30))
		found, err := fe.Find(path, src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, s := range found.Scripts {
			if len(s.Text) > 8<<20 {
				t.Errorf("%s: a script of %d bytes was assembled", name, len(s.Text))
			}
		}
		if found.Budget == nil || found.Budget.Over == nil {
			t.Errorf("%s: the budget did not run out", name)
		}
		if res, _ := frontend.Check(Engine(), fe, path, src); res.Err == nil || !strings.Contains(res.Err.Error(), "larger than the") {
			t.Errorf("%s: Check error = %v, want the budget's", name, res.Err)
		}

		src = []byte(doubling(4))
		res, ok := frontend.Check(Engine(), fe, path, src)
		if !ok || res.Err != nil {
			t.Errorf("%s: four doublings: ok=%v err=%v, want the file linted without an error", name, ok, res.Err)
		}
		found, _ = fe.Find(path, src)
		most := 0
		for _, s := range found.Scripts {
			most = max(most, strings.Count(string(s.Text), "redis.call('x')"))
		}
		if most != 16 {
			t.Errorf("%s: four doublings make a script of %d copies, want 16", name, most)
		}
	}
}

// Lines returns the Doubling of a file that starts with head (which
// defines constant 0 as "redis.call('x')"), defines constant k with
// step(k) for k = 1..n, and ends with run(n), which runs constant n.
func Lines(head string, step func(k int) string, run func(n int) string) Doubling {
	return func(n int) string {
		var b strings.Builder
		b.WriteString(head)
		for k := 1; k <= n; k++ {
			b.WriteString(step(k))
		}
		b.WriteString(run(n))
		return b.String()
	}
}
