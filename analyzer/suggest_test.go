package analyzer

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/editdist"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// suggestNameUnbounded is SuggestName computing every distance in full:
// SuggestName bounds them, which must not change its answer.
func suggestNameUnbounded(name string, candidates []string) string {
	best, bestDist := "", -1
	lname := strings.ToLower(name)
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := editdist.Distance(lname, lc, 0)
		if (strings.HasPrefix(lc, lname) || strings.HasPrefix(lname, lc)) && len(lname) >= 3 && len(lc) >= 3 {
			d = min(d, 1)
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	if bestDist < 0 || bestDist > editdist.Limit(len(name)) || bestDist == 0 && best == name {
		return ""
	}
	return best
}

func TestSuggestNameBoundedDistances(t *testing.T) {
	names := redisfacts.Globals(redisfacts.DefaultVersion, redisfacts.EvalScript).Names()
	queries := []string{"", "x", "rd", "redsi", "REDIS", "tonumbr", "tonumber", "unpackk", "cjson_decode",
		"myHelper", "counter", "lookup_table", "strng", "tabel", "pcal", "xpcal", "KYES", "ARGVV", "mathx"}
	// Candidate lists in both orders: which candidate wins a tie depends
	// on the order.
	rev := make([]string, len(names))
	for i, n := range names {
		rev[len(names)-1-i] = n
	}
	found := 0
	for _, cands := range [][]string{names, rev, {"abcdef", "abcxyz", "abcdxf"}} {
		for _, q := range append(queries, cands...) {
			got, want := SuggestName(q, cands), suggestNameUnbounded(q, cands)
			if got != want {
				t.Errorf("SuggestName(%q) = %q, want %q", q, got, want)
			}
			if want != "" {
				found++
			}
		}
	}
	if found == 0 {
		t.Fatal("no query had a suggestion: the comparison tests nothing")
	}
}
