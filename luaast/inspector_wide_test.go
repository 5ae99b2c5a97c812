package luaast

import (
	"strconv"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
)

// highOffsetTree builds `local x = a + f(1, b) ; g(x)` with every offset raised
// by base.
func highOffsetTree(base Pos) (*Block, []Node) {
	x := &Ident{NamePos: base + 6, Name: "x"}
	a := &Ident{NamePos: base + 10, Name: "a"}
	f := &Ident{NamePos: base + 14, Name: "f"}
	one := &NumberLit{ValuePos: base + 16, Raw: "1", Value: 1}
	b := &Ident{NamePos: base + 19, Name: "b"}
	call := &CallExpr{Fn: f, Args: []Expr{one, b}, Lparen: base + 15, Rparen: base + 20}
	sum := &BinaryExpr{X: a, OpPos: base + 12, Op: OpAdd, Y: call}
	local := &LocalStmt{Local: base, Names: []*Ident{x}, Exprs: []Expr{sum}, EndPos: base + 21}
	g := &Ident{NamePos: base + 24, Name: "g"}
	x2 := &Ident{NamePos: base + 26, Name: "x"}
	gcall := &CallExpr{Fn: g, Args: []Expr{x2}, Lparen: base + 25, Rparen: base + 27}
	stmt := &CallStmt{Call: gcall}
	block := &Block{Start: base, Stmts: []Stmt{local, stmt}, EndPos: base + 28}
	return block, []Node{block, local, x, sum, a, call, f, one, b, stmt, gcall, g, x2}
}

// TestInspectorWideOffsets checks the Inspector of a tree whose offsets do
// not fit in the int32 keys (a source over 2 GiB): it must fall back to
// its sorted index, and find every node and its parent as in the same tree
// at small offsets.
func TestInspectorWideOffsets(t *testing.T) {
	if strconv.IntSize < 64 {
		t.Skip("offsets over 2 GiB need 64-bit ints")
	}
	// at converts at run time: constants over 2 GiB would not compile
	// where Pos has 32 bits.
	at := func(n int64) Pos { return Pos(n) }
	narrowRoot, narrow := highOffsetTree(0)
	for _, base := range []Pos{at(1 << 31), at(1<<32 - 10), at(1 << 40)} {
		wideRoot, wide := highOffsetTree(base)
		// A File made by hand, without its source, around the same
		// block: the block's extent must be asked too.
		file := &File{Main: &FunctionExpr{Body: wideRoot}, Block: wideRoot}
		if in := NewInspector(file); in.t.byPos == nil || !in.Contains(wide[2]) || in.Parent(wideRoot) != file {
			t.Fatalf("base %d: a File without its source: no fallback, or a node not found", base)
		}
		in, ref := NewInspector(wideRoot), NewInspector(narrowRoot)
		if in.t.byPos == nil || in.t.keys != nil {
			t.Fatalf("base %d: the index did not fall back to sorting", base)
		}
		if ref.t.keys == nil {
			t.Fatal("small offsets: the index fell back to sorting")
		}
		index := map[Node]int{}
		for i, n := range wide {
			index[n] = i
		}
		for i, n := range wide {
			if !in.Contains(n) {
				t.Fatalf("base %d: node %d (%T) not found", base, i, n)
			}
			got, want := in.Parent(n), ref.Parent(narrow[i])
			if (got == nil) != (want == nil) || got != nil && wide[index[got]] != got {
				t.Fatalf("base %d: node %d (%T): parent %T, want %T", base, i, n, got, want)
			}
			if got != nil {
				if j := index[got]; narrow[j] != want {
					t.Fatalf("base %d: node %d (%T): parent is node %d", base, i, n, j)
				}
			}
		}
		// A node of another tree at an offset no key has is not found.
		if in.Contains(&Ident{NamePos: base + 6}) || ref.Contains(&Ident{NamePos: at(1 << 33)}) {
			t.Fatalf("base %d: a foreign node is found", base)
		}
	}
}

// TestInspectorInt32KeysMatchPositions checks, on generated scripts, that
// the int32 keys find every node as the node's own offset would, through
// both builders: Contains and Parent agree with a map built by Inspect.
func TestInspectorInt32KeysMatchPositions(t *testing.T) {
	for seed := range uint64(30) {
		f, _ := Parse("t.lua", luagen.Script(seed))
		parents := map[Node]Node{}
		var stack []Node
		Inspect(f, func(n Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if len(stack) > 0 {
				parents[n] = stack[len(stack)-1]
			}
			stack = append(stack, n)
			return true
		})
		var ib InspectorBuilder
		for _, in := range []*Inspector{NewInspector(f), ib.BuildTransient(f)} {
			if in.t.keys == nil {
				t.Fatalf("seed %d: the index fell back to sorting", seed)
			}
			for n, p := range parents {
				if got := in.Parent(n); got != p {
					t.Fatalf("seed %d: parent of %T at %d: %T, want %T", seed, n, n.Pos(), got, p)
				}
			}
		}
		ib.Release()
	}
}
