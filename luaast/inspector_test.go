package luaast_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// inspectorSources are varied trees: every node type, function statements
// (whose FunctionExpr starts before their name), long operator chains,
// syntax errors (a partial tree), an empty file and generated scripts.
func inspectorSources() []string {
	srcs := []string{
		"",
		"-- only a comment\n",
		"#!lua name=lib\nredis.register_function('f', function(keys, args) return 1 end)\n",
		"local a, b = 1, 'x'\nfunction t.x.y:m(p, ...) return p end\nlocal function g() end\n" +
			"for i = 1, 10, 2 do break end\nfor k, v in pairs(t) do end\nwhile a do end\nrepeat until b\n" +
			"if a then elseif b then else end\ndo end\nt[1], t.x = -a, not b\nf(a)(b):m{1, x = 2, [3] = 4}\n" +
			"return (nil), true, false, 1.5, ..., function() end, a .. b",
		"local x = a" + strings.Repeat(" + a", 300) + "\nlocal y = b" + strings.Repeat(" .. b", 300),
		"local t = {f = function() return function() end end, [k] = {g = function(...) end}}\n" +
			"function f() local function h() function g.h() end end end",
		"local x = 1\nlocal y = f(x\nlocal z = 3", // syntax error: partial tree
		"if then", // syntax error at the first statement
	}
	for seed := range uint64(25) {
		srcs = append(srcs, string(luagen.Script(seed)))
	}
	return srcs
}

// parseAny parses src, keeping the partial tree of a file with errors.
func parseAny(t *testing.T, src string) *luaast.File {
	t.Helper()
	f, _ := luaast.Parse("t.lua", []byte(src))
	if f == nil {
		t.Fatalf("Parse(%q) returned no file", src)
	}
	return f
}

// inspectLog records Inspect's calls below root: a node's description,
// or "pop <node>" for the nil after its children. It calls prune on each
// node; a true result skips the children (and the pop).
func inspectLog(root luaast.Node, keep func(luaast.Node) bool, prune func(luaast.Node) bool) []string {
	var log []string
	var stack []luaast.Node
	luaast.Inspect(root, func(n luaast.Node) bool {
		if n == nil {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if keep(top) {
				log = append(log, "pop "+describe(top))
			}
			return false
		}
		if keep(n) {
			log = append(log, describe(n))
		}
		if prune(n) {
			return false
		}
		stack = append(stack, n)
		return true
	})
	return log
}

func ofKind(mask luaast.Kind) func(luaast.Node) bool {
	return func(n luaast.Node) bool { return luaast.KindOf(n)&mask != 0 }
}

func never(luaast.Node) bool { return false }

// testMasks are the kind masks the tests try.
var testMasks = []luaast.Kind{
	luaast.KindAll, luaast.KindCallExpr, luaast.KindCall, luaast.KindStringLit,
	luaast.KindFunctionExpr | luaast.KindReturnStmt, luaast.KindStmt, luaast.KindExpr,
	luaast.KindFuncName, luaast.KindLoop | luaast.KindBreakStmt, luaast.KindFile, luaast.KindTableField,
}

func TestKindOf(t *testing.T) {
	f := parseAny(t, inspectorSources()[3])
	seen := luaast.Kind(0)
	luaast.Inspect(f, func(n luaast.Node) bool {
		if n != nil {
			k := luaast.KindOf(n)
			if k == 0 || k&(k-1) != 0 {
				t.Errorf("KindOf(%T) = %#x, want a single bit", n, k)
			}
			seen |= k
		}
		return true
	})
	if seen != luaast.KindAll {
		t.Errorf("kinds seen %#x, want every kind %#x", seen, luaast.KindAll)
	}
	if luaast.KindStmt&luaast.KindExpr != 0 || luaast.KindOf(nil) != 0 {
		t.Error("KindStmt and KindExpr overlap, or KindOf(nil) != 0")
	}
}

// TestInspectorOrder checks that Nodes reports pushes and pops exactly as
// Inspect calls its function, for every mask, with and without pruning.
func TestInspectorOrder(t *testing.T) {
	for i, src := range inspectorSources() {
		f := parseAny(t, src)
		in := luaast.NewInspector(f)
		if got, want := in.Root(), luaast.Node(f); got != want {
			t.Fatalf("source %d: Root() = %v", i, got)
		}
		for _, mask := range testMasks {
			for _, pruneKind := range []luaast.Kind{0, luaast.KindFunctionExpr, luaast.KindCallExpr, luaast.KindBlock} {
				prune := ofKind(pruneKind)
				want := inspectLog(f, ofKind(mask), func(n luaast.Node) bool { return ofKind(mask)(n) && prune(n) })
				var got []string
				in.Nodes(mask, func(n luaast.Node, push bool) bool {
					if !push {
						got = append(got, "pop "+describe(n))
						return true
					}
					got = append(got, describe(n))
					return !prune(n)
				})
				if !slices.Equal(got, want) {
					t.Errorf("source %d, mask %#x, pruning %#x: Nodes differs from Inspect:\n%s", i, mask, pruneKind, firstDiff(got, want))
				}
			}
			var pre []string
			in.Preorder(mask, func(n luaast.Node) { pre = append(pre, describe(n)) })
			var want []string
			for _, s := range inspectLog(f, ofKind(mask), never) {
				if !strings.HasPrefix(s, "pop ") {
					want = append(want, s)
				}
			}
			if !slices.Equal(pre, want) {
				t.Errorf("source %d, mask %#x: Preorder differs from Inspect:\n%s", i, mask, firstDiff(pre, want))
			}
		}
		if want := len(inspectLog(f, ofKind(luaast.KindAll), never)) / 2; in.Len() != want {
			t.Errorf("source %d: Len() = %d, want %d", i, in.Len(), want)
		}
	}
}

// TestInspectorWithStack checks the stack against one kept along Inspect.
func TestInspectorWithStack(t *testing.T) {
	for i, src := range inspectorSources() {
		f := parseAny(t, src)
		in := luaast.NewInspector(f)
		for _, mask := range testMasks {
			var want []string
			var stack []string
			luaast.Inspect(f, func(n luaast.Node) bool {
				if n == nil {
					if top := stack[len(stack)-1]; strings.HasPrefix(top, "+") {
						want = append(want, "pop "+strings.Join(stack, "/"))
					}
					stack = stack[:len(stack)-1]
					return false
				}
				if ofKind(mask)(n) {
					stack = append(stack, "+"+describe(n))
					want = append(want, strings.Join(stack, "/"))
					if luaast.KindOf(n) == luaast.KindCallExpr { // prune calls
						want = append(want, "pruned")
						stack = stack[:len(stack)-1]
						return false
					}
				} else {
					stack = append(stack, describe(n))
				}
				return true
			})
			var got []string
			in.WithStack(mask, func(n luaast.Node, push bool, st []luaast.Node) bool {
				if st[len(st)-1] != n {
					t.Fatalf("source %d: stack top %s is not the node %s", i, describe(st[len(st)-1]), describe(n))
				}
				parts := make([]string, len(st))
				for j, m := range st {
					parts[j] = describe(m)
					if ofKind(mask)(m) {
						parts[j] = "+" + parts[j]
					}
				}
				s := strings.Join(parts, "/")
				if !push {
					s = "pop " + s
				}
				got = append(got, s)
				if push && luaast.KindOf(n) == luaast.KindCallExpr {
					got = append(got, "pruned")
					return false
				}
				return true
			})
			if !slices.Equal(got, want) {
				t.Errorf("source %d, mask %#x: WithStack differs:\n%s", i, mask, firstDiff(got, want))
			}
		}
	}
}

// TestInspectorSubtree checks Subtree, Parent, Enclosing and Contains for
// every node of every tree.
func TestInspectorSubtree(t *testing.T) {
	for i, src := range inspectorSources() {
		f := parseAny(t, src)
		in := luaast.NewInspector(f)
		var nodes []luaast.Node
		parent := map[luaast.Node]luaast.Node{}
		var stack []luaast.Node
		luaast.Inspect(f, func(n luaast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			nodes = append(nodes, n)
			if len(stack) > 0 {
				parent[n] = stack[len(stack)-1]
			}
			stack = append(stack, n)
			return true
		})
		for _, n := range nodes {
			sub := in.Subtree(n)
			if sub == nil {
				t.Fatalf("source %d: Subtree(%s) = nil", i, describe(n))
			}
			if sub.Root() != n {
				t.Errorf("source %d: Subtree(%s).Root() = %s", i, describe(n), describe(sub.Root()))
			}
			for _, mask := range []luaast.Kind{luaast.KindAll, luaast.KindIdent} {
				want := inspectLog(n, ofKind(mask), never)
				var got []string
				sub.Nodes(mask, func(m luaast.Node, push bool) bool {
					if push {
						got = append(got, describe(m))
					} else {
						got = append(got, "pop "+describe(m))
					}
					return true
				})
				if !slices.Equal(got, want) {
					t.Errorf("source %d: Subtree(%s) with mask %#x differs from Inspect(n):\n%s", i, describe(n), mask, firstDiff(got, want))
				}
			}
			if got := in.Parent(n); got != parent[n] {
				t.Errorf("source %d: Parent(%s) = %s, want %s", i, describe(n), describe(got), describe(parent[n]))
			}
			var wantEncl luaast.Node
			for p := parent[n]; p != nil; p = parent[p] {
				if luaast.KindOf(p)&(luaast.KindFunctionExpr|luaast.KindStmt) != 0 {
					wantEncl = p
					break
				}
			}
			if got := in.Enclosing(n, luaast.KindFunctionExpr|luaast.KindStmt); got != wantEncl {
				t.Errorf("source %d: Enclosing(%s) = %s, want %s", i, describe(n), describe(got), describe(wantEncl))
			}
			var anc, wantAnc []string
			if !in.Ancestors(n, func(a luaast.Node) bool { anc = append(anc, describe(a)); return true }) {
				t.Errorf("source %d: Ancestors(%s) did not find the node", i, describe(n))
			}
			for p := parent[n]; p != nil; p = parent[p] {
				wantAnc = append(wantAnc, describe(p))
			}
			if !slices.Equal(anc, wantAnc) {
				t.Errorf("source %d: Ancestors(%s) = %v, want %v", i, describe(n), anc, wantAnc)
			}
			// The subtree view contains n's descendants only.
			if p := parent[n]; p != nil && sub.Contains(p) {
				t.Errorf("source %d: Subtree(%s) contains its parent", i, describe(n))
			}
			if sub.Parent(n) != nil && sub.Parent(n) != parent[n] {
				t.Errorf("source %d: Subtree(%s).Parent wrong", i, describe(n))
			}
		}
		// Nodes of another tree are not found.
		other := parseAny(t, src)
		if in.Contains(other.Block) || in.Subtree(other.Block) != nil || in.Parent(other.Block) != nil ||
			in.Ancestors(other.Block, func(luaast.Node) bool { return true }) {
			t.Errorf("source %d: a node of another tree was found", i)
		}
	}
}

// TestInspectorOutOfOrderTree checks lookups in a tree whose offsets are
// not in tree order (built by hand, not by Parse): the index falls back to
// sorting the nodes.
func TestInspectorOutOfOrderTree(t *testing.T) {
	x := &luaast.Ident{NamePos: 40, Name: "x"}
	y := &luaast.Ident{NamePos: 10, Name: "y"}
	one := &luaast.NumberLit{ValuePos: 44, Raw: "1", Value: 1}
	fn := &luaast.FunctionExpr{Function: 20, Body: &luaast.Block{Start: 30, EndPos: 31}, EndPos: 32}
	stmts := []luaast.Stmt{
		&luaast.LocalStmt{Local: 34, Names: []*luaast.Ident{x}, Exprs: []luaast.Expr{one}, EndPos: 45},
		&luaast.LocalStmt{Local: 4, Names: []*luaast.Ident{y}, Exprs: []luaast.Expr{fn}, EndPos: 36},
	}
	block := &luaast.Block{Start: 0, Stmts: stmts, EndPos: 50}
	in := luaast.NewInspector(block)
	for _, n := range []luaast.Node{block, stmts[0], x, one, stmts[1], y, fn, fn.Body} {
		if !in.Contains(n) {
			t.Errorf("%s not found", describe(n))
		}
	}
	if got := in.Parent(fn); got != stmts[1] {
		t.Errorf("Parent(fn) = %s", describe(got))
	}
	if sub := in.Subtree(stmts[1]); sub == nil || !sub.Contains(fn) || sub.Contains(x) {
		t.Error("Subtree(second statement) is wrong")
	}
	if in.Contains(&luaast.Ident{NamePos: 40, Name: "x"}) {
		t.Error("found a node that is not in the tree")
	}
}

func TestInspectorEmpty(t *testing.T) {
	in := luaast.NewInspector(nil)
	if in.Root() != nil || in.Len() != 0 || in.Contains(&luaast.Block{}) || in.Subtree(&luaast.Block{}) != nil {
		t.Error("an Inspector of nil is not empty")
	}
	in.Preorder(luaast.KindAll, func(n luaast.Node) { t.Errorf("Preorder called f(%s) on an empty tree", describe(n)) })
	in.Nodes(luaast.KindAll, func(n luaast.Node, _ bool) bool { t.Error("Nodes called f on an empty tree"); return true })

	f := parseAny(t, "")
	var got []string
	luaast.NewInspector(f).Preorder(luaast.KindAll, func(n luaast.Node) { got = append(got, fmt.Sprintf("%T", n)) })
	if want := []string{"*luaast.File", "*luaast.Block"}; !slices.Equal(got, want) {
		t.Errorf("empty file: Preorder gave %v, want %v", got, want)
	}
}

// firstDiff describes where two logs first differ.
func firstDiff(got, want []string) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("at %d: got %q, want %q", i, got[i], want[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(got), len(want))
}

// BenchmarkInspector compares building an Inspector and running a few
// kind-filtered traversals with plain Inspect walks, on one large file and
// on small scripts (what the linter sees most).
func BenchmarkInspector(b *testing.B) {
	large, err := luaast.Parse("bench.lua", luagen.Generate(42, 1<<20))
	if err != nil {
		b.Fatal(err)
	}
	var small []*luaast.File
	var smallSize int64
	for seed := uint64(1 << 20); len(small) < 200; seed++ {
		src := luagen.Script(seed)
		if len(src) > 2048 {
			continue
		}
		f, err := luaast.Parse("s.lua", src)
		if err != nil {
			b.Fatal(err)
		}
		small = append(small, f)
		smallSize += int64(len(src))
	}
	for _, c := range []struct {
		name  string
		files []*luaast.File
		size  int64
	}{{"large", []*luaast.File{large}, int64(len(large.Src))}, {"small", small, smallSize}} {
		b.Run(c.name+"/Inspect", func(b *testing.B) {
			b.SetBytes(c.size)
			for b.Loop() {
				for _, f := range c.files {
					luaast.Inspect(f, func(luaast.Node) bool { return true })
				}
			}
		})
		b.Run(c.name+"/Build", func(b *testing.B) {
			b.SetBytes(c.size)
			b.ReportAllocs()
			for b.Loop() {
				for _, f := range c.files {
					luaast.NewInspector(f)
				}
			}
		})
		b.Run(c.name+"/BuildTransient", func(b *testing.B) {
			// As the linter's workers build: into reused buffers.
			var ib luaast.InspectorBuilder
			b.SetBytes(c.size)
			b.ReportAllocs()
			for b.Loop() {
				for _, f := range c.files {
					ib.BuildTransient(f)
					ib.Release()
				}
			}
		})
		b.Run(c.name+"/BuildAndIndex", func(b *testing.B) {
			// The index behind Parent, Subtree and Ancestors is built on
			// first use.
			b.SetBytes(c.size)
			b.ReportAllocs()
			for b.Loop() {
				for _, f := range c.files {
					luaast.NewInspector(f).Parent(f.Block)
				}
			}
		})
		ins := make([]*luaast.Inspector, len(c.files))
		for i, f := range c.files {
			ins[i] = luaast.NewInspector(f)
		}
		b.Run(c.name+"/ParentOfIdents", func(b *testing.B) {
			var ids [][]luaast.Node
			for _, in := range ins {
				var list []luaast.Node
				in.Preorder(luaast.KindIdent, func(n luaast.Node) { list = append(list, n) })
				ids = append(ids, list)
				in.Parent(in.Root()) // build the index outside the timed loop
			}
			b.ResetTimer()
			for b.Loop() {
				for i, in := range ins {
					for _, id := range ids[i] {
						in.Parent(id)
					}
				}
			}
		})
		for _, m := range []struct {
			name string
			mask luaast.Kind
		}{{"Calls", luaast.KindCall}, {"Loops", luaast.KindLoop}, {"Strings", luaast.KindStringLit}} {
			b.Run(c.name+"/Preorder"+m.name, func(b *testing.B) {
				b.SetBytes(c.size)
				n := 0
				for b.Loop() {
					for _, in := range ins {
						in.Preorder(m.mask, func(luaast.Node) { n++ })
					}
				}
			})
		}
	}
}

// inspectorSummary describes everything an Inspector answers about its
// tree: the nodes in order, the parent and subtree size of each, and
// whether lookups find each node.
func inspectorSummary(in *luaast.Inspector) []string {
	var out []string
	in.Preorder(luaast.KindAll, func(n luaast.Node) {
		sub := in.Subtree(n)
		size := -1
		if sub != nil {
			size = sub.Len()
		}
		out = append(out, fmt.Sprintf("%s parent=%s size=%d contains=%v", describe(n), describe(in.Parent(n)), size, in.Contains(n)))
	})
	return out
}

// TestInspectorBuilderMatchesNewInspector checks that an InspectorBuilder
// reused across files of every size (larger, then smaller, then larger
// again: its buffers shrink and grow) gives the Inspector NewInspector
// gives, and that building the next tree leaves the previous Inspectors
// intact (they share no memory with the builder).
func TestInspectorBuilderMatchesNewInspector(t *testing.T) {
	srcs := inspectorSources()
	srcs = append(srcs, srcs[4], srcs[0], srcs[4]) // the long chains again, around an empty file
	var ib luaast.InspectorBuilder
	var built []*luaast.Inspector
	var want [][]string
	for i, src := range srcs {
		f := parseAny(t, src)
		in := ib.Build(f)
		w := inspectorSummary(luaast.NewInspector(f))
		if got := inspectorSummary(in); !slices.Equal(got, w) {
			t.Fatalf("source %d: Build and NewInspector differ: %s", i, firstDiff(got, w))
		}
		built, want = append(built, in), append(want, w)
	}
	for i, in := range built {
		if got := inspectorSummary(in); !slices.Equal(got, want[i]) {
			t.Errorf("source %d changed after later builds: %s", i, firstDiff(got, want[i]))
		}
	}
	if in := ib.Build(nil); in.Len() != 0 || in.Root() != nil {
		t.Error("Build(nil) is not empty")
	}
}

// TestInspectorBuilderLargeTree checks that a tree over the builder's
// buffer bound is built without the buffers, correctly.
func TestInspectorBuilderLargeTree(t *testing.T) {
	src := "local x = 1" + strings.Repeat("\nx = x + 1", 30000)
	f := parseAny(t, src)
	var ib luaast.InspectorBuilder
	in := ib.Build(f)
	if want := luaast.NewInspector(f); in.Len() != want.Len() || in.Len() < 1<<17 {
		t.Fatalf("Len = %d, NewInspector's %d", in.Len(), want.Len())
	}
	last := f.Block.Stmts[len(f.Block.Stmts)-1]
	if in.Parent(last) != f.Block || !in.Contains(last) {
		t.Error("the last statement is not found under the block")
	}
	small := parseAny(t, "local y = 2")
	if got := inspectorSummary(ib.Build(small)); !slices.Equal(got, inspectorSummary(luaast.NewInspector(small))) {
		t.Error("a small tree after a large one differs from NewInspector's")
	}
}

// TestInspectorBuilderTransient checks that BuildTransient, reused across
// files of every size (its buffers shrink and grow, and a tree over the
// buffer bound is built apart), gives the Inspector NewInspector gives;
// that Build and BuildTransient may alternate; and that a released
// Inspector fails loudly (or finds nothing) rather than answering about
// the old tree.
func TestInspectorBuilderTransient(t *testing.T) {
	srcs := inspectorSources()
	srcs = append(srcs, srcs[4], srcs[0], srcs[4], "local x = 1"+strings.Repeat("\nx = x + 1", 30000), srcs[3])
	var ib luaast.InspectorBuilder
	for i, src := range srcs {
		f := parseAny(t, src)
		want := inspectorSummary(luaast.NewInspector(f))
		in := ib.BuildTransient(f)
		if got := inspectorSummary(in); !slices.Equal(got, want) {
			t.Fatalf("source %d: BuildTransient and NewInspector differ: %s", i, firstDiff(got, want))
		}
		if i%3 == 1 {
			// A copying build in between: its Inspector stays valid
			// after the next transient one.
			kept := ib.Build(f)
			next := ib.BuildTransient(parseAny(t, "local z = 3"))
			if got := inspectorSummary(kept); !slices.Equal(got, want) {
				t.Fatalf("source %d: Build after BuildTransient differs: %s", i, firstDiff(got, want))
			}
			if next.Len() != 5 {
				t.Fatalf("source %d: BuildTransient after Build has %d nodes, want 5", i, next.Len())
			}
		}
		ib.Release()
		ib.Release() // idempotent
	}
	if in := ib.BuildTransient(nil); in.Len() != 0 || in.Root() != nil {
		t.Error("BuildTransient(nil) is not empty")
	}

	// A released Inspector and its Subtree views fail loudly, after
	// Release alone and once the builder has built the next tree in the
	// same buffers (they must not answer about it).
	fa, fb := parseAny(t, srcs[3]), parseAny(t, srcs[3])
	for _, rebuild := range []bool{false, true} {
		in := ib.BuildTransient(fa)
		sub := in.Subtree(fa.Block.Stmts[1])
		ib.Release()
		var next *luaast.Inspector
		if rebuild {
			next = ib.BuildTransient(fb)
		}
		for name, use := range map[string]func(){
			"Preorder":          func() { in.Preorder(luaast.KindAll, func(luaast.Node) {}) },
			"Nodes":             func() { in.Nodes(luaast.KindAll, func(luaast.Node, bool) bool { return true }) },
			"WithStack":         func() { in.WithStack(luaast.KindAll, func(luaast.Node, bool, []luaast.Node) bool { return true }) },
			"Root":              func() { in.Root() },
			"Len":               func() { in.Len() },
			"Parent":            func() { in.Parent(fa.Block) },
			"Contains (next)":   func() { in.Contains(fb.Block) },
			"Subtree (next)":    func() { in.Subtree(fb.Block.Stmts[1]) },
			"Subtree.Root":      func() { sub.Root() },
			"Subtree.Preorder":  func() { sub.Preorder(luaast.KindAll, func(luaast.Node) {}) },
			"Subtree.Parent":    func() { sub.Parent(fa.Block.Stmts[1]) },
			"Subtree.Enclosing": func() { sub.Enclosing(fb.Block.Stmts[1], luaast.KindAll) },
			"Subtree.Ancestors": func() { sub.Ancestors(fb.Block.Stmts[1], func(luaast.Node) bool { return true }) },
		} {
			if msg := panicMessage(use); !strings.Contains(msg, "InspectorBuilder.Release") {
				t.Errorf("rebuilt=%v: %s on a released Inspector: panic %q, want one naming the misuse", rebuild, name, msg)
			}
		}
		if next != nil && !slices.Equal(inspectorSummary(next), inspectorSummary(luaast.NewInspector(fb))) {
			t.Error("the next tree's Inspector differs from NewInspector's")
		}
		ib.Release()
	}
}

// panicMessage returns what f panics with, as text ("" when it does not).
func panicMessage(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}
