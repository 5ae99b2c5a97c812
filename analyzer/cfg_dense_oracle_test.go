package analyzer

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestDenseWritesMatchChains checks the dense solution of small graphs
// (denseOf) against the chains (chainInSet) and against the reference
// denseWrites, node by node, on the generated scripts, the fixtures and
// the realistic scripts (after solveAll, so entry sets included).
func TestDenseWritesMatchChains(t *testing.T) {
	dense, withEntry, differ, multi := 0, 0, 0, 0
	srcs := oracleInputs(t)
	// Small graphs with more than 64 writes: sets of several words.
	var many strings.Builder
	many.WriteString("local function w(k)\n")
	for i := range 70 {
		fmt.Fprintf(&many, "  redis.call('SET', k, %d)\n", i)
	}
	many.WriteString("  if ARGV[1] then return end\n  redis.call('DEL', k)\nend\nredis.call('DEL', 'a')\nw('x')\nwhile ARGV[1] do w('y') redis.call('INCR', 'n') end\n")
	srcs["many writes"] = []byte(many.String())
	for name, src := range srcs {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		f := Flow(p)
		if f.words == 0 {
			continue
		}
		f.solveAll()
		want := denseWrites(f)
		for i, g := range f.graphs {
			if !f.isDense(g) {
				continue
			}
			dense++
			if f.words > 1 {
				multi++
			}
			if g.entry != nil {
				withEntry++
			}
			for v := range g.nodes {
				got := f.inSet(g, int32(v))
				if !slices.Equal(got, want[i][v]) {
					t.Fatalf("%s: function %d node %d: dense in = %x, reference %x", name, i, v, got, want[i][v])
				}
				// The chains, built on the same entry set, agree.
				chain := f.chainInSet(g, int32(v))
				if !slices.Equal(got, chain) {
					t.Fatalf("%s: function %d node %d: dense in = %x, chains %x", name, i, v, got, chain)
				}
				if !isZero(got) {
					differ++
				}
			}
		}
	}
	if dense < 300 || withEntry < 10 || differ < 1000 || multi < 2 {
		t.Fatalf("only %d dense graphs (%d with an entry set, %d of sets of several words) and %d non-empty sets checked",
			dense, withEntry, multi, differ)
	}
}

// TestSummarizeWithoutCalls checks computeWrites' shortcut for files
// without calls of their own functions (leafSummaries) against summarize
// with empty callee lists, on random write lists (repeats and disorder
// included).
func TestSummarizeWithoutCalls(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		n := 1 + rng.IntN(10)
		direct := make([][]int32, n)
		for i := range n {
			for range rng.IntN(5) {
				direct[i] = append(direct[i], int32(rng.IntN(12)))
			}
		}
		copyOf := func() [][]int32 {
			c := make([][]int32, n)
			for i := range direct {
				c[i] = slices.Clone(direct[i])
			}
			return c
		}
		want := summarize(copyOf(), make([][]int32, n))
		got := leafSummaries(copyOf())
		for i := range n {
			if !slices.Equal(got[i], want[i]) {
				t.Fatalf("trial %d function %d: %v, summarize %v (direct %v)", trial, i, got[i], want[i], direct[i])
			}
		}
	}
}
