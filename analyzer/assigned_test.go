package analyzer

import (
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// TestAssignedValuesMatchesOracle compares buildAssignedValues,
// which keeps a local's single value as a cut of its statement's
// expression list, with the same map built with one new slice per local,
// on walked and generated sources; and checks that the statements' lists
// are unchanged afterwards (no append may write into them).
func TestAssignedValuesMatchesOracle(t *testing.T) {
	compared := 0
	for name, src := range oracleInputs(t) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Block == nil {
			continue
		}
		in := Inspector(NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, discard))
		// The oracle, and a copy of every statement's expression list.
		want := map[*luaast.Variable][]luaast.Expr{}
		unknown := map[*luaast.Variable]bool{}
		lists := map[*[]luaast.Expr][]luaast.Expr{}
		add := func(id *luaast.Ident, i int, exprs []luaast.Expr) {
			if id == nil || id.Var == nil {
				return
			}
			if i >= len(exprs) {
				unknown[id.Var] = true
				return
			}
			want[id.Var] = append(want[id.Var], exprs[i])
		}
		in.Preorder(luaast.KindLocalStmt|luaast.KindAssignStmt, func(n luaast.Node) {
			switch n := n.(type) {
			case *luaast.LocalStmt:
				lists[&n.Exprs] = slices.Clone(n.Exprs)
				if len(n.Exprs) == 0 {
					return
				}
				for i, id := range n.Names {
					add(id, i, n.Exprs)
				}
			case *luaast.AssignStmt:
				lists[&n.Exprs] = slices.Clone(n.Exprs)
				for i, tg := range n.Targets {
					if id, ok := tg.(*luaast.Ident); ok {
						add(id, i, n.Exprs)
					}
				}
			}
		})
		for v := range unknown {
			want[v] = nil
		}
		vals := buildAssignedValues(in)
		if len(vals.m) != len(want) {
			t.Fatalf("%s: %d locals, want %d", name, len(vals.m), len(want))
		}
		for v, w := range want {
			if got, ok := vals.m[v]; !ok || !slices.Equal(got, w) || (got == nil) != (w == nil) {
				t.Fatalf("%s: values of %q: %v, want %v", name, v.Name, got, w)
			}
			compared++
		}
		for p, orig := range lists {
			if !slices.Equal(*p, orig) {
				t.Fatalf("%s: a statement's expression list changed", name)
			}
		}
	}
	if compared == 0 {
		t.Fatal("no local compared")
	}
}
