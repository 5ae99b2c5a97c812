package analyzer

import (
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// searchReach is the reference for the reachability finish marks: a
// search of g from its entry.
func searchReach(g *funcGraph) []bool {
	seen := make([]bool, len(g.nodes))
	stack := []int32{entryNode}
	seen[entryNode] = true
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range g.succs(n) {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}

// TestLinkReachMatchesSearch checks the reachability cfgBuilder.finish
// marks in one pass over the edges against a search, for every
// function's graph and every loop graph FlowInfo.LoopHasExit builds, on
// the generated scripts,
// the fixtures, the realistic scripts and broken sources, plus sources
// with dead code of every shape.
func TestLinkReachMatchesSearch(t *testing.T) {
	srcs := oracleInputs(t)
	srcs["dead"] = []byte(`
local function f(x)
  while true do
    if x then return 1 end
    repeat
      if x then break end
      error('e')
    until x
    local dead1 = 1
  end
  local dead2 = 2
  while false do local dead3 = 3 end
  if false then local dead4 = 4 elseif x then return end
  repeat return 1 until false
  local dead5 = 5
end
for i = 1, 3 do
  if i then break else error('x') end
  local dead6 = 6
end
repeat local y = 1 until true
while 1 do break end
do return f(1) end
local dead7 = 7
`)
	graphs, unreachable, loops := 0, 0, 0
	for name, src := range srcs {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		f := Flow(p)
		total := int32(0)
		for i, g := range f.graphs {
			want := searchReach(g)
			if !slices.Equal(g.reach, want) {
				t.Fatalf("%s: function %d: reach = %v, search %v", name, i, g.reach, want)
			}
			graphs++
			dead := int32(0)
			for n, r := range want {
				if !r {
					unreachable++
					if int32(n) != exitNode {
						dead++
					}
				}
			}
			if g.unreached != dead {
				t.Fatalf("%s: function %d: unreached = %d, want %d", name, i, g.unreached, dead)
			}
			total += dead
		}
		if f.unreached != total {
			t.Fatalf("%s: unreached = %d, want %d", name, f.unreached, total)
		}
		luaast.Inspect(p.File, func(n luaast.Node) bool {
			switch n.(type) {
			case *luaast.WhileStmt, *luaast.RepeatStmt, *luaast.NumericForStmt, *luaast.GenericForStmt:
				f.buildLoopHasExit(n.(luaast.Stmt))
				g := &f.sc.loopGraph
				if want := searchReach(g); !slices.Equal(g.reach, want) {
					t.Fatalf("%s: loop at %d: reach = %v, search %v", name, n.Pos(), g.reach, want)
				}
				loops++
			}
			return true
		})
	}
	if graphs < 1000 || unreachable < 100 || loops < 300 {
		t.Fatalf("only %d graphs (%d unreachable nodes) and %d loops checked", graphs, unreachable, loops)
	}
}

// TestRepeatHasExitMatchesBuild checks LoopHasExit's answer for repeat
// loops read from the function's graph (repeatHasExit) against the graph
// of the loop built for the question, on every repeat loop of the sources
// of TestLinkReachMatchesSearch and of loops of every shape.
func TestRepeatHasExitMatchesBuild(t *testing.T) {
	srcs := oracleInputs(t)
	//nolint:dupword // Lua source: nested repeat loops
	srcs["repeats"] = []byte(`
local e = error
local function f(x)
  repeat if x then return 1 end until false
  repeat if x then break end until false
  repeat if x then e('x') end until false
  repeat if x then local y = 1 end until false
  repeat while true do if x then break end end until false
  repeat while true do if x then return end end until false
  repeat repeat if x then break end until false until false
  repeat for i = 1, 2 do break end until nil
  repeat local g = function() return 1 end until false
  repeat if x then error('y') else return end until x
  while x do repeat if x then break end until false end
  repeat do break end until false
  repeat until true
end
repeat if ARGV[1] then redis.call('SET', 'k', 1) end until false
`)
	fast, exits, endless := 0, 0, 0
	for name, src := range srcs {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		f := Flow(p)
		luaast.Inspect(p.File, func(n luaast.Node) bool {
			r, ok := n.(*luaast.RepeatStmt)
			if !ok {
				return true
			}
			want := f.buildLoopHasExit(r)
			if got := f.LoopHasExit(r); got != want {
				t.Fatalf("%s: repeat at %d: LoopHasExit = %v, built graph %v", name, r.Pos(), got, want)
			}
			if ref, ok := f.refOf(r); ok && f.graphs[ref.fn].reach[ref.entry] {
				fast++
				if want {
					exits++
				} else {
					endless++
				}
			}
			return true
		})
	}
	if fast < 100 || exits < 50 || endless < 5 {
		t.Fatalf("only %d repeat loops read from their function's graph (%d with an exit, %d endless)", fast, exits, endless)
	}
}

// TestFinishSuccessorsMatchEdges checks the successor lists finish builds
// (in place, without a cursor array) against the edges it was given: for
// every node, its edges' targets in the order they were added.
func TestFinishSuccessorsMatchEdges(t *testing.T) {
	graphs, edges := 0, 0
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		s := Script(p)
		b := &cfgBuilder{isError: func(call luaast.Expr) bool { return raises(call, CalleeName(call)) }, chunk: 64}
		for i, fn := range s.idx.funcs {
			g := &funcGraph{fn: fn}
			b.start(g)
			b.build(fn.Body)
			want := make([][]int32, len(b.nodes)-b.base)
			for _, e := range b.edges {
				want[e.from] = append(want[e.from], e.to)
			}
			b.finish()
			if len(g.succStart) != len(g.nodes)+1 || g.succStart[0] != 0 || int(g.succStart[len(g.nodes)]) != len(b.edges) {
				t.Fatalf("%s: function %d: succStart %v for %d nodes and %d edges", name, i, g.succStart, len(g.nodes), len(b.edges))
			}
			for n := range g.nodes {
				if got := g.succs(int32(n)); !slices.Equal(got, want[n]) && (len(got) > 0 || len(want[n]) > 0) {
					t.Fatalf("%s: function %d node %d: successors %v, edges %v", name, i, n, got, want[n])
				}
			}
			graphs++
			edges += len(b.edges)
		}
	}
	if graphs < 1000 || edges < 10000 {
		t.Fatalf("only %d graphs and %d edges checked", graphs, edges)
	}
}
