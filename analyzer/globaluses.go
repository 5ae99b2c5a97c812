package analyzer

import (
	"slices"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// GlobalUse is one reference to a global name, with what the code does
// with it.
//
// Every file has a few dozen of these, so the struct holds only what cannot
// be derived cheaply (48 bytes): the member name comes from memberNode,
// and the block holding a write is looked up when a rule asks for it.
type GlobalUse struct {
	ID *luaast.Ident
	// memberNode is the FieldExpr / IndexExpr (or FuncName) naming the
	// member (see Member); nil when the global is used whole.
	MemberNode luaast.Node
	// write is true when the global itself is assigned: `name = v` or
	// `function name() end`.
	Write bool
	// memberWrite is true when member is assigned: `string.x = v`,
	// `function table.extend() end`, `function string:trim() end`.
	MemberWrite bool
	// called is true when member is called: `string.trim(s)`.
	Called bool
	// forbidden is true when the sandbox removes the global on purpose
	// (redisfacts.SandboxForbidden): print, os, require ...
	Forbidden bool
	// featureTest is true when member is only tested, not used: the left
	// side of `or` (`table.unpack or unpack`), an operand of `and`/`not`,
	// an `if`/`while`/`until` condition or a comparison.
	FeatureTest bool
	// inEval is whether the EVAL sandbox of the file's target version has
	// the global, when evalKnown (see collectGlobalUsesFrom): asked once
	// per name of the file rather than once per use.
	InEval, EvalKnown bool
	// stmt is the statement of a write (*AssignStmt or *FunctionStmt).
	Stmt luaast.Stmt
}

// Member returns the field read or written through the global (clock in
// os.clock, call in redis["call"]); "" when the global is used whole or
// through a computed key (_G[k] = v).
func (u *GlobalUse) Member() string {
	switch m := u.MemberNode.(type) {
	case *luaast.FuncName:
		if len(m.Fields) > 0 {
			return m.Fields[0].Name
		}
		return m.Method.Name
	case *luaast.FieldExpr:
		return m.Name.Name
	case *luaast.IndexExpr:
		if k, ok := m.Key.(*luaast.StringLit); ok {
			return k.Value
		}
	}
	return ""
}

// collectGlobalUses returns every reference to a global in source order.
// Field names (t.x) and table-constructor keys are not references; only
// identifiers listed in File.Globals are. The parser lists them, so only
// their ancestors are looked up (through the shared inspector), not the
// whole tree walked.
func collectGlobalUses(f *luaast.File, in *luaast.Inspector) []GlobalUse {
	return collectGlobalUsesFrom(f, nil, in, nil)
}

// collectGlobalUsesFrom is collectGlobalUses taking the parents of the
// references from refs (ScriptInfo.GlobalRefs, in source order) where it
// has them: the walk that built the script index recorded them, where the
// inspector searches the tree for each reference (its largest cost). A
// reference refs lacks is looked up in the inspector as before. With
// eval (the EVAL sandbox of the target version), it also fills in each
// use's inEval. TestGlobalUsesFromRefsOracle checks it against
// collectGlobalUses and eval.Has.
func collectGlobalUsesFrom(f *luaast.File, refs []GlobalRef, in *luaast.Inspector, eval *redisfacts.GlobalSet) []GlobalUse {
	if f == nil || f.Block == nil || len(f.Globals) == 0 {
		return nil
	}
	ids := f.Globals
	// Globals are in source order, which for identifiers is the tree's
	// order; sort a copy should that ever not hold.
	byPos := func(a, b *luaast.Ident) int { return int(a.NamePos - b.NamePos) }
	if !slices.IsSortedFunc(ids, byPos) {
		ids = slices.Clone(ids)
		slices.SortStableFunc(ids, byPos)
	}
	uses := make([]GlobalUse, 0, len(ids))
	// Whether a name is forbidden, for the names met so far: a file uses
	// a handful of globals many times each, and two rules ask about each
	// use. The table is direct-mapped on the name's length and first and
	// last bytes (one comparison per use, where a scan of the names met
	// compared several); a collision only replaces an entry.
	var seen [32]struct {
		name              string
		known, forbidden  bool
		evalKnown, inEval bool
	}
	for k, id := range ids {
		if id.Var != nil || (k > 0 && ids[k-1] == id) {
			continue
		}
		// The use is built in place: uses has room for every id (Get
		// and make above), and a use not kept is cut off again.
		uses = uses[:len(uses)+1]
		u := &uses[len(uses)-1]
		*u = GlobalUse{ID: id}
		name := id.Name
		slot := 0
		if name != "" {
			slot = (len(name)*7 + int(name[0]) + int(name[len(name)-1])*3) & (len(seen) - 1)
		}
		e := &seen[slot]
		if e.known && e.name == name {
			u.Forbidden = e.forbidden
		} else {
			_, u.Forbidden = redisfacts.SandboxForbidden(name)
			e.name, e.known, e.forbidden, e.evalKnown = name, true, u.Forbidden, false
		}
		if eval != nil {
			if !e.evalKnown {
				e.inEval, e.evalKnown = eval.Has(name), true
			}
			u.InEval, u.EvalKnown = e.inEval, true
		}
		var parent, grand luaast.Node
		// refs and ids are both in source order: the reference's entry,
		// if any, is the first at or after its offset (nearly always the
		// first one left).
		if len(refs) == 0 || refs[0].ID != id {
			for len(refs) > 0 && refs[0].ID.NamePos < id.NamePos {
				refs = refs[1:]
			}
		}
		if len(refs) > 0 && refs[0].ID == id {
			parent, grand = refs[0].Parent, refs[0].Grand
			refs = refs[1:]
		} else {
			found := in.Ancestors(id, func(a luaast.Node) bool {
				if parent == nil {
					parent = a
					return true
				}
				grand = a
				return false
			})
			if !found {
				*u = GlobalUse{} // nothing of the tree left behind
				uses = uses[:len(uses)-1]
				continue // in a statement a syntax error cut off: not in the tree
			}
		}
		u.classify(parent, grand)
	}
	return uses
}

// classify fills in what the use's parent and grandparent say about it:
// whether it writes the global, reads or writes one of its members, calls
// it, or tests for a feature.
func (u *GlobalUse) classify(parent, grand luaast.Node) {
	switch p := parent.(type) {
	case *luaast.AssignStmt:
		if containsExpr(p.Targets, u.ID) {
			u.Write, u.Stmt = true, p
		}
	case *luaast.FuncName:
		if p.Root == u.ID {
			fs, _ := grand.(*luaast.FunctionStmt)
			switch {
			case len(p.Fields) == 0 && p.Method == nil:
				u.Write, u.Stmt = true, fs
			case len(p.Fields) > 0:
				u.MemberNode = p
				u.MemberWrite, u.Stmt = len(p.Fields) == 1 && p.Method == nil, fs
			default:
				u.MemberNode = p
				u.MemberWrite, u.Stmt = true, fs
			}
		}
	case *luaast.FieldExpr:
		if p.X == u.ID {
			u.MemberNode = p
			if c, ok := grand.(*luaast.CallExpr); ok && c.Fn == p {
				u.Called = true
			}
			u.FeatureTest = isFeatureTest(p, grand)
			if as, ok := grand.(*luaast.AssignStmt); ok && containsExpr(as.Targets, p) {
				u.MemberWrite, u.Stmt = true, as
			}
		}
	case *luaast.IndexExpr:
		if _, ok := p.Key.(*luaast.StringLit); ok && p.X == u.ID {
			u.MemberNode = p
			if c, ok := grand.(*luaast.CallExpr); ok && c.Fn == p {
				u.Called = true
			}
			u.FeatureTest = isFeatureTest(p, grand)
		}
		if as, ok := grand.(*luaast.AssignStmt); ok && p.X == u.ID && containsExpr(as.Targets, p) {
			// A computed key (_G[k] = v) has no member name but is a
			// write all the same: report it on the index expression.
			u.MemberWrite, u.Stmt, u.MemberNode = true, as, p
		}
	}
}

// Where returns the node that decides the use's context: the statement of
// a `function name()` definition (its name is written after the keyword
// but runs where the statement does), else the identifier.
func (u *GlobalUse) Where() luaast.Node {
	if fs, ok := u.Stmt.(*luaast.FunctionStmt); ok {
		return fs
	}
	return u.ID
}

// isFeatureTest reports whether e, a field read whose parent node is
// parent, only tests whether the field exists.
func isFeatureTest(e luaast.Expr, parent luaast.Node) bool {
	switch p := parent.(type) {
	case *luaast.BinaryExpr:
		switch p.Op {
		case luaast.OpOr:
			return p.X == e
		case luaast.OpAnd, luaast.OpEq, luaast.OpNe:
			return true
		}
	case *luaast.UnaryExpr:
		return p.Op == luaast.OpNot
	case *luaast.IfClause:
		return p.Cond == e
	case *luaast.WhileStmt:
		return p.Cond == e
	case *luaast.RepeatStmt:
		return p.Cond == e
	case *luaast.ParenExpr:
		return false
	}
	return false
}

func containsExpr(list []luaast.Expr, e luaast.Expr) bool {
	for _, x := range list {
		if x == e {
			return true
		}
	}
	return false
}

// collectDeclaredVariables returns every variable declared in the file, in
// source order of its declaration: locals, local functions, parameters and
// loop variables (not the implicit self).
func collectDeclaredVariables(in *luaast.Inspector) []*luaast.Variable {
	return appendDeclaredVariables(nil, in)
}

// appendDeclaredVariables appends the file's declared variables to out.
func appendDeclaredVariables(out []*luaast.Variable, in *luaast.Inspector) []*luaast.Variable {
	const declaring = luaast.KindLocalStmt | luaast.KindLocalFunctionStmt | luaast.KindFunctionExpr |
		luaast.KindNumericForStmt | luaast.KindGenericForStmt
	in.Preorder(declaring, func(n luaast.Node) { out = appendDeclaredBy(out, n) })
	return out
}

// appendDeclaredBy appends the variables node n declares to out (local
// statements and functions, parameters, loop variables).
func appendDeclaredBy(out []*luaast.Variable, n luaast.Node) []*luaast.Variable {
	var ids []*luaast.Ident
	switch n := n.(type) {
	case *luaast.LocalStmt:
		ids = n.Names
	case *luaast.LocalFunctionStmt:
		ids = []*luaast.Ident{n.Name}
	case *luaast.FunctionExpr:
		ids = n.Params
	case *luaast.NumericForStmt:
		ids = []*luaast.Ident{n.Var}
	case *luaast.GenericForStmt:
		ids = n.Names
	}
	for _, id := range ids {
		if id != nil && id.Var != nil && id.Var.Decl == id {
			out = append(out, id.Var)
		}
	}
	return out
}

// GlobalUsesAnalysis lists every reference to a global of the file, with
// what the code does with it. Its result is shared: callers must not
// modify it.
var GlobalUsesAnalysis = &Analysis{
	Name:     "global-uses",
	Doc:      "every reference to a global, with what the code does with it",
	Requires: []*Analysis{InspectAnalysis, ScriptAnalysis},
	Run: func(pass *Pass) any {
		refs := Script(pass).GlobalRefs()
		eval := redisfacts.Globals(pass.Version, redisfacts.EvalScript)
		uses := collectGlobalUsesFrom(pass.File, refs, Inspector(pass), &eval)
		return &uses
	},
}

// GlobalUses is collectGlobalUses for the pass's file, computed once.
func GlobalUses(pass *Pass) []GlobalUse {
	return *ResultAs[*[]GlobalUse](pass, GlobalUsesAnalysis)
}

// DeclaredVariablesAnalysis lists every variable declared in the file.
// Its result is shared: callers must not modify it.
var DeclaredVariablesAnalysis = &Analysis{
	Name:     "declared-variables",
	Doc:      "every variable declared in the file, in source order",
	Requires: []*Analysis{InspectAnalysis},
	Run: func(pass *Pass) any {
		vars := collectDeclaredVariables(Inspector(pass))
		return &vars
	},
}

// DeclaredVariables returns every variable declared in the pass's file,
// in source order (DeclaredVariablesAnalysis).
func DeclaredVariables(pass *Pass) []*luaast.Variable {
	return *ResultAs[*[]*luaast.Variable](pass, DeclaredVariablesAnalysis)
}

// ContextOf returns the sandbox context node n runs in: an EVAL script,
// a Functions library while it loads, or a registered function.
func (s *ScriptInfo) ContextOf(n luaast.Node) redisfacts.Context {
	switch {
	case !s.IsLibrary():
		return redisfacts.EvalScript
	case s.IsLoadTime(n):
		return redisfacts.LibraryLoad
	}
	return redisfacts.FunctionCall
}
