package analyzer

import (
	"slices"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// isScanCommand reports whether name (upper case) is a cursor-based
// iteration command. A switch, not a map: it is asked for every command
// call of every file.
func isScanCommand(name string) bool {
	switch name {
	case "SCAN", "SSCAN", "HSCAN", "ZSCAN":
		return true
	}
	return false
}

// LoopBody returns the body of a loop statement, or nil.
func LoopBody(s luaast.Stmt) *luaast.Block {
	switch s := s.(type) {
	case *luaast.WhileStmt:
		return s.Body
	case *luaast.RepeatStmt:
		return s.Body
	case *luaast.NumericForStmt:
		return s.Body
	case *luaast.GenericForStmt:
		return s.Body
	}
	return nil
}

// LoopExit is one way out of a while/repeat loop other than an error: its
// condition, or a break or return with the condition of the innermost if
// clause guarding it (nil when unguarded or not known).
type LoopExit struct {
	Cond luaast.Expr
}

// LoopExits returns the exits of a while or repeat loop: a condition that
// is not a literal, and every break of the loop and return inside it.
// error(...) and assert(...) are failures, not exits, and are not listed.
func LoopExits(s luaast.Stmt) []LoopExit {
	var exits []LoopExit
	switch s := s.(type) {
	case *luaast.WhileStmt:
		if !isLiteralCond(s.Cond) {
			exits = append(exits, LoopExit{Cond: s.Cond})
		}
	case *luaast.RepeatStmt:
		if !isLiteralCond(s.Cond) {
			exits = append(exits, LoopExit{Cond: s.Cond})
		}
	}
	var visit func(b *luaast.Block, guard luaast.Expr, nested bool)
	visit = func(b *luaast.Block, guard luaast.Expr, nested bool) {
		if b == nil {
			return
		}
		for _, st := range b.Stmts {
			switch st := st.(type) {
			case *luaast.BreakStmt:
				if !nested {
					exits = append(exits, LoopExit{Cond: guard})
				}
			case *luaast.ReturnStmt:
				exits = append(exits, LoopExit{Cond: guard})
			case *luaast.IfStmt:
				for _, c := range st.Clauses {
					visit(c.Body, c.Cond, nested)
				}
				var g luaast.Expr
				if len(st.Clauses) == 1 {
					g = st.Clauses[0].Cond
				}
				visit(st.Else, g, nested)
			case *luaast.DoStmt:
				visit(st.Body, guard, nested)
			case *luaast.WhileStmt, *luaast.RepeatStmt, *luaast.NumericForStmt, *luaast.GenericForStmt:
				visit(LoopBody(st), guard, true)
			}
		}
	}
	visit(LoopBody(s), nil, false)
	return exits
}

// isLiteralCond reports whether a condition is a literal (true, false,
// nil, a number or a string), whose truth never changes.
func isLiteralCond(e luaast.Expr) bool {
	switch luaast.Unparen(e).(type) {
	case *luaast.TrueLit, *luaast.FalseLit, *luaast.NilLit, *luaast.NumberLit, *luaast.StringLit:
		return true
	}
	return false
}

// isCursorTest reports whether a condition compares a value with the
// cursor "0" (cursor == "0", tonumber(c) ~= 0, not (c == '0')), also
// combined by and/or with a condition that is no budget: a boolean flag
// (while first or c ~= '0': the do-while idiom) or a data-dependent early
// exit (until found or c == '0': a search that walks the whole collection
// when nothing matches). Neither bounds the rounds.
func isCursorTest(e luaast.Expr, flags *condCtx) bool {
	e = luaast.Unparen(e)
	if u, ok := e.(*luaast.UnaryExpr); ok && u.Op == luaast.OpNot {
		return isCursorTest(u.X, flags)
	}
	b, ok := e.(*luaast.BinaryExpr)
	if ok && (b.Op == luaast.OpAnd || b.Op == luaast.OpOr) {
		return isCursorTest(b.X, flags) && !isBudget(b.Y, flags) || !isBudget(b.X, flags) && isCursorTest(b.Y, flags)
	}
	if !ok || b.Op != luaast.OpEq && b.Op != luaast.OpNe {
		return false
	}
	return isZeroLiteral(b.X) || isZeroLiteral(b.Y)
}

// condCtx holds what judging a loop condition needs: the file's boolean
// flags (boolFlags) and the values its locals are assigned.
type condCtx struct {
	flags map[*luaast.Variable]bool
	vals  *AssignedValueMap
}

// isBudget reports whether a loop exit condition may bound the number of
// rounds: it counts or measures (an ordering comparison such as
// rounds >= 10, arithmetic, a length, an equality of a non-call with a
// number other than 0 such as n == 100, os.clock, the TIME command), also
// through the values of the locals it reads. A boolean flag, a truth test
// of a value the loop found, or an equality with a value (member ==
// target, redis.call('SISMEMBER', k, m) == 1) is no budget: when nothing
// matches, the loop runs to the end.
func isBudget(e luaast.Expr, ctx *condCtx) bool {
	return ctx.budget(e, 0, map[*luaast.Variable]bool{})
}

func (ctx *condCtx) budget(e luaast.Expr, depth int, seen map[*luaast.Variable]bool) bool {
	if depth > 8 {
		return true
	}
	switch x := luaast.Unparen(e).(type) {
	case nil:
		return false
	case *luaast.Ident:
		if x.Var == nil {
			return false
		}
		if ctx.flags[x.Var] || seen[x.Var] {
			return false
		}
		seen[x.Var] = true
		if x.Var.Kind != luaast.VarLocal {
			return true // a parameter or loop variable: unknown
		}
		values := ctx.vals.Of(x.Var)
		if values == nil {
			return true // assigned a value not written out
		}
		for _, v := range values {
			if ctx.budget(v, depth+1, seen) {
				return true
			}
		}
		return false
	case *luaast.UnaryExpr:
		if x.Op == luaast.OpNot {
			return ctx.budget(x.X, depth+1, seen)
		}
		return true // # and unary minus count
	case *luaast.BinaryExpr:
		switch x.Op {
		case luaast.OpAnd, luaast.OpOr:
			return ctx.budget(x.X, depth+1, seen) || ctx.budget(x.Y, depth+1, seen)
		case luaast.OpEq, luaast.OpNe:
			if isNonZeroNumber(x.X) && !luaast.IsCall(x.Y) || isNonZeroNumber(x.Y) && !luaast.IsCall(x.X) {
				return true
			}
			return ctx.budget(x.X, depth+1, seen) || ctx.budget(x.Y, depth+1, seen)
		case luaast.OpConcat:
			return false
		}
		return true // ordering and arithmetic
	case *luaast.CallExpr:
		// A clock is a time budget; other calls (a lookup, a match) test
		// what the loop found.
		if f, ok := x.Fn.(*luaast.FieldExpr); ok {
			if r, ok := f.X.(*luaast.Ident); ok && r.Var == nil && r.Name == "os" && f.Name.Name == "clock" {
				return true
			}
		}
		for _, a := range x.Args {
			if s, ok := luaast.Unparen(a).(*luaast.StringLit); ok && strings.EqualFold(s.Value, "TIME") {
				return true
			}
		}
		return false
	}
	return false
}

func isNonZeroNumber(e luaast.Expr) bool {
	n, ok := luaast.Unparen(e).(*luaast.NumberLit)
	return ok && n.Value != 0
}

// boolFlags returns the locals of the file whose every assignment
// (declaration included) is a true or false literal.
func boolFlags(in *luaast.Inspector) map[*luaast.Variable]bool {
	flags := map[*luaast.Variable]bool{}
	set := func(v *luaast.Variable, val luaast.Expr) {
		if v == nil {
			return
		}
		isBool := false
		switch luaast.Unparen(val).(type) {
		case *luaast.TrueLit, *luaast.FalseLit:
			isBool = true
		}
		if prev, seen := flags[v]; !seen || prev {
			flags[v] = isBool
		}
	}
	in.Preorder(luaast.KindLocalStmt|luaast.KindAssignStmt, func(n luaast.Node) {
		switch s := n.(type) {
		case *luaast.LocalStmt:
			for i, name := range s.Names {
				var val luaast.Expr
				if i < len(s.Exprs) {
					val = s.Exprs[i]
				}
				set(name.Var, val)
			}
		case *luaast.AssignStmt:
			for i, t := range s.Targets {
				id, ok := t.(*luaast.Ident)
				if !ok {
					continue
				}
				var val luaast.Expr
				if i < len(s.Exprs) {
					val = s.Exprs[i]
				}
				set(id.Var, val)
			}
		}
	})
	return flags
}

func isZeroLiteral(e luaast.Expr) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.StringLit:
		return x.Value == "0"
	case *luaast.NumberLit:
		return x.Value == 0
	}
	return false
}

// CursorLoop is a while/repeat loop that runs a SCAN-family command and
// whose only exits test the cursor against "0".
type CursorLoop struct {
	Loop  luaast.Stmt
	Scans []*RedisCall // the SCAN-family calls whose innermost loop it is
}

// CursorLoopsAnalysis finds the file's cursor loops: while/repeat loops
// that run a SCAN-family command until the cursor is "0".
var CursorLoopsAnalysis = &Analysis{
	Name:     "cursor-loops",
	Doc:      "the loops that run a SCAN-family command until its cursor is 0",
	Requires: []*Analysis{InspectAnalysis, CallsAnalysis},
	Run: func(pass *Pass) any {
		loops := findCursorLoops(Inspector(pass), Calls(pass))
		return &loops
	},
}

// CursorLoops returns the file's cursor loops in source order
// (CursorLoopsAnalysis).
func CursorLoops(pass *Pass) []CursorLoop {
	return *ResultAs[*[]CursorLoop](pass, CursorLoopsAnalysis)
}

// findCursorLoops returns the file's cursor loops in source order.
func findCursorLoops(in *luaast.Inspector, calls *CallInfo) []CursorLoop {
	isScan := func(rc *RedisCall) bool { return rc != nil && rc.NameKnown && isScanCommand(rc.Name) }
	// Most files run no SCAN: then there is nothing to walk.
	if !slices.ContainsFunc(calls.List, isScan) {
		return nil
	}
	var order []luaast.Stmt
	scans := map[luaast.Stmt][]*RedisCall{}
	in.WithStack(luaast.KindCallExpr, func(n luaast.Node, push bool, stack []luaast.Node) bool {
		call, ok := n.(*luaast.CallExpr)
		if !ok || !push {
			return true
		}
		rc := calls.Of(call)
		if !isScan(rc) {
			return true
		}
		for i := len(stack) - 2; i >= 0; i-- {
			switch l := stack[i].(type) {
			case *luaast.FunctionExpr, *luaast.NumericForStmt, *luaast.GenericForStmt:
				return true
			case *luaast.WhileStmt, *luaast.RepeatStmt:
				st, ok := l.(luaast.Stmt) // always: both are statements
				if !ok {
					return true
				}
				if scans[st] == nil {
					order = append(order, st)
				}
				scans[st] = append(scans[st], rc)
				return true
			}
		}
		return true
	})
	var out []CursorLoop
	var flags *condCtx
	if len(order) > 0 {
		flags = &condCtx{flags: boolFlags(in), vals: buildAssignedValues(in)}
	}
	for _, l := range order {
		exits := LoopExits(l)
		if len(exits) == 0 {
			continue // never ends: reported as such
		}
		// Every exit tests the cursor, or is an early exit that bounds
		// nothing (if found then break end): when nothing matches, the
		// loop still runs until the cursor is "0".
		onlyCursor, anyCursor := true, false
		for _, e := range exits {
			if e.Cond != nil && isCursorTest(e.Cond, flags) {
				anyCursor = true
				continue
			}
			if e.Cond == nil || isBudget(e.Cond, flags) {
				onlyCursor = false
				break
			}
		}
		if onlyCursor && anyCursor {
			out = append(out, CursorLoop{Loop: l, Scans: scans[l]})
		}
	}
	return out
}
