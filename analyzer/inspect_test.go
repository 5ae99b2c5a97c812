package analyzer_test

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// TestInspectAnalysis checks that the shared inspector covers the pass's
// file and is computed once per file.
func TestInspectAnalysis(t *testing.T) {
	for _, src := range []string{"", "local x = f(1)\nreturn x", "local x = (\n"} {
		f, _ := luaast.Parse("t.lua", []byte(src))
		results := map[*analyzer.Analysis]any{}
		pass := analyzer.NewPass(f, redisfacts.DefaultVersion, nil, nil, results, func(analyzer.Diagnostic) {})
		in := analyzer.Inspector(pass)
		if in.Root() != luaast.Node(f) {
			t.Errorf("%q: inspector root is %v, want the file", src, in.Root())
		}
		var want, got int
		luaast.Inspect(f, func(n luaast.Node) bool {
			if n != nil {
				want++
			}
			return true
		})
		in.Preorder(luaast.KindAll, func(luaast.Node) { got++ })
		if got != want || in.Len() != want {
			t.Errorf("%q: inspector has %d nodes (Len %d), Inspect visits %d", src, got, in.Len(), want)
		}
		if again := analyzer.Inspector(pass); again != in {
			t.Errorf("%q: a second request rebuilt the inspector", src)
		}
	}
}
