package analyzer

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
)

// denseWrites is the reference for the chain-based solution: the writes
// that may have run on entry to every node, solved node by node with a
// dense set each, interprocedurally to a fixpoint.
func denseWrites(f *FlowInfo) [][][]uint64 {
	w := f.words
	in := make([][][]uint64, len(f.graphs))
	for i, g := range f.graphs {
		in[i] = make([][]uint64, len(g.nodes))
		for n := range in[i] {
			in[i][n] = make([]uint64, w)
		}
	}
	out := make([]uint64, w)
	for changed := true; changed; {
		changed = false
		for i, g := range f.graphs {
			for again := true; again; {
				again = false
				for n := range g.nodes {
					if !g.reach[n] {
						continue
					}
					copy(out, in[i][n])
					orList(out, g.gen[n])
					for _, s := range g.succs(int32(n)) {
						if orInto(in[i][s], out) {
							again, changed = true, true
						}
					}
				}
			}
		}
		for _, cs := range f.callSites {
			if orInto(in[cs.callee][entryNode], in[cs.fn][cs.node]) {
				changed = true
			}
		}
	}
	return in
}

func TestChainWritesMatchDense(t *testing.T) {
	srcs := map[string]string{
		"straight":  "redis.call('SET', 'a', 1)\nlocal x = 1\nredis.call('DEL', 'b')\nlocal y = 2\nredis.call('INCR', 'c')\nreturn x\n",
		"branches":  "local x = ARGV[1]\nif x then redis.call('SET', 'a', 1) elseif x == 2 then redis.call('DEL', 'b') else error('no') end\nredis.call('INCR', 'c')\nwhile x do redis.call('LPUSH', 'l', 1) if x then break end end\nrepeat redis.call('RPUSH', 'r', 1) local z = 1 until x\nreturn 1\n",
		"empty if":  "local x = ARGV[1]\nif x then end\nredis.call('SET', 'a', 1)\nif x then else end\nredis.call('DEL', 'a')\n",
		"functions": "local function f(k)\n  local a = 1\n  redis.call('SET', k, 1)\n  return a\nend\nlocal function g()\n  f('x')\n  redis.call('DEL', 'y')\nend\nredis.call('INCR', 'c')\ng()\nlocal n = 1\nf('z')\npcall(g)\nlocal function r(d) if d > 0 then redis.call('HSET', 'h', 'f', d) r(d - 1) end end\nr(3)\n",
		"dead code": "redis.call('SET', 'a', 1)\nerror('x')\nredis.call('DEL', 'b')\nlocal y = 1\nredis.call('INCR', 'c')\n",
		"loops":     "for i = 1, 3 do\n  local a = i\n  redis.call('SET', 'a', i)\n  local b = a\nend\nwhile true do local q = 1 end\n",
	}
	// A long main chunk: a dominator tree deeper than checkpointEvery, so
	// that sets are built from checkpoints.
	var long strings.Builder
	for i := range 3 * checkpointEvery {
		fmt.Fprintf(&long, "if ARGV[%d] then redis.call('SET', 'k%d', 1) elseif ARGV[2] then error('x') end\n", i, i)
		if i%7 == 0 {
			fmt.Fprintf(&long, "for j = 1, 3 do redis.call('DEL', 'd%d') if j then break end end\n", i)
		}
	}
	srcs["long chunk"] = long.String()
	for seed := uint64(1); seed <= 6; seed++ {
		srcs["luagen "+string(rune('0'+seed))] = string(luagen.Generate(seed, 30000))
	}
	deep := false
	for name, src := range srcs {
		t.Run(name, func(t *testing.T) {
			f := Flow(testPass(t, src))
			if f.words == 0 {
				t.Fatal("no writes in the test source")
			}
			f.solveAll()
			want := denseWrites(f)
			checked := 0
			for i, g := range f.graphs {
				// Twice: built, then from the memo; in reverse order so that
				// the incremental build (from the last set) is tried both ways.
				for range 2 {
					for n := len(g.nodes) - 1; n >= 0; n-- {
						if got := f.inSet(g, int32(n)); !slices.Equal(got, want[i][n]) {
							t.Fatalf("function %d node %d: in = %x, want %x", i, n, got, want[i][n])
						}
						checked++
					}
					for n := range g.nodes {
						if got := f.inSet(g, int32(n)); !slices.Equal(got, want[i][n]) {
							t.Fatalf("function %d node %d (forward): in = %x, want %x", i, n, got, want[i][n])
						}
					}
				}
			}
			if checked == 0 {
				t.Fatal("no node checked")
			}
			for _, g := range f.graphs {
				if g.chains != nil && len(g.chains.depth) > 0 && slices.Max(g.chains.depth) >= checkpointEvery {
					deep = true
				}
			}
		})
	}
	if !deep {
		t.Errorf("no dominator tree reached depth %d: the checkpoints were not exercised", checkpointEvery)
	}
}

// TestSummarize checks the component-wise summaries against the plain
// fixpoint of unions over the call edges, on random call graphs (with
// recursion, mutual recursion and shared callees).
func TestSummarize(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 1 + rng.IntN(12)
		direct := make([][]int32, n)
		callees := make([][]int32, n)
		for i := range n {
			for range rng.IntN(3) {
				direct[i] = append(direct[i], int32(rng.IntN(20)))
			}
			for range rng.IntN(4) {
				callees[i] = append(callees[i], int32(rng.IntN(n)))
			}
		}
		// The reference: sets as maps, unions to a fixpoint.
		want := make([]map[int32]bool, n)
		for i := range n {
			want[i] = map[int32]bool{}
			for _, w := range direct[i] {
				want[i][w] = true
			}
		}
		for changed := true; changed; {
			changed = false
			for i := range n {
				for _, c := range callees[i] {
					for w := range want[c] {
						if !want[i][w] {
							want[i][w] = true
							changed = true
						}
					}
				}
			}
		}
		in := make([][]int32, n)
		for i := range n {
			in[i] = slices.Clone(direct[i])
		}
		got := summarize(in, callees)
		for i := range n {
			var w []int32
			for x := range want[i] {
				w = append(w, x)
			}
			slices.Sort(w)
			if !slices.Equal(got[i], w) {
				t.Fatalf("trial %d: function %d (direct %v, callees %v): summary %v, want %v", trial, i, direct, callees, got[i], w)
			}
		}
	}
}
