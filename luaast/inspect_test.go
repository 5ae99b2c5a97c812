package luaast_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// recorder is a Visitor that logs every call, and prunes the subtrees of
// nodes of one type.
type recorder struct {
	log   *[]string
	prune string
}

func (r recorder) Visit(n luaast.Node) luaast.Visitor {
	*r.log = append(*r.log, describe(n))
	if n != nil && fmt.Sprintf("%T", n) == r.prune {
		return nil
	}
	return r
}

func describe(n luaast.Node) string {
	if n == nil {
		return "nil"
	}
	return fmt.Sprintf("%T@%d-%d", n, n.Pos(), n.End())
}

// TestInspectMatchesWalk checks that Walk, which runs on Inspect's
// traversal with a stack of visitors, calls Visit exactly as Inspect calls
// f: same nodes, same order, same pruning, a nil after each kept node.
func TestInspectMatchesWalk(t *testing.T) {
	srcs := []string{
		"local a, b = 1, 'x'\nfunction t.x.y:m(p, ...) return p end\nlocal function g() end\n" +
			"for i = 1, 10, 2 do break end\nfor k, v in pairs(t) do end\nwhile a do end\nrepeat until b\n" +
			"if a then elseif b then else end\ndo end\nt[1], t.x = -a, not b\nf(a)(b):m{1, x = 2, [3] = 4}\n" +
			"return (nil), true, false, 1.5, ..., function() end, a .. b",
	}
	for seed := range uint64(30) {
		srcs = append(srcs, string(luagen.Script(seed)))
	}
	prunes := []string{"", "*luaast.FunctionExpr", "*luaast.CallExpr", "*luaast.Block", "*luaast.TableField"}
	for i, src := range srcs {
		f, err := luaast.Parse("t.lua", []byte(src))
		if err != nil {
			t.Fatalf("source %d: %v", i, err)
		}
		for _, prune := range prunes {
			var walked, inspected []string
			luaast.Walk(recorder{&walked, prune}, f)
			luaast.Inspect(f, func(n luaast.Node) bool {
				inspected = append(inspected, describe(n))
				return n == nil || fmt.Sprintf("%T", n) != prune
			})
			if prune == "" && len(walked) < 10 {
				t.Fatalf("source %d: Walk visited only %d nodes", i, len(walked))
			}
			if a, b := strings.Join(walked, "\n"), strings.Join(inspected, "\n"); a != b {
				t.Errorf("source %d, pruning %q: Inspect differs from Walk", i, prune)
			}
		}
	}
}

// BenchmarkInspect measures a full traversal with a no-op function, the
// floor of every rule that inspects the whole tree.
func BenchmarkInspect(b *testing.B) {
	src := luagen.Generate(42, 1<<20)
	f, err := luaast.Parse("bench.lua", src)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.Run("Inspect", func(b *testing.B) {
		for b.Loop() {
			luaast.Inspect(f, func(luaast.Node) bool { return true })
		}
	})
	b.Run("WalkFunc", func(b *testing.B) {
		// Inspect as it was: Walk with a func adapter.
		for b.Loop() {
			luaast.Walk(funcVisitor(func(luaast.Node) bool { return true }), f)
		}
	})
	b.Run("Walk", func(b *testing.B) {
		var v noop
		for b.Loop() {
			luaast.Walk(v, f)
		}
	})
}

// noop is a Visitor that visits everything and does nothing.
type noop struct{}

func (v noop) Visit(luaast.Node) luaast.Visitor { return v }

// funcVisitor adapts a function to Visitor, as Inspect did before it had
// its own traversal.
type funcVisitor func(luaast.Node) bool

func (fv funcVisitor) Visit(n luaast.Node) luaast.Visitor {
	if fv(n) {
		return fv
	}
	return nil
}

// TestInspectOrder pins the traversal itself: every child, in source order.
func TestInspectOrder(t *testing.T) {
	f, err := luaast.Parse("t.lua", []byte("local x = t[1] + f(y)\nif x then return {k = x} end"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	luaast.Inspect(f, func(n luaast.Node) bool {
		if n != nil {
			got = append(got, strings.TrimPrefix(fmt.Sprintf("%T", n), "*luaast."))
		}
		return true
	})
	want := "File,Block,LocalStmt,Ident,BinaryExpr,IndexExpr,Ident,NumberLit,CallExpr,Ident,Ident," +
		"IfStmt,IfClause,Ident,Block,ReturnStmt,TableExpr,TableField,Ident,Ident"
	if strings.Join(got, ",") != want {
		t.Errorf("Inspect order:\n got  %s\n want %s", strings.Join(got, ","), want)
	}
}
