package analyzer

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// stableSortDiagnostics is SortDiagnostics as it was before sortedOrder:
// the stable sort of the findings themselves, then duplicates dropped.
// It is the oracle of TestSortedOrderIsStableSort.
func stableSortDiagnostics(diags []Diagnostic) []Diagnostic {
	slices.SortStableFunc(diags, func(a, b Diagnostic) int { return compareDiagnostics(&a, &b) })
	return dropRepeats(diags)
}

// TestSortedOrderIsStableSort checks SortDiagnostics against the stable sort on random findings with many ties: few offsets,
// rules and messages, so that equal keys and exact duplicates are common,
// and a Severity and a Related entry that the order does not look at, so
// that an unstable order would show.
func TestSortedOrderIsStableSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	rules := []string{"a", "b", "c"}
	msgs := []string{"x", "y"}
	random := func(n int) []Diagnostic {
		ds := make([]Diagnostic, n)
		for i := range ds {
			start := luaast.Pos(rng.IntN(6))
			ds[i] = Diagnostic{
				RuleID:   rules[rng.IntN(len(rules))],
				Severity: Severity(1 + rng.IntN(3)),
				Message:  msgs[rng.IntN(len(msgs))],
				Span:     luaast.Span{Start: start, End: start + luaast.Pos(rng.IntN(2))},
				Related:  []Related{{Message: "seq"}},
			}
			ds[i].Related[0].Span.Start = luaast.Pos(i) // tells the copies apart
		}
		return ds
	}
	for _, n := range []int{0, 1, 2, 3, 17, 100, 256, 257, 1000, 5000} {
		for round := range 5 {
			ds := random(n)
			want := stableSortDiagnostics(slices.Clone(ds))
			if got := SortDiagnostics(slices.Clone(ds)); !reflect.DeepEqual(got, want) {
				t.Fatalf("n=%d round %d: SortDiagnostics differs from the stable sort", n, round)
			}
		}
	}
}
