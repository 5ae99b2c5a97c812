package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

// ParentMap answers parent queries for expressions that are not literals,
// from the file's shared inspector: statements, blocks and literals get
// nil (the rules ask only for the parents of other expressions).
type ParentMap struct{ in *luaast.Inspector }

// Parents returns the ParentMap of the pass's file.
func Parents(pass *Pass) ParentMap { return ParentMap{Inspector(pass)} }

// ParentsIn returns the ParentMap of the file in holds.
func ParentsIn(in *luaast.Inspector) ParentMap { return ParentMap{in} }

// Of returns the parent of n, or nil when n is a statement, a block, a
// literal or not in the file.
func (p ParentMap) Of(n luaast.Node) luaast.Node {
	if !needsParent(n) {
		return nil
	}
	return p.in.Parent(n)
}

// OutsideParens climbs from n through the parentheses around it: at is n
// or its outermost enclosing ParenExpr, parent is at's parent.
func (p ParentMap) OutsideParens(n luaast.Node) (at, parent luaast.Node) {
	at, parent = n, p.Of(n)
	for {
		pe, ok := parent.(*luaast.ParenExpr)
		if !ok {
			return at, parent
		}
		at, parent = pe, p.Of(pe)
	}
}

// needsParent reports whether n gets an answer from a ParentMap.
func needsParent(n luaast.Node) bool {
	switch n.(type) {
	case *luaast.NilLit, *luaast.TrueLit, *luaast.FalseLit, *luaast.NumberLit, *luaast.StringLit, *luaast.VarargExpr:
		return false
	case luaast.Expr:
		return true
	}
	return false
}

// Ready reports whether p was made by Parents or ParentsIn (the zero
// ParentMap answers nothing).
func (p ParentMap) Ready() bool { return p.in != nil }

// ChainTop returns the outermost and/or expression n is a clause of
// (through parentheses), or n itself when it is in no such chain.
func (p ParentMap) ChainTop(n luaast.Node) luaast.Node {
	top := n
	for {
		up := p.Of(top)
		if pe, ok := up.(*luaast.ParenExpr); ok {
			top = pe
			continue
		}
		if b, ok := up.(*luaast.BinaryExpr); ok && (b.Op == luaast.OpAnd || b.Op == luaast.OpOr) {
			top = b
			continue
		}
		return top
	}
}
