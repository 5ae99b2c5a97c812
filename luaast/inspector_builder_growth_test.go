package luaast_test

import (
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestBuildTransientGrowingFiles checks the InspectorBuilder's buffers,
// which at least double when a file needs more (rather than fitting the
// file): on files of growing, then shrinking and mixed sizes, each
// BuildTransient Inspector must hold exactly the nodes, parents and
// subtrees of NewInspector's for the same file (a stale node left in a
// buffer larger than the tree, or a length taken from the capacity, would
// show).
func TestBuildTransientGrowingFiles(t *testing.T) {
	var sizes []int
	for s := 40; s < 200_000; s = s*3/2 + 7 {
		sizes = append(sizes, s)
	}
	up := slices.Clone(sizes)
	slices.Reverse(sizes)
	sizes = append(up, sizes...)
	sizes = append(sizes, 300, 90_000, 50, 5_000, 60, 180_000, 100)
	var ib luaast.InspectorBuilder
	for i, size := range sizes {
		src := luagen.Generate(uint64(i)+900, size)
		f, err := luaast.Parse("gen.lua", src)
		if err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		want := luaast.NewInspector(f)
		got := ib.BuildTransient(f)
		if got.Len() != want.Len() {
			t.Fatalf("size %d: %d nodes, NewInspector %d", size, got.Len(), want.Len())
		}
		var wantNodes, gotNodes []luaast.Node
		want.Preorder(luaast.KindAll, func(n luaast.Node) { wantNodes = append(wantNodes, n) })
		got.Preorder(luaast.KindAll, func(n luaast.Node) { gotNodes = append(gotNodes, n) })
		if !slices.Equal(gotNodes, wantNodes) {
			t.Fatalf("size %d: preorder differs from NewInspector's", size)
		}
		for j, n := range wantNodes {
			if got.Parent(n) != want.Parent(n) {
				t.Fatalf("size %d: node %d (%T): parent differs", size, j, n)
			}
			if j%7 == 0 && got.Subtree(n).Len() != want.Subtree(n).Len() {
				t.Fatalf("size %d: node %d (%T): subtree differs", size, j, n)
			}
		}
		var calls []luaast.Node
		got.Preorder(luaast.KindCall, func(n luaast.Node) { calls = append(calls, n) })
		var wantCalls []luaast.Node
		want.Preorder(luaast.KindCall, func(n luaast.Node) { wantCalls = append(wantCalls, n) })
		if !slices.Equal(calls, wantCalls) || len(calls) == 0 {
			t.Fatalf("size %d: %d calls, NewInspector %d", size, len(calls), len(wantCalls))
		}
	}
	ib.Release()
}

// TestInspectorIndexOutOfOrderAfterRaise checks setIndex's fallback when
// the out-of-order node comes after a function statement (whose
// FunctionExpr key the one pass has already raised): every node is still
// found, with its parent, in a fresh and in a reused builder.
func TestInspectorIndexOutOfOrderAfterRaise(t *testing.T) {
	src := "function a.b() return 1 end\nlocal function g() end\nfunction h(x) return x end\nreturn 5, 6\n"
	for _, breakAt := range []int{0, 1, 2} {
		f, err := luaast.Parse("x.lua", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		// Move the last return statement's values before everything.
		ret := f.Block.Stmts[len(f.Block.Stmts)-1].(*luaast.ReturnStmt)
		ret.Exprs[0].(*luaast.NumberLit).ValuePos = luaast.Pos(breakAt)
		parents := map[luaast.Node]luaast.Node{}
		var stack []luaast.Node
		luaast.Inspect(f, func(n luaast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if len(stack) > 0 {
				parents[n] = stack[len(stack)-1]
			} else {
				parents[n] = nil
			}
			stack = append(stack, n)
			return true
		})
		var ib, ib2 luaast.InspectorBuilder
		for _, in := range []*luaast.Inspector{luaast.NewInspector(f), ib.BuildTransient(f), ib2.Build(f)} {
			for n, p := range parents {
				if !in.Contains(n) {
					t.Fatalf("break at %d: %T at %d not found", breakAt, n, n.Pos())
				}
				if got := in.Parent(n); got != p {
					t.Fatalf("break at %d: %T at %d: parent %T, want %T", breakAt, n, n.Pos(), got, p)
				}
			}
		}
	}
}
