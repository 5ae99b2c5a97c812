package analyzer

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// TestSuggestNameMatchesOracleOnNearMisses compares SuggestName, which
// stops at the first equal name and reduces the search to an equality test
// once a candidate one edit away is found, with the unbounded oracle on
// generated near misses: case variants (several candidates equal to the
// query but for case: the first must win), prefixes and extensions,
// duplicated candidates, one- to four-edit typos, in several candidate
// orders.
func TestSuggestNameMatchesOracleOnNearMisses(t *testing.T) {
	base := redisfacts.Globals(redisfacts.DefaultVersion, redisfacts.EvalScript).Names()
	base = append(base, "Redis", "REDIS", "redis", "KEYS", "keys", "Keys", "counter", "count", "counters", "a", "ab", "abc", "abd")
	r := rand.New(rand.NewPCG(5, 2))
	typo := func(s string, edits int) string {
		b := []byte(s)
		for range edits {
			switch i := r.IntN(len(b) + 1); r.IntN(4) {
			case 0: // insert
				b = append(b[:i], append([]byte{byte('a' + r.IntN(26))}, b[i:]...)...)
			case 1: // delete
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			case 2: // substitute
				if i < len(b) {
					b[i] = byte('a' + r.IntN(26))
				}
			default: // swap
				if i+1 < len(b) {
					b[i], b[i+1] = b[i+1], b[i]
				}
			}
		}
		return string(b)
	}
	found, equal := 0, 0
	for round := range 40 {
		cands := append([]string(nil), base...)
		r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		if round%2 == 1 {
			cands = append(cands, cands[:10]...) // duplicates
		}
		for _, c := range cands[:30] {
			queries := []string{c, strings.ToUpper(c), strings.ToLower(c), c + "x", c[:len(c)/2+1]}
			for e := 1; e <= 4; e++ {
				queries = append(queries, typo(c, e))
			}
			for _, q := range queries {
				got, want := SuggestName(q, cands), suggestNameUnbounded(q, cands)
				if got != want {
					t.Fatalf("SuggestName(%q) = %q, oracle %q (candidates %q)", q, got, want, cands)
				}
				if want != "" {
					found++
					if strings.EqualFold(want, q) {
						equal++
					}
				}
			}
		}
	}
	if found == 0 || equal == 0 {
		t.Fatalf("suggestions %d, case variants %d: the comparison misses a case", found, equal)
	}
}
