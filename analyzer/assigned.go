package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

// AssignedValuesAnalysis maps each plain local of the file to the values
// the file assigns to it (see AssignedValueMap).
var AssignedValuesAnalysis = &Analysis{
	Name:     "assigned-values",
	Doc:      "every value assigned to each plain local",
	Requires: []*Analysis{InspectAnalysis},
	Run:      func(pass *Pass) any { return buildAssignedValues(Inspector(pass)) },
}

// AssignedValues returns the AssignedValuesAnalysis result for the pass's
// file.
func AssignedValues(pass *Pass) *AssignedValueMap {
	return ResultAs[*AssignedValueMap](pass, AssignedValuesAnalysis)
}

// AssignedValueMap maps each plain local (local x, not a parameter or loop
// variable) to every value the file assigns to it, in source order, or to
// nil when one of them is not written out (an extra value of a call):
// then its values are unknown. Wherever the assignments are: this is not
// flow-sensitive (ReachingDefs is).
type AssignedValueMap struct {
	m map[*luaast.Variable][]luaast.Expr
}

// Of returns the values assigned to v (nil when unknown, or v is not a
// plain local). The list is shared: callers must not modify it.
func (a *AssignedValueMap) Of(v *luaast.Variable) []luaast.Expr {
	if v == nil || v.Kind != luaast.VarLocal {
		return nil
	}
	return a.m[v]
}

func buildAssignedValues(in *luaast.Inspector) *AssignedValueMap {
	a := &AssignedValueMap{m: map[*luaast.Variable][]luaast.Expr{}}
	unknown := map[*luaast.Variable]bool{}
	add := func(id *luaast.Ident, i int, exprs []luaast.Expr) {
		if id == nil || id.Var == nil {
			return
		}
		if i >= len(exprs) {
			unknown[id.Var] = true // an extra value of a call, or nil
			return
		}
		if prev, ok := a.m[id.Var]; ok {
			a.m[id.Var] = append(prev, exprs[i])
		} else {
			// Most locals get one value: the statement's own list, cut
			// to that value with no room (an append copies it), costs
			// no allocation where a new slice per local added up on big
			// files (the lists are only read).
			a.m[id.Var] = exprs[i : i+1 : i+1]
		}
	}
	in.Preorder(luaast.KindLocalStmt|luaast.KindAssignStmt, func(n luaast.Node) {
		switch n := n.(type) {
		case *luaast.LocalStmt:
			if len(n.Exprs) == 0 {
				return // `local x`: nil until assigned
			}
			for i, id := range n.Names {
				add(id, i, n.Exprs)
			}
		case *luaast.AssignStmt:
			for i, t := range n.Targets {
				if id, ok := t.(*luaast.Ident); ok {
					add(id, i, n.Exprs)
				}
			}
		}
	})
	for v := range unknown {
		a.m[v] = nil
	}
	return a
}
