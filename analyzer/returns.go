package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

// Return values of local helpers.
//
// A call of a local helper that never escapes (the criterion of params.go:
// every reference to it is the callee of a direct call in this file) can
// only give what one of the helper's return statements gives. The origin of
// such a call is the union of the origins of the first expression of every
// reachable return in the helper (not in nested functions), plus nil when
// control can fall off the end of its body or a return has no value.
//
// Context: the helper's parameters take the params.go union of the
// arguments of all its calls (context-insensitive), not this call's
// arguments: the result is memoized once per helper, so the cost of a file
// stays linear in its size. A helper called with KEYS[1] at one site and
// ARGV[1] at another therefore gives both origins at both sites.
//
// Recursion: a call inside the helper's own body, or a call reached again
// while the helper's result is being computed (mutual recursion), is
// unknown. Depth is bounded by expr's depth limit.

// retState is the memoized result origin of a helper.
type retState struct {
	origin     Origin
	inProgress bool
}

// returnHelper returns the function a call runs when its callee is a local
// helper that never escapes, with the helper's local; nil otherwise.
func (o *OriginInfo) returnHelper(x *luaast.CallExpr) (*luaast.FunctionExpr, *luaast.Variable) {
	id, ok := luaast.Unparen(x.Fn).(*luaast.Ident)
	if !ok || id.Var == nil {
		return nil, nil
	}
	if o.retFuncs == nil {
		o.retFuncs = o.sc.retFuncs.get(8)
		for _, fn := range o.script.idx.funcs[1:] {
			v := o.helperVar(fn)
			if v == nil || o.script.callbackOf[fn] != nil {
				continue
			}
			if calls, escapes := o.directCalls(v); escapes || len(calls) == 0 {
				continue
			}
			o.retFuncs[v] = fn
		}
	}
	fn := o.retFuncs[id.Var]
	if fn == nil {
		return nil, nil
	}
	return fn, id.Var
}

// directCalls returns the calls whose callee is a reference to v, and
// whether some other reference lets v escape (passed, stored, returned).
func (o *OriginInfo) directCalls(v *luaast.Variable) (calls []*luaast.CallExpr, escapes bool) {
	if o.callOf == nil {
		ix := o.script.idx
		o.callOf = o.sc.callOf.get(8)
		for j := range ix.calls {
			if c, ok := ix.calls[j].call.(*luaast.CallExpr); ok {
				if id, ok := c.Fn.(*luaast.Ident); ok && id.Var != nil {
					o.callOf[id] = c
				}
			}
		}
	}
	for _, ref := range v.Refs {
		if ref == v.Decl || isWrite(v, ref) {
			continue
		}
		c := o.callOf[ref]
		if c == nil {
			return nil, true
		}
		calls = append(calls, c)
	}
	return calls, false
}

// HelperReturns returns, for a call of a local helper that never escapes
// (see returns.go), the helper's name and the first expression of each of
// its return statements, in source order, and true; false for any other
// call and for a recursive call inside the helper's own body. A return
// without a value is left out.
func (o *OriginInfo) HelperReturns(x *luaast.CallExpr) (name string, returns []luaast.Expr, ok bool) {
	fn, v := o.returnHelper(x)
	if fn == nil || (x.Pos() >= fn.Pos() && x.End() <= fn.End()) {
		return "", nil, false
	}
	for _, r := range o.helperReturnStmts(fn) {
		if len(r.Exprs) > 0 {
			returns = append(returns, r.Exprs[0])
		}
	}
	return v.Name, returns, true
}

// helperResult is the origin of a call of a non-escaping local helper, and
// whether x is one.
//
// use is expr's flag: false inside the flow-insensitive fixpoint of
// solveVars, whose rounds must re-evaluate the helper with the current
// approximation (retsFlat), and must not fill the per-use memo.
func (o *OriginInfo) helperResult(x *luaast.CallExpr, depth int, use bool) (Origin, bool) {
	fn, _ := o.returnHelper(x)
	if fn == nil {
		return Origin{}, false
	}
	if o.solving {
		// The flow-insensitive result is recomputed every round of
		// solveVars: a local whose def calls a helper is not final. (Any
		// other call of a local or a field gives OriginUnknown, which
		// cannot change.)
		o.solveDirty = true
	}
	if x.Pos() >= fn.Pos() && x.End() <= fn.End() {
		return kindOrigin(OriginUnknown), true // recursion
	}
	memo := &o.rets
	if !use {
		memo = &o.retsFlat
	}
	if r, ok := (*memo)[fn]; ok {
		if r.inProgress {
			return kindOrigin(OriginUnknown), true // mutual recursion
		}
		return r.origin, true
	}
	if *memo == nil {
		if use {
			*memo = o.sc.rets.get(8)
		} else {
			*memo = o.sc.retsFlat.get(8)
		}
	}
	(*memo)[fn] = retState{inProgress: true}
	var r Origin
	for _, st := range o.helperReturnStmts(fn) {
		if !o.flow.Reachable(st) {
			continue
		}
		if len(st.Exprs) == 0 {
			r = r.join(kindOrigin(OriginNil))
			continue
		}
		r = r.join(o.expr(st.Exprs[0], depth, use))
	}
	if o.flow.fallsOffEnd(fn) || r.Kinds == 0 {
		r = r.join(kindOrigin(OriginNil))
	}
	(*memo)[fn] = retState{origin: r}
	return r, true
}

// helperReturnStmts returns the return statements of fn's own body (not
// those of nested functions), in source order. They are memoized: rules
// ask for them at every call of a helper (HelperReturns), which would
// otherwise walk the helper's body once per call. The list is shared.
func (o *OriginInfo) helperReturnStmts(fn *luaast.FunctionExpr) []*luaast.ReturnStmt {
	if l, ok := o.retStmts[fn]; ok {
		return l
	}
	if o.retStmts == nil {
		o.retStmts = o.sc.retStmts.get(8)
	}
	l := returnStmts(fn)
	o.retStmts[fn] = l
	return l
}

// returnStmts returns the return statements of fn's own body (not those
// of nested functions), in source order.
func returnStmts(fn *luaast.FunctionExpr) []*luaast.ReturnStmt {
	var out []*luaast.ReturnStmt
	if fn.Body == nil {
		return nil
	}
	luaast.Inspect(fn.Body, func(n luaast.Node) bool {
		switch n := n.(type) {
		case *luaast.FunctionExpr:
			return false
		case *luaast.ReturnStmt:
			out = append(out, n)
		}
		return true
	})
	return out
}

// fallsOffEnd reports whether control can reach the end of fn's body
// without a return statement or a raise (the call then gives no value).
// It is memoized per function: the flow-insensitive helper results are
// recomputed in every round of the origin fixpoints.
func (f *FlowInfo) fallsOffEnd(fn *luaast.FunctionExpr) bool {
	i := f.script.idx.funcIndex(fn)
	if i < 0 {
		return true
	}
	if f.fallsOff == nil {
		f.fallsOff = make([]int8, len(f.graphs))
	}
	if f.fallsOff[i] == 0 {
		f.fallsOff[i] = -1
		if f.graphs[i].fallsOffEnd() {
			f.fallsOff[i] = 1
		}
	}
	return f.fallsOff[i] > 0
}

// fallsOffEnd is FlowInfo.fallsOffEnd for the function of g.
func (g *funcGraph) fallsOffEnd() bool {
	for n := range g.nodes {
		if !g.reach[n] {
			continue
		}
		for _, s := range g.succs(int32(n)) {
			if s != exitNode {
				continue
			}
			nd := g.nodes[n]
			if _, ret := nd.stmt.(*luaast.ReturnStmt); !ret && !nd.raise {
				return true
			}
		}
	}
	return false
}
