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

// TestParentsAndSameFuncWalks checks the parent queries and the
// same-function walks the rules use against plain walks of the tree.
func TestParentsAndSameFuncWalks(t *testing.T) {
	for name, src := range walkSources(t) {
		f, _ := luaast.Parse(name, src)
		pass := newTestPass(f)
		in := analyzer.Inspector(pass)
		parents := parentsByWalk(f)
		pm := analyzer.Parents(pass)
		luaast.Inspect(f, func(n luaast.Node) bool {
			if n != nil && pm.Of(n) != parents[n] {
				t.Errorf("%s: parent of %T at %d: got %T, want %T", name, n, n.Pos(), pm.Of(n), parents[n])
			}
			return true
		})

		masks := []luaast.Kind{luaast.KindReturnStmt, luaast.KindBinaryExpr, luaast.KindIfStmt | luaast.KindCallExpr, luaast.KindAll}
		// Every function body, the main chunk's included (analyzer.PreorderSameFunc
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
				analyzer.PreorderSameFunc(in, body, mask, func(m luaast.Node) { got = append(got, m) })
				analyzer.InspectSameFunc(body, func(m luaast.Node) bool {
					if luaast.KindOf(m)&mask != 0 {
						want = append(want, m)
					}
					return true
				})
				if !slices.Equal(got, want) {
					t.Errorf("%s: analyzer.PreorderSameFunc(body at %d, %#x) visits %d nodes, analyzer.InspectSameFunc %d", name, body.Pos(), mask, len(got), len(want))
				}
			}
		}
	}
}
