package luaast_test

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestVisibleAtOracle checks VisibleAt against the parser's own name
// resolution on hand-written scoping cases and generated programs: every
// reference to a local is at a place where the local is visible, and a
// global reference is at no place where a local of its name is.
func TestVisibleAtOracle(t *testing.T) {
	srcs := map[string][]byte{
		"initializer":    []byte("local x = 1\nlocal x = x + 1\nreturn x"),
		"self-reference": []byte("local f = function() return f end\nreturn f"),
		"local function": []byte("local function f(n) if n > 0 then return f(n - 1) end return 0 end\nreturn f(3)"),
		"repeat-until":   []byte("local n = 0\nrepeat local done = n > 3 n = n + 1 until done\nreturn done"),
		"blocks":         []byte("do local a = 1 end\nreturn a"),
		"loops":          []byte("for i = 1, i do local v = i end\nfor k, v in pairs(k) do return k, v end\nreturn i, v"),
		"params":         []byte("local function g(a, ...) local b = a return arg, b end\nreturn a, b, g(1)"),
		"method":         []byte("local t = {}\nfunction t:m(x) return self, x end\nreturn self, x"),
	}
	for seed := uint64(1); seed <= 200; seed++ {
		srcs["luagen"+string(rune('a'+seed%26))+string(rune('0'+seed%10))+string(rune('A'+seed/26))] = luagen.Script(seed)
	}
	checked := 0
	for name, src := range srcs {
		f, err := luaast.Parse(name, src)
		if err != nil {
			continue // a generated program the parser rejects has no resolution to compare with
		}
		in := luaast.NewInspector(f)
		var locals []*luaast.Variable
		luaast.Inspect(f, func(n luaast.Node) bool {
			if id, ok := n.(*luaast.Ident); ok && id.Var != nil && id.Var.Decl == id {
				locals = append(locals, id.Var)
			}
			return true
		})
		refs := 0
		for _, v := range locals {
			for _, r := range v.Refs {
				refs++
				if !in.VisibleAt(v, r.Pos()) {
					t.Errorf("%s: %q at %d refers to the local declared at %d, but VisibleAt says it is out of scope", name, r.Name, r.Pos(), v.Decl.Pos())
				}
			}
		}
		for _, g := range f.Globals {
			for _, v := range locals {
				if v.Name == g.Name && in.VisibleAt(v, g.Pos()) {
					t.Errorf("%s: global %q at %d, but VisibleAt says the local declared at %d is in scope", name, g.Name, g.Pos(), v.Decl.Pos())
				}
			}
		}
		checked += refs + len(f.Globals)
	}
	if checked < 1000 {
		t.Fatalf("only %d references checked: the oracle would prove little", checked)
	}
}
