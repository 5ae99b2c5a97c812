package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

// ValueDefKind says what value a ValueDef gives a local.
type ValueDefKind int

// Kinds of value definitions.
const (
	// DefValue gives the (first) value of ValueDef.Expr.
	DefValue ValueDefKind = iota
	// DefNil gives nil: "local x" without a value, or a name past the end
	// of the value list ("local a, b = 1") when the list does not expand.
	DefNil
	// DefExtra gives a later value (the second, third...) of the
	// multi-value expression ValueDef.Expr ("local ok, err = pcall(f)").
	DefExtra
	// DefLoop is a for loop variable.
	DefLoop
	// DefFunc gives a function: ValueDef.Func.
	DefFunc
)

// ValueDef is one place a local variable receives a value.
type ValueDef struct {
	Kind ValueDefKind
	// Stmt is the statement giving the value: a local or assignment
	// statement, a for loop, or a (local) function statement.
	Stmt luaast.Stmt
	// Decl is true for the statement declaring the local.
	Decl bool
	// Expr is the expression the value comes from (DefValue, DefExtra).
	Expr luaast.Expr
	// Func is the function value (DefFunc).
	Func *luaast.FunctionExpr
}

// ReachingDefs returns the definitions of the local that id reads which
// can reach that read through its function's control flow, in source
// order, and whether the read may also see the value the local had on
// entry to the function (a parameter's argument, or an upvalue's value).
// When the flow cannot be followed (the local is assigned in another
// function than the one reading it, or the read is outside any known
// statement), every definition is returned and entry is true. A global
// (id.Var == nil) has none, with entry true. The list, like the analysis,
// is valid while the file is linted.
func (o *OriginInfo) ReachingDefs(id *luaast.Ident) (defs []ValueDef, entry bool) {
	v := id.Var
	if v == nil {
		return nil, true
	}
	ix := o.script.idx
	ds := ix.defsOf(v)
	// The lists are cut from the worker's memory (as the analyses'
	// results, they are valid while the file is linted; appending to one
	// copies it).
	sc := o.sc
	all := func() ([]ValueDef, bool) {
		out := sc.valueDefs.alloc(len(ds))
		for i := range ds {
			out[i] = ix.valueDef(&ds[i])
		}
		return out, true
	}
	if len(ds) == 0 {
		return nil, true
	}
	fi := ix.enclosing(id.Pos())
	st, si := ix.stmtAtPos(fi, id.Pos())
	if st == nil {
		return all()
	}
	ref, ok := o.flow.refAt(si, st)
	if !ok {
		return all()
	}
	defNodes := sc.defNodes.alloc(len(ds))
	for i := range ds {
		if int(ds[i].inFn) != fi {
			return all()
		}
		dr, ok := o.flow.refOf(ds[i].stmt)
		if !ok {
			return all()
		}
		defNodes[i] = dr.node
	}
	reached := sc.reached.alloc(len(ds))
	atEntry := o.flow.reachingDefs(ref.fn, ref.node, defNodes, reached)
	n := 0
	for _, r := range reached {
		if r {
			n++
		}
	}
	if n == 0 {
		return nil, atEntry
	}
	defs = sc.valueDefs.alloc(n)[:0]
	for i := range ds {
		if reached[i] {
			defs = append(defs, ix.valueDef(&ds[i]))
		}
	}
	return defs, atEntry
}

// valueDef describes a def for ReachingDefs.
func (ix *index) valueDef(d *def) ValueDef {
	vd := ValueDef{Stmt: d.stmt, Decl: d.decl}
	switch d.kind {
	case defLocalFunc:
		vd.Kind, vd.Func = DefFunc, d.fn()
	case defForNum, defForIn:
		vd.Kind = DefLoop
	default:
		exprs := d.exprs()
		n := len(exprs)
		switch {
		case int(d.i) < n:
			vd.Kind, vd.Expr = DefValue, exprs[d.i]
		case n > 0 && ix.mayExpand(exprs[n-1]):
			vd.Kind, vd.Expr = DefExtra, exprs[n-1]
		default:
			vd.Kind = DefNil
		}
	}
	return vd
}
