package rules

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// The shared facts that used to walk the whole tree now come from the
// file's inspector (and, for globals, from File.Globals). These tests keep
// the former walks as oracles and check that the results are the same on
// every fixture, the realistic scripts (syntax errors included) and
// generated scripts.

// walkSources returns the test inputs, by name.
func walkSources(t *testing.T) map[string][]byte {
	t.Helper()
	srcs := map[string][]byte{}
	for _, dir := range []string{"testdata", filepath.Join("..", "testdata", "realistic")} {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".lua") {
				return err
			}
			src, err := os.ReadFile(path)
			srcs[path] = src
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for seed := range uint64(40) {
		srcs["luagen-"+string(rune('a'+seed%26))+string(rune('0'+seed/26))] = luagen.Script(seed)
	}
	if len(srcs) < 100 {
		t.Fatalf("only %d test sources", len(srcs))
	}
	return srcs
}

func newTestPass(f *luaast.File) *analyzer.Pass {
	return analyzer.NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*analyzer.Analysis]any{}, func(analyzer.Diagnostic) {})
}

func TestSharedFactsMatchWalks(t *testing.T) {
	for name, src := range walkSources(t) {
		f, _ := luaast.Parse(name, src)
		pass := newTestPass(f)
		in := analyzer.Inspector(pass)

		got := collectGlobalUses(f, in)
		want, blocks := globalUsesByWalk(f)
		if !slices.Equal(got, want) {
			t.Errorf("%s: collectGlobalUses differs from the walk:\n got  %v\n want %v", name, got, want)
		}
		// canAddLocal looks up the block of a write when it needs it.
		for i, u := range want {
			if b := in.Enclosing(u.id, luaast.KindBlock); b != blocks[i] {
				t.Errorf("%s: block of the global %s at %d: got %p, want %p", name, u.id.Name, u.id.Pos(), b, blocks[i])
			}
		}
		if got, want := collectDeclaredVariables(in), declaredVariablesByWalk(f); !slices.Equal(got, want) {
			t.Errorf("%s: collectDeclaredVariables differs from the walk", name)
		}

		parents := parentsByWalk(f)
		pm := analyzer.Parents(pass)
		luaast.Inspect(f, func(n luaast.Node) bool {
			if n != nil && pm.Of(n) != parents[n] {
				t.Errorf("%s: parent of %T at %d: got %T, want %T", name, n, n.Pos(), pm.Of(n), parents[n])
			}
			return true
		})

		masks := []luaast.Kind{luaast.KindReturnStmt, luaast.KindBinaryExpr, luaast.KindIfStmt | luaast.KindCallExpr, luaast.KindAll}
		// Every function body, the main chunk's included (preorderSameFunc
		// walks the whole file's inspector for that one).
		bodies := []*luaast.Block{f.Block}
		luaast.Inspect(f, func(n luaast.Node) bool {
			if fn, ok := n.(*luaast.FunctionExpr); ok {
				bodies = append(bodies, fn.Body)
			}
			return true
		})
		for _, body := range bodies {
			if body == nil {
				continue
			}
			for _, mask := range masks {
				var got, want []luaast.Node
				preorderSameFunc(in, body, mask, func(m luaast.Node) { got = append(got, m) })
				inspectSameFunc(body, func(m luaast.Node) bool {
					if luaast.KindOf(m)&mask != 0 {
						want = append(want, m)
					}
					return true
				})
				if !slices.Equal(got, want) {
					t.Errorf("%s: preorderSameFunc(body at %d, %#x) visits %d nodes, inspectSameFunc %d", name, body.Pos(), mask, len(got), len(want))
				}
			}
		}
	}
}

// globalUsesByWalk is collectGlobalUses as it was: one walk of the whole
// tree with a stack. What is compared is how each use finds its parent
// and grandparent (both sides classify the use with the same
// globalUse.classify), and the innermost block holding each use.
func globalUsesByWalk(f *luaast.File) ([]globalUse, []luaast.Node) {
	if f == nil || f.Block == nil || len(f.Globals) == 0 {
		return nil, nil
	}
	isGlobal := make(map[*luaast.Ident]bool, len(f.Globals))
	for _, id := range f.Globals {
		isGlobal[id] = true
	}
	var uses []globalUse
	var useBlocks []luaast.Node
	var stack []luaast.Node
	var blocks []*luaast.Block
	luaast.Inspect(f.Block, func(n luaast.Node) bool {
		if n == nil {
			if b, ok := stack[len(stack)-1].(*luaast.Block); ok && len(blocks) > 0 && blocks[len(blocks)-1] == b {
				blocks = blocks[:len(blocks)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if b, ok := n.(*luaast.Block); ok {
			blocks = append(blocks, b)
		}
		id, ok := n.(*luaast.Ident)
		if !ok || !isGlobal[id] || id.Var != nil {
			return true
		}
		u := globalUse{id: id}
		_, u.forbidden = redisfacts.SandboxForbidden(id.Name)
		var block luaast.Node
		if len(blocks) > 0 {
			block = blocks[len(blocks)-1]
		}
		var parent, grand luaast.Node
		if len(stack) >= 2 {
			parent = stack[len(stack)-2]
		}
		if len(stack) >= 3 {
			grand = stack[len(stack)-3]
		}
		u.classify(parent, grand)
		uses = append(uses, u)
		useBlocks = append(useBlocks, block)
		return true
	})
	return uses, useBlocks
}

// declaredVariablesByWalk is collectDeclaredVariables as it was: a walk
// of the whole tree (what each node declares is appendDeclaredBy, shared:
// the test checks the traversal).
func declaredVariablesByWalk(f *luaast.File) []*luaast.Variable {
	var out []*luaast.Variable
	luaast.Inspect(f.Block, func(n luaast.Node) bool {
		out = appendDeclaredBy(out, n)
		return true
	})
	return out
}

// parentsByWalk is the parent map the rules built before the inspector:
// the parent of every expression that is not a literal.
func parentsByWalk(f *luaast.File) map[luaast.Node]luaast.Node {
	parents := map[luaast.Node]luaast.Node{}
	var stack []luaast.Node
	luaast.Inspect(f.Block, func(n luaast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		_, isExpr := n.(luaast.Expr)
		switch n.(type) {
		case *luaast.NilLit, *luaast.TrueLit, *luaast.FalseLit, *luaast.NumberLit, *luaast.StringLit, *luaast.VarargExpr:
			isExpr = false
		}
		if len(stack) > 0 && isExpr {
			parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	return parents
}

func TestWriteSet(t *testing.T) {
	ids := make([]*luaast.Ident, 20)
	for i := range ids {
		ids[i] = &luaast.Ident{Name: "x"}
	}
	for _, n := range []int{0, 3, 8, 9, 19} {
		v := &luaast.Variable{Writes: ids[:n]}
		ws := luaast.NewWriteSet(v)
		for i, id := range ids {
			if got, want := ws.Has(id), i < n; got != want {
				t.Errorf("%d writes: has(ids[%d]) = %v, want %v", n, i, got, want)
			}
		}
	}
}
