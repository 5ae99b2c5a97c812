package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

// Parameter origins from call sites.
//
// A parameter of a local helper is not unknown when the file shows every
// value it can receive: when the helper (local function f, or local f =
// function ... bound once, or the forward-declared "local f; f = function"
// idiom) never escapes (every reference to it is the callee of a direct
// call in this file: it is not passed as a value, stored in a table,
// returned or registered), parameter i can only hold what argument i holds
// at one of those calls. Its origin is then the union of those arguments'
// origins (a missing argument is nil; a position covered by a multi-value
// last argument, such as f(...) or f(g()), is unknown). Arguments may
// themselves be parameters (helpers calling helpers, recursion), so the
// origins are computed as a fixpoint: each round re-evaluates every call
// site with the previous round's parameter origins, from scratch (the
// memoized local origins depend on them). Origin sets are finite and the
// evaluation is monotone, so rounds stop changing quickly; a file that has
// not converged after maxParamRounds keeps its parameters unknown.

// maxParamRounds bounds the parameter fixpoint. Each round adds at least
// one kind to some parameter, and a chain of helpers passing a value on
// needs one round per link: real scripts converge in two to four.
const maxParamRounds = 12

// Parameter solving states of OriginInfo.paramState.
const (
	paramsUnsolved uint8 = iota
	paramsSolving
	paramsSolved
)

// paramSite is a helper whose parameters get their origins from its calls.
type paramSite struct {
	fn    *luaast.FunctionExpr
	calls []*luaast.CallExpr
}

// ensureParams computes the parameter origins once, before the first
// query: every memoized origin may depend on them.
func (o *OriginInfo) ensureParams() {
	if o.paramState != paramsUnsolved {
		return
	}
	o.paramState = paramsSolving
	o.solveParams()
	o.paramState = paramsSolved
}

// ParamArgs returns, for a parameter of a local helper whose every use is
// a direct call in this file (see params.go), the expression passed for it
// at each call, in source order, and true. It returns false for any other
// variable, and when some call leaves the argument out or covers it with a
// multi-value last argument (f(...), f(g())): then no expression stands
// for the value.
func (o *OriginInfo) ParamArgs(v *luaast.Variable) ([]luaast.Expr, bool) {
	o.ensureParams()
	if v == nil || v.Kind != luaast.VarParam {
		return nil, false
	}
	calls, ok := o.paramCalls[v.Func]
	if !ok || o.params == nil {
		return nil, false
	}
	if _, solved := o.params[v]; !solved {
		return nil, false
	}
	pos := -1
	for i, p := range v.Func.Params {
		if p.Var == v {
			pos = i
		}
	}
	if pos < 0 {
		return nil, false
	}
	out := make([]luaast.Expr, 0, len(calls))
	for _, c := range calls {
		if pos >= len(c.Args) {
			return nil, false
		}
		out = append(out, c.Args[pos])
	}
	return out, true
}

// paramOrigin returns the origin of parameter v on entry to its function,
// and whether v is a parameter of a non-escaping helper.
func (o *OriginInfo) paramOrigin(v *luaast.Variable) (Origin, bool) {
	r, ok := o.params[v]
	return r, ok
}

// solveParams fills o.params for the parameters of every non-escaping,
// called helper (see the comment at the top of this file).
func (o *OriginInfo) solveParams() {
	sites := o.paramSites()
	if len(sites) == 0 {
		return
	}
	// The maps are the worker's: a round's result goes to the map that
	// is not its input (see originsScratch).
	rounds := &o.sc.paramRounds
	cur := rounds[0].get(len(sites))
	o.paramCalls = o.sc.paramCalls.get(len(sites))
	for _, s := range sites {
		o.paramCalls[s.fn] = s.calls
		for _, p := range s.fn.Params {
			if p.Var != nil {
				cur[p.Var] = Origin{}
			}
		}
	}
	o.params = cur
	for round := range maxParamRounds {
		o.resetMemo()
		next := rounds[(round+1)%2].get(len(cur))
		for _, s := range sites {
			for i, p := range s.fn.Params {
				if p.Var == nil {
					continue
				}
				var r Origin
				for _, c := range s.calls {
					r = r.join(o.argValue(c.Args, i))
				}
				next[p.Var] = r
			}
		}
		changed := false
		for v, r := range next {
			if !cur[v].equal(r) {
				changed = true
				break
			}
		}
		if !changed {
			// The memos of this round were computed with cur == next:
			// they stay valid. A parameter no reachable call gives a
			// value stays unknown.
			for v, r := range next {
				if r.Kinds == 0 {
					next[v] = kindOrigin(OriginParam)
				}
			}
			o.params = next
			if anyZero(cur) {
				o.resetMemo()
			}
			return
		}
		cur = next
		o.params = cur
	}
	// Not converged: give up on these parameters (unknown, silent).
	o.params = nil
	o.resetMemo()
}

func anyZero(m map[*luaast.Variable]Origin) bool {
	for _, r := range m {
		if r.Kinds == 0 {
			return true
		}
	}
	return false
}

// resetMemo forgets the memoized local origins (they depend on the
// parameter origins being solved).
func (o *OriginInfo) resetMemo() {
	o.vars, o.varFlags = nil, nil
	o.varsDone = false
	// Emptied rather than dropped: the maps are made again at once, and
	// may be the worker's (see originsScratch).
	clear(o.uses)
	clear(o.identUses)
	o.useVals = o.useVals[:0]
	clear(o.rets)
	clear(o.retsFlat)
}

// argValue is the origin of argument i of a call as Lua adjusts the list:
// a missing argument is nil, a position covered by a multi-value last
// argument is unknown.
func (o *OriginInfo) argValue(args []luaast.Expr, i int) Origin {
	n := len(args)
	switch {
	case i < n:
		return o.expr(args[i], 0, true)
	case n > 0 && o.script.idx.mayExpand(args[n-1]):
		return kindOrigin(OriginUnknown)
	}
	return kindOrigin(OriginNil)
}

// paramSites returns the helpers whose every reference is the callee of a
// direct call, with those calls; helpers that are registered as callbacks,
// escape, or are never called are left out.
func (o *OriginInfo) paramSites() []paramSite {
	ix := o.script.idx
	var sites []paramSite
	for _, fn := range ix.funcs[1:] {
		if len(fn.Params) == 0 || o.script.callbackOf[fn] != nil {
			continue
		}
		v := o.helperVar(fn)
		if v == nil {
			continue
		}
		if o.script.Fragment && o.script.idx.defsOf(v)[0].inFn == 0 {
			// A top-level helper of a fragment is an export: the script
			// that includes the file calls it with values not seen here.
			continue
		}
		calls, escapes := o.directCalls(v)
		if escapes || len(calls) == 0 {
			continue
		}
		sites = append(sites, paramSite{fn: fn, calls: calls})
	}
	return sites
}

// helperVar returns the local that fn is the only value of: "local
// function f", "local f = function", or a forward-declared local assigned
// fn once; nil otherwise.
func (o *OriginInfo) helperVar(fn *luaast.FunctionExpr) *luaast.Variable {
	if o.helperVars == nil {
		ix := o.script.idx
		o.helperVars = o.sc.helperVars.get(8)
		for id, v := range ix.defVars {
			ds := ix.defs[id]
			if (v.Kind != luaast.VarLocal && v.Kind != luaast.VarLocalFunc) || len(ds) == 0 {
				continue
			}
			// boundOnce needs one def and forwardFunc two: asking only
			// the one that can answer saves their lookups of v's defs,
			// for every local of the file.
			var f *luaast.FunctionExpr
			switch len(ds) {
			case 1:
				f, _ = ix.boundOnce(v).(*luaast.FunctionExpr)
			case 2:
				f = ix.forwardFunc(v)
			}
			if f != nil {
				if _, dup := o.helperVars[f]; dup {
					// One literal bound to two locals: either may be
					// called, so neither's calls cover it.
					o.helperVars[f] = nil
					continue
				}
				o.helperVars[f] = v
			}
		}
	}
	return o.helperVars[fn]
}
