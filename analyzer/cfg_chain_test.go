package analyzer

import (
	"slices"
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
	for seed := uint64(1); seed <= 6; seed++ {
		srcs["luagen "+string(rune('0'+seed))] = string(luagen.Generate(seed, 30000))
	}
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
		})
	}
}

func TestUnionSet(t *testing.T) {
	tests := []struct {
		a, b, want []int32
		grew       bool
	}{
		{nil, nil, nil, false},
		{[]int32{1, 3}, nil, []int32{1, 3}, false},
		{nil, []int32{2}, []int32{2}, true},
		{[]int32{1, 3, 5}, []int32{3, 5}, []int32{1, 3, 5}, false},
		{[]int32{1, 3, 5}, []int32{0, 3, 4, 9}, []int32{0, 1, 3, 4, 5, 9}, true},
	}
	for _, tt := range tests {
		got, grew := unionSet(tt.a, tt.b)
		if !slices.Equal(got, tt.want) || grew != tt.grew {
			t.Errorf("unionSet(%v, %v) = %v, %v; want %v, %v", tt.a, tt.b, got, grew, tt.want, tt.grew)
		}
	}
}
