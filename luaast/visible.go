package luaast

// VisibleAt reports whether a name written at offset pos would resolve to
// the local v, scope-wise: pos is inside v's block and past v's
// declaration as Lua 5.1 scopes it. `local x = e` is visible after the
// whole statement (e cannot see x); `local function f` from its name on
// (its body can call it); parameters and loop variables throughout their
// function or loop body. A local of a repeat body is visible in the until
// condition too. Whether a later local of the same name hides v at pos is
// not considered (the parser's resolution answers that for references).
//
// The Inspector gives the parents the answer needs (the declaring
// statement, the repeat around a block); it must be built over the tree
// that holds v.
func (in *Inspector) VisibleAt(v *Variable, pos Pos) bool {
	if v == nil || v.Scope == nil {
		return false
	}
	end := v.Scope.End()
	if r, ok := in.Parent(v.Scope).(*RepeatStmt); ok && r.Body == v.Scope && r.Cond != nil {
		end = r.Cond.End()
	}
	if pos < v.Scope.Pos() || pos >= end {
		return false
	}
	if v.Decl == nil {
		return true // the implicit self and arg
	}
	switch v.Kind {
	case VarLocalFunc:
		return pos > v.Decl.Pos()
	case VarLocal:
		if ls, ok := in.Parent(v.Decl).(*LocalStmt); ok {
			return pos >= ls.End()
		}
		return pos > v.Decl.End()
	}
	return true
}
