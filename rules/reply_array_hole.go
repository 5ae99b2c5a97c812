package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var replyArrayHoleRule = &analyzer.Rule{
	ID:       "reply-array-hole",
	Severity: analyzer.SeverityInfo, // see the last sentence of the Rationale
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis, analyzer.OriginsAnalysis, analyzer.ReplyReturnsAnalysis},
	Doc: analyzer.Doc{
		Title: "a returned array with an element that can be nil: the reply stops there",
		Rationale: "Redis converts a returned Lua table to an array reply by reading t[1], t[2], ... up to the " +
			"first nil, so everything after a nil element is silently dropped: return {1, nil, 3} replies a " +
			"one-element array (verified on Redis 7.0), and a client that reads the third element gets nothing " +
			"or an error. The rule reports, in a table constructor the script returns, a positional element " +
			"that can be nil: a literal nil followed by other elements, tonumber(x) of a value that may not be a number (unless the script " +
			"tested it before), string.match or string.find (nil when the pattern does not match), or a local " +
			"that is nil on some path to the return (declared without a value, assigned nil, or assigned one " +
			"of those); after redis.setresp(3), also the reply of a command " +
			"that answers null for a missing value (GET, HGET, LINDEX, LPOP, ZSCORE...), which RESP3 turns into " +
			"nil. Use false for a missing value: it is sent as a null and keeps the positions. Not reported: " +
			"literal nils at the end of the constructor (return {nil} is the deliberate way to return an empty " +
			"array, sent as [], verified; {a, nil} is sent as [a]), a local bound once that a redis.call earlier " +
			"in the same block received as an argument (redis.call raises on a nil argument, so the value is " +
			"not nil after it: EXPIRE key window then ttl = window), " +
			"replies of redis.call in RESP2 (a missing value arrives as false), table fields (t.x), values of " +
			"unknown origin, and values protected on every path to the return: a test whose branch leaves or " +
			"assigns the value (if not x then return ... end, if not x then x = 0 end), a return inside the " +
			"tested branch, x or default, assert(x), or a use that raises on nil (x > 10, " +
			"redis.call('EXPIRE', k, x), not redis.pcall, which returns the error) before the return or in any field of " +
			"the returned constructor ({limit - used, limit}: Lua evaluates every field before building the table, so " +
			"the script fails instead of replying; not in the right operand of and/or, which may not run). A test that only sometimes runs (inside a loop that may not run) or " +
			"leads nowhere does not protect the value. Nor is a local reported whose nil can reach the return only " +
			"through branches that set a flag sending them elsewhere (local ok, wait; if c then ok = true else " +
			"ok = false wait = 5 end; if ok then return {1, 0} end; return {0, wait}: each arm of the if that " +
			"leaves the local unset assigns the flag, at its top level, a constant of the truth value the later " +
			"test of the flag rules out before the return, and nothing else writes either between them). " +
			"The rule reports at info by default: on 398 real scripts from 55 projects none of its findings was a " +
			"reply that lost elements in practice (the value was set on every path that reaches the return, in " +
			"ways the analysis does not follow); raise it to warning to be told of every such element.",
		Bad:       "local ttl = tonumber(ARGV[2])\nreturn {redis.call('GET', KEYS[1]), ttl, 'done'}\n",
		Good:      "local ttl = tonumber(ARGV[2]) or false\nreturn {redis.call('GET', KEYS[1]), ttl, 'done'}\n",
		Tags:      []string{"correctness", "replies"},
		Precision: "high",
		Fixes: "The fixes (nil becomes false, an element that may be nil becomes `x or false`) are not safe: " +
			"they change the reply (the elements after the hole are sent, false arrives as a null), which the " +
			"client must expect; `check --fix` leaves them to you.",
	},
	Run: runReplyArrayHole,
}

func init() { register(replyArrayHoleRule) }

func runReplyArrayHole(pass *analyzer.Pass) {
	// The maps are made on first insert: most files return no table
	// with a value that can be nil.
	h := &holeChecker{pass: pass, info: analyzer.Script(pass), calls: analyzer.Calls(pass), origins: analyzer.Origins(pass)}
	for _, site := range h.calls.Named("redis.setresp", "server.setresp") {
		if len(site.Call.Args) == 1 {
			if n, ok := h.origins.Of(site.Call.Args[0]).ConstNumber(); ok && n == 3 {
				h.resp3 = true
			}
		}
	}
	for _, ret := range analyzer.ReplyReturns(pass) {
		if len(ret.Exprs) == 0 {
			continue
		}
		h.ret = ret
		if t := h.returnedTable(ret.Exprs[0]); t != nil {
			h.table, h.raised = t, nil
			h.checkTable(t, 0)
		}
	}
}

// holeChecker finds elements of returned arrays that can be nil.
type holeChecker struct {
	pass     *analyzer.Pass
	info     *analyzer.ScriptInfo
	calls    *analyzer.CallInfo
	origins  *analyzer.OriginInfo
	visiting map[*luaast.Variable]bool
	ret      *luaast.ReturnStmt
	// resp3 is set when the script switches to RESP3 (redis.setresp(3)):
	// a missing value then arrives as nil, not false.
	resp3 bool
	// tests indexes, per function, where values are tested (testsOf).
	tests map[*luaast.FunctionExpr]*testIndex
	// retChain caches chain() for the return chainRet.
	chainRet *luaast.ReturnStmt
	retChain *retChain
	// table is the returned constructor being checked; its raising uses
	// (raisedIn) are gathered on first need into raised.
	table  *luaast.TableExpr
	raised *raisedSet
}

// raisedSet holds the values a returned table constructor uses in a way
// that raises when they are nil: locals, and other values by source text.
type raisedSet struct {
	vars  map[*luaast.Variable]bool
	texts map[string]bool
}

// returnedTable returns the table constructor e denotes: e itself, or a
// local bound once to one and read only here.
func (h *holeChecker) returnedTable(e luaast.Expr) *luaast.TableExpr {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.TableExpr:
		return x
	case *luaast.Ident:
		if x.Var == nil || len(x.Var.Refs) != 1 {
			return nil
		}
		t, _ := h.info.BoundOnce(x.Var).(*luaast.TableExpr)
		return t
	}
	return nil
}

// checkTable reports the first element of an array reply that can be nil,
// and looks into nested arrays before it.
func (h *holeChecker) checkTable(t *luaast.TableExpr, depth int) {
	if depth > 8 || !analyzer.IsArrayReplyTable(t) {
		return
	}
	var elems []luaast.Expr
	for _, f := range t.Fields {
		if f.Kind == luaast.FieldPositional {
			elems = append(elems, f.Value)
		}
	}
	// Literal nils at the end drop nothing but themselves: {nil} is the
	// deliberate way to return an empty array (sent as [], verified), and
	// {a, nil} is sent as [a].
	for len(elems) > 0 {
		if _, ok := luaast.Unparen(elems[len(elems)-1]).(*luaast.NilLit); !ok {
			break
		}
		elems = elems[:len(elems)-1]
	}
	for i, e := range elems {
		if why, ok := h.mayBeNil(e, 0); ok {
			after := len(elems) - 1 - i
			dropped := "the array ends before it ({1, nil} is sent as [1])"
			if after > 0 {
				dropped = fmt.Sprintf("this element and the %s after it are dropped ({1, nil, 3} is sent as [1])", countNoun(after, "element"))
			}
			h.pass.Report(analyzer.Diagnostic{
				Span: luaast.SpanOf(e),
				Message: fmt.Sprintf("%s: the reply array stops at the first nil, so %s; use false for a missing value (sent as a null)",
					why, dropped),
				Fixes: []analyzer.Fix{falseFix(e)},
			})
			return
		}
		if nested, ok := luaast.Unparen(e).(*luaast.TableExpr); ok {
			h.checkTable(nested, depth+1)
		}
	}
}

// falseFix sends false instead of nil: a literal nil becomes false, any
// other element e becomes "e or false" (an element is a name or a call,
// so no parentheses are needed).
func falseFix(e luaast.Expr) analyzer.Fix {
	if _, ok := luaast.Unparen(e).(*luaast.NilLit); ok {
		return analyzer.Fix{Message: "replace nil with false", Edits: []analyzer.Edit{{Span: luaast.SpanOf(e), NewText: "false"}}} // not safe: the reply changes
	}
	return analyzer.Fix{Message: "send false for a missing value",
		Edits: []analyzer.Edit{{Span: luaast.Span{Start: e.End(), End: e.End()}, NewText: " or false"}}}
}

// mayBeNil reports whether an array element can be nil, and why.
func (h *holeChecker) mayBeNil(e luaast.Expr, depth int) (string, bool) {
	if depth > analyzer.MaxValueDepth {
		return "", false
	}
	e = luaast.Unparen(e)
	switch x := e.(type) {
	case *luaast.NilLit:
		return "nil element", true
	case *luaast.BinaryExpr:
		if x.Op == luaast.OpOr {
			return h.mayBeNil(x.Y, depth+1)
		}
	case *luaast.CallExpr:
		if h.nilableTonumber(x) && !h.testedText(h.pass.File.Text(x)) {
			return "'" + h.pass.File.ShortText(x) + "' is nil when the value is not a number", true
		}
		if rc := h.nullReply(x); rc != nil && !h.testedText(h.pass.File.Text(x)) {
			return "the " + analyzer.QuoteName(rc.Name) + " reply is nil for a missing value under redis.setresp(3)", true
		}
		if fn, ok := h.nilableMatch(x); ok && !h.testedText(h.pass.File.Text(x)) {
			return "'" + h.pass.File.ShortText(x) + "' is nil when the pattern does not match (" + fn + ")", true
		}
	case *luaast.MethodCallExpr:
		if fn, ok := h.nilableMatch(x); ok && !h.testedText(h.pass.File.Text(x)) {
			return "'" + h.pass.File.ShortText(x) + "' is nil when the pattern does not match (" + fn + ")", true
		}
	case *luaast.Ident:
		v := x.Var
		if v == nil || h.visiting[v] || h.testedVar(v) || (h.ret != nil && h.passedBefore(h.ret, v)) {
			return "", false
		}
		if h.visiting == nil {
			h.visiting = map[*luaast.Variable]bool{}
		}
		h.visiting[v] = true
		defer delete(h.visiting, v)
		defs, _ := h.origins.ReachingDefs(x)
		for _, d := range defs {
			line := h.pass.File.Lines.Position(d.Stmt.Pos()).Line
			switch d.Kind {
			case analyzer.DefNil:
				if h.flagExcludes(v, d.Stmt) {
					continue
				}
				return fmt.Sprintf("'%s' can be nil here (no value on line %d)", x.Name, line), true
			case analyzer.DefValue:
				switch y := luaast.Unparen(d.Expr).(type) {
				case *luaast.NilLit:
					if h.flagExcludes(v, d.Stmt) {
						continue
					}
					return fmt.Sprintf("'%s' can be nil here (assigned nil on line %d)", x.Name, line), true
				case *luaast.CallExpr:
					if h.nilableTonumber(y) {
						return fmt.Sprintf("'%s' can be nil here (tonumber on line %d gives nil for a value that is not a number)", x.Name, line), true
					}
					if rc := h.nullReply(y); rc != nil {
						return fmt.Sprintf("'%s' can be nil here (the %s reply on line %d is nil for a missing value under redis.setresp(3))", x.Name, analyzer.QuoteName(rc.Name), line), true
					}
					if fn, ok := h.nilableMatch(y); ok {
						return fmt.Sprintf("'%s' can be nil here (%s on line %d gives nil when the pattern does not match)", x.Name, fn, line), true
					}
				case *luaast.MethodCallExpr:
					if fn, ok := h.nilableMatch(y); ok {
						return fmt.Sprintf("'%s' can be nil here (%s on line %d gives nil when the pattern does not match)", x.Name, fn, line), true
					}
				case *luaast.Ident:
					if y.Var != nil && h.passedBefore(d.Stmt, y.Var) {
						continue // redis.call raised on a nil y before this
					}
					if why, ok := h.mayBeNil(y, depth+1); ok {
						return fmt.Sprintf("'%s' can be nil here (from %s)", x.Name, why), true
					}
				}
			}
		}
	}
	return "", false
}

// passedBefore reports whether v is an argument of a command call
// (redis.call, which raises on a nil argument) in a statement before stmt
// in stmt's own block, v a local bound once: on the way to stmt, v was
// not nil (issue 18:
// "EXPIRE key window; ttl = window" cannot make ttl nil).
func (h *holeChecker) passedBefore(stmt luaast.Stmt, v *luaast.Variable) bool {
	if h.info.BoundOnce(v) == nil {
		return false // assigned again: the value passed may not be the one read
	}
	var blk *luaast.Block
	analyzer.Inspector(h.pass).Ancestors(stmt, func(n luaast.Node) bool {
		b, ok := n.(*luaast.Block)
		blk = b
		return !ok
	})
	if blk == nil {
		return false
	}
	for _, s := range blk.Stmts {
		if s == stmt {
			return false
		}
		var call luaast.Expr
		switch st := s.(type) {
		case *luaast.CallStmt:
			call = st.Call
		case *luaast.LocalStmt:
			if len(st.Exprs) == 1 {
				call = st.Exprs[0]
			}
		case *luaast.AssignStmt:
			if len(st.Exprs) == 1 {
				call = st.Exprs[0]
			}
		}
		c, ok := luaast.Unparen(call).(*luaast.CallExpr)
		if !ok || !raisingCommand(h.calls.Of(c)) {
			continue
		}
		for _, a := range h.calls.Of(c).Args {
			if id, ok := luaast.Unparen(a).(*luaast.Ident); ok && id.Var == v {
				return true
			}
		}
	}
	return false
}

// flagExcludes reports whether the nil the statement def gives v cannot
// reach the return being checked: the paths that keep it set a flag that
// sends them elsewhere (see excludedByFlag).
func (h *holeChecker) flagExcludes(v *luaast.Variable, def luaast.Stmt) bool {
	fn := h.info.EnclosingFunc(h.ret)
	return fn != nil && excludedByFlag(fn.Body, h.ret, v, def)
}

// nilableMatch reports whether e is string.match or string.find (also
// as a method, s:match(p)), whose first result is nil when the pattern
// does not match, and returns the function's name.
func (h *holeChecker) nilableMatch(e luaast.Expr) (string, bool) {
	switch x := e.(type) {
	case *luaast.CallExpr:
		switch callee := h.calls.Callee(x); callee {
		case "string.match", "string.find":
			return callee, true
		}
	case *luaast.MethodCallExpr:
		switch x.Method.Name {
		case "match", "find":
			return "string." + x.Method.Name, true
		}
	}
	return "", false
}

// nullReply returns the command call x when the script runs in RESP3 and
// x is a command whose reply is nil for a missing value.
func (h *holeChecker) nullReply(x *luaast.CallExpr) *analyzer.RedisCall {
	if !h.resp3 {
		return nil
	}
	if rc := h.calls.Of(x); rc != nil && !rc.Wrapped && rc.NameKnown && rc.Command != nil && rc.Command.ReplyMayBeNull(literalOptions(h.origins.Argv(rc))) {
		return rc
	}
	return nil
}

// nilableTonumber reports whether call is tonumber(x) with an x that may
// not be a number: not a numeric literal, not a number already, not the
// reply of a command that replies with a number.
func (h *holeChecker) nilableTonumber(call *luaast.CallExpr) bool {
	if h.calls.Callee(call) != "tonumber" || len(call.Args) != 1 {
		return false
	}
	arg := call.Args[0]
	o := h.origins.Of(arg)
	if s, ok := o.ConstString(); ok {
		_, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		return err != nil
	}
	if o.IsOnly(analyzer.OriginNumber | analyzer.OriginArith) {
		return false
	}
	if o.IsUnknown() {
		return false // a parameter or a global: its type is not known
	}
	if o.IsOnly(analyzer.OriginReply) {
		rcs := analyzer.ReplyCalls(h.calls, h.origins, arg, 0)
		allInt := len(rcs) > 0
		for _, rc := range rcs {
			if !rc.NameKnown || !redisfacts.ReplyIsNumeric(rc.Name) {
				allInt = false
			}
		}
		if allInt {
			return false
		}
	}
	return true
}

// testIndex records, for one function, where values are tested for truth
// or used in a way that raises on nil: by local and by source text, every
// position, with its kind.
type testIndex struct {
	byVar  map[*luaast.Variable][]testRec
	byText map[string][]testRec
}

// testRec is one test of a value: a truth test (a condition, not/and/or,
// a comparison with nil) or a use that raises when the value is nil
// (arithmetic, ordering, a command or math.* argument, assert).
type testRec struct {
	pos   luaast.Pos
	raise bool
}

// testsOf returns the test index of fn, built on first use: conditions
// (if v, not v, v and ..., v == nil), operands of not/and/or, assert's
// first argument, and the values that raise when nil: operands of
// arithmetic and ordering comparisons, arguments of commands and of math.*
// and bit.* functions.
func (h *holeChecker) testsOf(fn *luaast.FunctionExpr) *testIndex {
	if idx, ok := h.tests[fn]; ok {
		return idx
	}
	idx := &testIndex{byVar: map[*luaast.Variable][]testRec{}, byText: map[string][]testRec{}}
	if h.tests == nil {
		h.tests = map[*luaast.FunctionExpr]*testIndex{}
	}
	h.tests[fn] = idx
	record := func(e luaast.Expr, raise bool) {
		e = luaast.Unparen(e)
		r := testRec{pos: e.Pos(), raise: raise}
		if id, ok := e.(*luaast.Ident); ok && id.Var != nil {
			idx.byVar[id.Var] = append(idx.byVar[id.Var], r)
		}
		t := h.pass.File.Text(e)
		idx.byText[t] = append(idx.byText[t], r)
	}
	var truth func(e luaast.Expr, raise bool)
	truth = func(e luaast.Expr, raise bool) {
		if e == nil {
			return
		}
		switch x := luaast.Unparen(e).(type) {
		case *luaast.UnaryExpr:
			if x.Op == luaast.OpNot {
				truth(x.X, raise)
			}
		case *luaast.BinaryExpr:
			switch x.Op {
			case luaast.OpAnd, luaast.OpOr:
				truth(x.X, raise)
				truth(x.Y, raise)
			case luaast.OpEq, luaast.OpNe:
				if isNilOrFalse(x.Y) {
					truth(x.X, raise)
				} else if isNilOrFalse(x.X) {
					truth(x.Y, raise)
				}
			}
		default:
			record(x, raise)
		}
	}
	const tests = luaast.KindIfClause | luaast.KindWhileStmt | luaast.KindRepeatStmt | luaast.KindUnaryExpr |
		luaast.KindBinaryExpr | luaast.KindCallExpr
	analyzer.PreorderSameFunc(analyzer.Inspector(h.pass), fn.Body, tests, func(n luaast.Node) {
		switch x := n.(type) {
		case *luaast.IfClause:
			truth(x.Cond, false)
		case *luaast.WhileStmt:
			truth(x.Cond, false)
		case *luaast.RepeatStmt:
			truth(x.Cond, false)
		case *luaast.UnaryExpr:
			if x.Op == luaast.OpNot {
				truth(x.X, false)
			}
		case *luaast.BinaryExpr:
			switch x.Op {
			case luaast.OpAnd, luaast.OpOr:
				truth(x.X, false)
			case luaast.OpEq, luaast.OpNe, luaast.OpConcat:
			default:
				// Arithmetic and ordering raise on nil: past them the
				// value is a number.
				record(x.X, true)
				record(x.Y, true)
			}
		case *luaast.CallExpr:
			callee := h.calls.Callee(x)
			switch {
			case callee == "assert" && len(x.Args) > 0:
				truth(x.Args[0], true)
			case raisingCommand(h.calls.Of(x)), strings.HasPrefix(callee, "math."), strings.HasPrefix(callee, "bit."):
				// A nil command argument raises (redis.call, not
				// redis.pcall), and so does a nil argument of math.* and
				// bit.*.
				for _, a := range x.Args {
					record(a, true)
				}
			}
		}
	})
	return idx
}

// testedVar reports whether v is tested before the return in a way that
// protects it (see guards), or used in the returned constructor in a way
// that raises when it is nil (see raisedIn).
func (h *holeChecker) testedVar(v *luaast.Variable) bool {
	if h.raisedInTable().vars[v] {
		return true
	}
	for _, r := range h.testsOf(h.info.EnclosingFunc(h.ret)).byVar[v] {
		if h.guards(r, v) {
			return true
		}
	}
	return false
}

// testedText reports whether an expression with this source text is
// tested before the return in a way that protects it (if not
// tonumber(ARGV[1]) then return ... end), or used in the returned
// constructor in a way that raises when it is nil.
func (h *holeChecker) testedText(text string) bool {
	if h.raisedInTable().texts[text] {
		return true
	}
	for _, r := range h.testsOf(h.info.EnclosingFunc(h.ret)).byText[text] {
		if h.guards(r, nil) {
			return true
		}
	}
	return false
}

// raisedInTable returns the raising uses of the returned constructor
// being checked, gathered on first use.
func (h *holeChecker) raisedInTable() *raisedSet {
	if h.raised == nil {
		h.raised = &raisedSet{}
		if h.table != nil {
			h.raisedIn(h.table, h.raised)
		}
	}
	return h.raised
}

// raisedIn records in set the values that e, a returned table constructor
// or a part of one, uses in a way that raises when they are nil: operands
// of arithmetic, of ordering comparisons (< <= > >=), of concatenation and
// of #; the table of an index (x.f, x[k], x:m()); the function called;
// arguments of a command (not redis.pcall's, which returns an error table)
// and of math.* and bit.*; assert's first argument.
//
// Why this protects every element: Lua builds a constructor by evaluating
// its fields (keys and values, nested constructors included) one after the
// other before the table exists, so when one of them raises on a nil value
// the script fails and no reply is made, whichever side of the element the
// raising use is on; when the table is built, the value was not nil. Only
// uses that always run count: not the right operand of and/or (a and a + 1
// does nothing when a is nil), not the body of a function literal.
func (h *holeChecker) raisedIn(e luaast.Expr, set *raisedSet) {
	record := func(x luaast.Expr) {
		x = luaast.Unparen(x)
		if id, ok := x.(*luaast.Ident); ok {
			if id.Var != nil {
				if set.vars == nil {
					set.vars = map[*luaast.Variable]bool{}
				}
				set.vars[id.Var] = true
			}
			return
		}
		if set.texts == nil {
			set.texts = map[string]bool{}
		}
		set.texts[h.pass.File.Text(x)] = true
	}
	luaast.Inspect(e, func(n luaast.Node) bool {
		switch x := n.(type) {
		case nil, *luaast.FunctionExpr:
			return false
		case *luaast.BinaryExpr:
			switch x.Op {
			case luaast.OpAnd, luaast.OpOr:
				// Only the left operand always runs.
				h.raisedIn(x.X, set)
				return false
			case luaast.OpEq, luaast.OpNe:
			default: // arithmetic, ordering, concatenation
				record(x.X)
				record(x.Y)
			}
		case *luaast.UnaryExpr:
			if x.Op != luaast.OpNot {
				record(x.X) // -x, #x
			}
		case *luaast.FieldExpr:
			record(x.X)
		case *luaast.IndexExpr:
			record(x.X)
		case *luaast.MethodCallExpr:
			record(x.Recv)
		case *luaast.CallExpr:
			record(x.Fn)
			callee := h.calls.Callee(x)
			switch {
			case callee == "assert":
				if len(x.Args) > 0 {
					record(x.Args[0])
				}
			case strings.HasPrefix(callee, "math."), strings.HasPrefix(callee, "bit."):
				for _, a := range x.Args {
					record(a)
				}
			default:
				if raisingCommand(h.calls.Of(x)) {
					for _, a := range x.Args {
						record(a)
					}
				}
			}
		}
		return true
	})
}

// raisingCommand reports whether rc is a command call that raises on a nil
// argument: redis.call does ("Lua redis lib command arguments must be
// strings or integers"), redis.pcall and pcall(redis.call, ...) return the
// error as a table and go on (verified on Redis 7.0).
func raisingCommand(rc *analyzer.RedisCall) bool {
	return rc != nil && !rc.Protected
}

// retChain describes what runs on every path to a return statement:
// heads are the conditions and loop headers of the statements the return
// is nested in (their tested branch leads to it), siblings the statements
// that come before the return, or before a statement containing it, in
// the same block.
type retChain struct {
	heads    []luaast.Node
	siblings []luaast.Stmt
}

// chain returns the retChain of the current return, computed once.
func (h *holeChecker) chain() *retChain {
	if h.chainRet == h.ret && h.retChain != nil {
		return h.retChain
	}
	c := &retChain{}
	rp := h.ret.Pos()
	in := func(b *luaast.Block) bool { return b != nil && b.Start <= rp && rp < b.EndPos }
	var walk func(b *luaast.Block)
	walk = func(b *luaast.Block) {
		for i, s := range b.Stmts {
			if rp < s.Pos() || rp >= s.End() {
				continue
			}
			c.siblings = append(c.siblings, b.Stmts[:i]...)
			switch x := s.(type) {
			case *luaast.IfStmt:
				for _, cl := range x.Clauses {
					c.heads = append(c.heads, cl.Cond)
					if in(cl.Body) {
						walk(cl.Body)
						return
					}
				}
				if in(x.Else) {
					walk(x.Else)
				}
			case *luaast.WhileStmt:
				c.heads = append(c.heads, x.Cond)
				walk(x.Body)
			case *luaast.RepeatStmt:
				walk(x.Body)
			case *luaast.NumericForStmt:
				c.heads = append(c.heads, x.Start, x.Limit)
				if x.Step != nil {
					c.heads = append(c.heads, x.Step)
				}
				walk(x.Body)
			case *luaast.GenericForStmt:
				for _, e := range x.Exprs {
					c.heads = append(c.heads, e)
				}
				walk(x.Body)
			case *luaast.DoStmt:
				walk(x.Body)
			}
			return
		}
	}
	walk(h.info.EnclosingFunc(h.ret).Body)
	h.chainRet, h.retChain = h.ret, c
	return c
}

// guards reports whether test r protects the returned value (the local v,
// or nil for a value named by its text) on every path to the return: the
// test runs on every such path (it dominates the return, not merely comes
// first in the source) and either raises when the value is nil, is the
// condition of a branch the return is in, or is the condition of an
// earlier if statement a branch of which leaves (return, error, break) or
// assigns v, or of a loop that runs until it holds.
func (h *holeChecker) guards(r testRec, v *luaast.Variable) bool {
	if r.pos >= h.ret.Pos() {
		return false
	}
	within := func(n luaast.Node) bool { return n != nil && n.Pos() <= r.pos && r.pos < n.End() }
	c := h.chain()
	for _, hd := range c.heads {
		if within(hd) {
			return true
		}
	}
	for _, s := range c.siblings {
		if within(s) {
			return h.guardsIn(s, r, v, within)
		}
	}
	return false
}

// guardsIn is guards for a test inside s, a statement that runs before the
// return on every path to it.
func (h *holeChecker) guardsIn(s luaast.Stmt, r testRec, v *luaast.Variable, within func(luaast.Node) bool) bool {
	switch x := s.(type) {
	case *luaast.IfStmt:
		// Only the first condition is evaluated on every path.
		if !within(x.Clauses[0].Cond) {
			return false
		}
		if r.raise {
			return true
		}
		for _, cl := range x.Clauses {
			if h.leavesOrAssigns(cl.Body, v) {
				return true
			}
		}
		return h.leavesOrAssigns(x.Else, v)
	case *luaast.WhileStmt:
		return within(x.Cond)
	case *luaast.RepeatStmt:
		// The body runs at least once.
		return within(x.Cond) || h.guardsInBlock(x.Body, r, v, within)
	case *luaast.NumericForStmt:
		return r.raise && (within(x.Start) || within(x.Limit) || within(x.Step))
	case *luaast.GenericForStmt:
		if !r.raise {
			return false
		}
		for _, e := range x.Exprs {
			if within(e) {
				return true
			}
		}
		return false
	case *luaast.DoStmt:
		return h.guardsInBlock(x.Body, r, v, within)
	}
	// A plain statement: a use that raises counts unless it sits in a
	// function literal (which may never run); a truth test inside an
	// expression (v and v + 1) does not protect v.
	if !r.raise {
		return false
	}
	nested := false
	luaast.Inspect(s, func(n luaast.Node) bool {
		if nested || n == nil {
			return false
		}
		if f, ok := n.(*luaast.FunctionExpr); ok && within(f) {
			nested = true
		}
		return !nested
	})
	return !nested
}

// guardsInBlock is guards for a test in a statement of b, which runs
// whole on every path to the return.
func (h *holeChecker) guardsInBlock(b *luaast.Block, r testRec, v *luaast.Variable, within func(luaast.Node) bool) bool {
	if b == nil {
		return false
	}
	for _, s := range b.Stmts {
		if within(s) {
			return h.guardsIn(s, r, v, within)
		}
	}
	return false
}

// leavesOrAssigns reports whether branch b ends by leaving (return,
// break, error(...)) or assigns v somewhere.
func (h *holeChecker) leavesOrAssigns(b *luaast.Block, v *luaast.Variable) bool {
	if b == nil {
		return false
	}
	if n := len(b.Stmts); n > 0 {
		switch last := b.Stmts[n-1].(type) {
		case *luaast.ReturnStmt, *luaast.BreakStmt:
			return true
		case *luaast.CallStmt:
			if c, ok := last.Call.(*luaast.CallExpr); ok && h.calls.Callee(c) == "error" {
				return true
			}
		}
	}
	if v != nil {
		for _, w := range v.Writes {
			if b.Start <= w.Pos() && w.Pos() < b.EndPos {
				return true
			}
		}
	}
	return false
}

func isNilOrFalse(e luaast.Expr) bool {
	switch luaast.Unparen(e).(type) {
	case *luaast.NilLit, *luaast.FalseLit:
		return true
	}
	return false
}

// literalOptions marks the unknown arguments of argv as known non-options,
// so a reply counts as nullable only when the option that makes it so (SET
// ... NX) is written in the script: a value from ARGV in SET's value slot
// is not an NX.
func literalOptions(argv []redisfacts.Arg) []redisfacts.Arg {
	for i := range argv {
		if !argv[i].Known {
			argv[i] = redisfacts.Arg{Known: true}
		}
	}
	return argv
}

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
