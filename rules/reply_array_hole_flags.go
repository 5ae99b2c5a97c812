package rules

import (
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Correlated flags: in
//
//	local ok, wait
//	if cond then ok = true else ok = false wait = 5 end
//	if ok then return {1, 0} end
//	return {0, wait}
//
// the declaration's nil reaches the last return only through the branch
// that sets ok to true, and that branch leaves before it. excludedByFlag
// finds this shape: a flag f tested by the first clause of an if G whose
// outcome the return depends on, and an if S before G whose every arm that
// does not assign the local sets f, at the arm's top level, to a constant
// of the other truth value.

// stmtStep is one step of the path from a function body to a statement:
// the block and the index of the statement in it that holds the target.
type stmtStep struct {
	block *luaast.Block
	i     int
}

// stmtPath returns the steps from body down to the statement starting at
// pos (nil when pos is not the start of a statement of body's function).
func stmtPath(body *luaast.Block, pos luaast.Pos) []stmtStep {
	var path []stmtStep
	b := body
	for b != nil {
		var next *luaast.Block
		found := false
		for i, s := range b.Stmts {
			if pos < s.Pos() || pos >= s.End() {
				continue
			}
			path = append(path, stmtStep{b, i})
			if s.Pos() == pos {
				return path
			}
			for _, c := range childBlocks(s) {
				if pos >= c.Start && pos < c.EndPos {
					next = c
				}
			}
			found = true
			break
		}
		if !found {
			return nil
		}
		b = next
	}
	return nil
}

// childBlocks returns the blocks a statement holds directly (not those of
// function bodies).
func childBlocks(s luaast.Stmt) []*luaast.Block {
	switch x := s.(type) {
	case *luaast.DoStmt:
		return []*luaast.Block{x.Body}
	case *luaast.WhileStmt:
		return []*luaast.Block{x.Body}
	case *luaast.RepeatStmt:
		return []*luaast.Block{x.Body}
	case *luaast.NumericForStmt:
		return []*luaast.Block{x.Body}
	case *luaast.GenericForStmt:
		return []*luaast.Block{x.Body}
	case *luaast.IfStmt:
		bs := make([]*luaast.Block, 0, len(x.Clauses)+1)
		for _, c := range x.Clauses {
			bs = append(bs, c.Body)
		}
		if x.Else != nil {
			bs = append(bs, x.Else)
		}
		return bs
	}
	return nil
}

// blockLeaves reports whether control never falls off the end of b: its
// last statement returns, raises (error(...)), breaks, or is an if whose
// every arm (with an else) leaves.
func blockLeaves(b *luaast.Block) bool {
	if b == nil || len(b.Stmts) == 0 {
		return false
	}
	switch x := b.Stmts[len(b.Stmts)-1].(type) {
	case *luaast.ReturnStmt, *luaast.BreakStmt:
		return true
	case *luaast.CallStmt:
		c, ok := x.Call.(*luaast.CallExpr)
		if !ok {
			return false
		}
		id, ok := c.Fn.(*luaast.Ident)
		return ok && id.Var == nil && id.Name == "error"
	case *luaast.IfStmt:
		if x.Else == nil || !blockLeaves(x.Else) {
			return false
		}
		for _, c := range x.Clauses {
			if !blockLeaves(c.Body) {
				return false
			}
		}
		return true
	}
	return false
}

// flagTest returns the local a condition tests (f or not f) and the truth
// value f has when the condition is false.
func flagTest(cond luaast.Expr) (*luaast.Variable, bool) {
	cond = luaast.Unparen(cond)
	want := false
	if u, ok := cond.(*luaast.UnaryExpr); ok && u.Op == luaast.OpNot {
		cond, want = luaast.Unparen(u.X), true
	}
	id, ok := cond.(*luaast.Ident)
	if !ok || id.Var == nil {
		return nil, false
	}
	return id.Var, want
}

// constTruth returns the truth value of a literal (nil and false are
// false, other literals true).
func constTruth(e luaast.Expr) (truth, ok bool) {
	switch luaast.Unparen(e).(type) {
	case *luaast.NilLit, *luaast.FalseLit:
		return false, true
	case *luaast.TrueLit, *luaast.NumberLit, *luaast.StringLit:
		return true, true
	}
	return false, false
}

// topWrite returns what the statement s assigns to v when it is an
// assignment naming v: assigned, and the value expression (known is false
// when the value comes from a multi-value expression past its first).
func topWrite(s luaast.Stmt, v *luaast.Variable) (assigned bool, val luaast.Expr, known bool) {
	var names []luaast.Expr
	var exprs []luaast.Expr
	switch x := s.(type) {
	case *luaast.AssignStmt:
		names, exprs = x.Targets, x.Exprs
	default:
		return false, nil, false
	}
	for i, t := range names {
		id, ok := t.(*luaast.Ident)
		if !ok || id.Var != v {
			continue
		}
		assigned = true
		switch {
		case i < len(exprs):
			val, known = exprs[i], true // of the last expression, its first value
		case len(exprs) > 0 && mayExpandSyntax(exprs[len(exprs)-1]):
			val, known = nil, false
		default:
			val, known = &luaast.NilLit{}, true
		}
	}
	return assigned, val, known
}

// mayExpandSyntax reports whether e, the last of a list, may give several
// values (a call or ...).
func mayExpandSyntax(e luaast.Expr) bool {
	switch e.(type) {
	case *luaast.CallExpr, *luaast.MethodCallExpr, *luaast.VarargExpr:
		return true
	}
	return false
}

// writesIn reports whether v is written at a position in [from, to).
func writesIn(v *luaast.Variable, from, to luaast.Pos) bool {
	for _, w := range v.Writes {
		if w.Pos() >= from && w.Pos() < to {
			return true
		}
	}
	return false
}

// excludedByFlag reports whether the nil that the statement def gives v
// cannot reach the return ret, by the correlated-flag shape above.
func excludedByFlag(body *luaast.Block, ret *luaast.ReturnStmt, v *luaast.Variable, def luaast.Stmt) bool {
	if v.Captured {
		return false
	}
	path := stmtPath(body, ret.Pos())
	if path == nil {
		return false
	}
	// Find G: walking out from the return, an if statement whose first
	// clause tests a flag and is false wherever the return runs: the
	// return is in a later clause or the else, or after it in the same
	// block with the first clause leaving.
	for k := len(path) - 1; k >= 0; k-- {
		st := path[k]
		var g *luaast.IfStmt
		var gi int // index of G in st.block
		if x, ok := st.block.Stmts[st.i].(*luaast.IfStmt); ok && k < len(path)-1 && path[k+1].block != x.Clauses[0].Body {
			g, gi = x, st.i // the return is in a later clause or the else
		}
		if g == nil {
			for j := st.i - 1; j >= 0; j-- {
				if x, ok := st.block.Stmts[j].(*luaast.IfStmt); ok && blockLeaves(x.Clauses[0].Body) {
					if f, _ := flagTest(x.Clauses[0].Cond); f != nil {
						g, gi = x, j
						break
					}
				}
			}
		}
		if g == nil {
			continue
		}
		f, want := flagTest(g.Clauses[0].Cond)
		if f == nil || f == v || f.Captured {
			continue
		}
		if flagArmsExclude(st.block, gi, ret, v, f, want, def) {
			return true
		}
	}
	return false
}

// flagArmsExclude looks for S, an if before G (index gi of block), whose
// arms that do not assign v all set f to a constant whose truth is not
// want, with def before S and no write of v or f between S and the
// return other than those at the arms' top level.
func flagArmsExclude(block *luaast.Block, gi int, ret *luaast.ReturnStmt, v, f *luaast.Variable, want bool, def luaast.Stmt) bool {
	for j := gi - 1; j >= 0; j-- {
		s, ok := block.Stmts[j].(*luaast.IfStmt)
		if !ok {
			continue
		}
		if def.Pos() >= s.Pos() || writesIn(f, s.End(), ret.Pos()) || writesIn(v, s.End(), ret.Pos()) {
			return false
		}
		arms := childBlocks(s)
		if s.Else == nil {
			return false // the implicit else keeps f's earlier value
		}
		for _, arm := range arms {
			assignsV := false
			truth, haveTruth := false, false
			for _, st := range arm.Stmts {
				if a, _, _ := topWrite(st, v); a {
					assignsV = true
				}
				if a, val, known := topWrite(st, f); a {
					haveTruth = false
					if known {
						truth, haveTruth = constTruth(val)
					}
				}
			}
			// Writes of f or v below the arm's top level: not followed.
			for _, st := range arm.Stmts {
				if _, ok := st.(*luaast.AssignStmt); ok {
					continue
				}
				if writesIn(f, st.Pos(), st.End()) || writesIn(v, st.Pos(), st.End()) {
					return false
				}
			}
			if assignsV || blockLeaves(arm) {
				continue
			}
			if !haveTruth || truth == want {
				return false
			}
		}
		return true
	}
	return false
}
