package rules

import (
	"fmt"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var nilReplyCheckRule = &analyzer.Rule{
	ID:       "nil-reply-check",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis, analyzer.OriginsAnalysis, analyzer.InspectAnalysis},
	Doc: analyzer.Doc{
		Title: "a Redis reply compared with nil, a status reply compared with a string, or an integer or array reply tested for truth",
		Rationale: "Redis converts replies to Lua values before the script sees them. Under RESP2 (the default) a " +
			"missing value (a null bulk or null array) arrives as false, never nil, so redis.call('GET', k) == nil " +
			"is always false and ~= nil always true (verified on Redis 7.0.15): the \"missing\" branch never runs. " +
			"Test if not v then, or v == false; an array reply (SMEMBERS, LRANGE, HGETALL...) is a table, empty " +
			"when there is nothing, so test #v == 0. A status reply (SET, MSET, RENAME, TYPE, PING...) arrives as the " +
			"table {ok = 'OK'}, so redis.call('SET', k, v) == 'OK' is always false (verified); read r.ok, or drop " +
			"the test, since redis.call raises on failure. A reply that is always an integer (EXISTS, SISMEMBER, " +
			"HEXISTS, SETNX, SADD, DEL, EXPIRE...) is a Lua number, and 0 is true in Lua: if redis.call('EXISTS', k) " +
			"then always takes the branch (verified), not of it is always false, and redis.call('SISMEMBER', k, m) " +
			"== true is always false (verified); compare the number (== 1, > 0, == 0). Likewise an array reply " +
			"(SMEMBERS, LRANGE, HGETALL...) is a table, true even when empty: if not members then never runs " +
			"(verified); test #members == 0. An always-true if t then ... end whose body is safe on an empty reply " +
			"(it reads t only as #t, through ipairs or pairs, or as t[i] in a loop for i = 1, #t) is a dead test, " +
			"reported at info. Not reported: elements of a " +
			"reply (reply[i] ~= nil detects the end of an array), tests that also check false (v ~= nil and " +
			"v ~= false), replies that can be null (if redis.call('ZSCORE', k, m) then is right), redis.pcall " +
			"(its reply may be an error table), a local assigned again on some path, v or default outside a test " +
			"(a dead default, not a wrong value), and scripts that switch to RESP3 with redis.setresp(3), where a " +
			"null does arrive as nil. Defensive chains: when another clause of the same and/or chain handles the " +
			"empty reply (if r == nil or r[2] == nil, r ~= nil and #r > 0, not r or next(r) == nil; for an integer " +
			"reply n == nil or n == 0), the condition does what it means and the chain gets one info finding, " +
			"\"redundant test\", at its first dead clause; a comparison that is the only guard stays an error " +
			"(if r ~= nil then redis.call('ZADD', k, r[2], m) end lets the empty reply through and sends nil). " +
			"An integer reply compared with nil (n == nil on ZCARD, INCR, EXISTS), or a count compared with false, " +
			"is a dead test that misroutes nothing, since the integer reply has no missing case (a missing key " +
			"counts as 0: verified): it is an info; a 0/1 flag (SETNX, SISMEMBER) compared with false or true stays " +
			"an error (the branch meant for 0 never runs). A reply of a command the analysis cannot name (a wrapper " +
			"function's parameter, ARGV) compared with nil is an info too: it may be an integer. One and/or chain gets at most one finding per tested " +
			"value (r ~= false and r ~= nil is one problem), at its first clause.",
		Bad:       "local v = redis.call('GET', KEYS[1])\nif v == nil then\n  return 0\nend\nreturn v\n",
		Good:      "local v = redis.call('GET', KEYS[1])\nif not v then\n  return 0\nend\nreturn v\n",
		Tags:      []string{"correctness", "values"},
		Precision: "very-high",
	},
	Run: runNilReplyCheck,
}

func init() { register(nilReplyCheckRule) }

func runNilReplyCheck(pass *analyzer.Pass) {
	info := analyzer.Script(pass)
	calls := analyzer.Calls(pass)
	origins := analyzer.Origins(pass)
	resp3 := false
	for _, s := range calls.Named("redis.setresp", "server.setresp") {
		if len(s.Call.Args) == 0 {
			continue
		}
		if n, ok := origins.Of(s.Call.Args[0]).ConstNumber(); ok && n == 2 {
			continue
		}
		if t, ok := origins.Of(s.Call.Args[0]).ConstString(); ok && t == "2" {
			continue
		}
		resp3 = true // setresp(3) or an unknown protocol: nil may be right
	}
	var parents analyzer.ParentMap // built on first need
	chains := &defensiveChains{pass: pass}
	truth := replyTruth{pass: pass, info: info, calls: calls, origins: origins, chains: chains}
	mask := luaast.KindBinaryExpr
	if !resp3 {
		// Integer replies tested for truth: under RESP3 a reply may be
		// nil or a boolean, so only RESP2 scripts are checked.
		mask |= luaast.KindIfStmt | luaast.KindWhileStmt | luaast.KindRepeatStmt | luaast.KindUnaryExpr
	}
	analyzer.Inspector(pass).Preorder(mask, func(n luaast.Node) {
		if !resp3 && truth.visit(n) {
			return
		}
		x, ok := n.(*luaast.BinaryExpr)
		if !ok || (x.Op != luaast.OpEq && x.Op != luaast.OpNe) {
			return
		}
		always := "false"
		if x.Op == luaast.OpNe {
			always = "true"
		}
		for _, side := range [2][2]luaast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
			val, other := side[0], side[1]
			if _, isNil := luaast.Unparen(other).(*luaast.NilLit); isNil && !resp3 {
				if call := tostringOfReply(info, calls, origins, val); call != nil {
					if !chains.first(x, val) {
						return
					}
					pass.Reportf(x, "%s is never nil: tostring always returns a string (a missing value becomes 'false'), so this test is always %s; test the reply before converting it (if not v then)",
						tostringSubject(pass, call, val), always)
					return
				}
			}
			if analyzer.NeverOnlyReply(val) {
				continue // most operands: no evaluation needed
			}
			o := origins.Of(val)
			if !o.IsOnly(analyzer.OriginReply) {
				continue
			}
			// Named only for a finding: most comparisons of a reply are fine.
			subject := func() string { return replySubject(pass, calls, o, val) }
			if _, isNil := luaast.Unparen(other).(*luaast.NilLit); isNil {
				if resp3 {
					return
				}
				if !parents.Ready() {
					parents = analyzer.Parents(pass)
				}
				// v == nil or v == false is right for a reply that is
				// false when missing; an integer or an array reply is
				// neither.
				if !analyzer.IntegerReply(o) && !arrayReply(o) && alsoTestsFalse(pass, parents, x, val) {
					return
				}
				direct := calls.OfExpr(val) != nil
				if analyzer.IntegerReply(o) || arrayReply(o) {
					if chains.redundant(x, val, subject(), analyzer.IntegerReply(o)) {
						return
					}
				}
				if !chains.first(x, val) {
					return // the chain already has a finding about val
				}
				if analyzer.IntegerReply(o) {
					// No missing case to misroute (a missing key counts
					// as 0): a dead test, not a wrong branch.
					cmp := "=="
					if x.Op == luaast.OpNe {
						cmp = "~="
					}
					what := "it"
					if !direct {
						what = "'" + pass.File.ShortText(luaast.Unparen(val)) + "'"
					}
					pass.Report(analyzer.Diagnostic{
						Severity: analyzer.SeverityInfo,
						Span:     luaast.SpanOf(x),
						Message: fmt.Sprintf("the test is always %s: %s is an integer, never nil (a missing key counts as 0); drop the test, or compare %s with 0 (%s %s 0)",
							always, subject(), what, pass.File.ShortText(luaast.Unparen(val)), cmp),
					})
					return
				}
				if arrayReply(o) {
					test := "#" + pass.File.ShortText(luaast.Unparen(val)) + " == 0"
					if x.Op == luaast.OpNe {
						test = "#" + pass.File.ShortText(luaast.Unparen(val)) + " > 0"
					}
					pass.Reportf(x, "%s is never nil: an array reply is a table, empty when there is nothing (never nil nor false), so this test is always %s; test its length (%s)",
						subject(), always, test)
					return
				}
				var fix string
				switch {
				case direct && x.Op == luaast.OpEq:
					fix = "test it with 'not' or '== false'"
				case direct:
					fix = "test the reply itself (it is false when missing)"
				case x.Op == luaast.OpEq:
					fix = fmt.Sprintf("use 'not %s' or '%s == false'", pass.File.ShortText(luaast.Unparen(val)), pass.File.ShortText(luaast.Unparen(val)))
				default:
					fix = fmt.Sprintf("test '%s' itself (if %s then)", pass.File.ShortText(luaast.Unparen(val)), pass.File.ShortText(luaast.Unparen(val)))
				}
				if _, complete := o.ReplyCommands(); !complete {
					// The command is not known (a name passed through a
					// wrapper's parameter): its reply may be an integer,
					// and then the test is only dead.
					pass.Report(analyzer.Diagnostic{
						Severity: analyzer.SeverityInfo,
						Span:     luaast.SpanOf(x),
						Message: fmt.Sprintf("%s is never nil: a missing value arrives as false and an integer as a number (RESP2), so this test is always %s; %s",
							subject(), always, fix),
					})
					return
				}
				pass.Reportf(x, "%s is never nil: a missing value arrives as false (RESP2), so this test is always %s; %s", subject(), always, fix)
				return
			}
			s, isStr := origins.Of(other).ConstString()
			if !isStr || !statusReply(info, calls, origins, pass.Version, o, val) {
				continue
			}
			if !chains.first(x, val) {
				return
			}
			field := "its ok field"
			if calls.OfExpr(val) == nil {
				field = pass.File.ShortText(luaast.Unparen(val)) + ".ok"
			}
			pass.Reportf(x, "%s is a status reply, which Lua receives as the table {ok = '...'}: comparing it with %s is always %s; compare %s, or drop the test (redis.call raises on failure)",
				subject(), luaQuote(s), always, field)
			return
		}
	})
}

// replySubject names a reply for messages: "'v' (reply of 'GET')" or
// "the reply of 'GET'".
func replySubject(pass *analyzer.Pass, calls *analyzer.CallInfo, o analyzer.Origin, val luaast.Expr) string {
	what := analyzer.ReplyWhat(o)
	if calls.OfExpr(val) != nil {
		if strings.HasPrefix(what, "a ") {
			return what // "a command's reply": the command is not known
		}
		return "the " + what
	}
	return "'" + pass.File.ShortText(luaast.Unparen(val)) + "' (" + what + ")"
}

// alsoTestsFalse reports whether the and/or chain around cmp also tests
// val for false or truthiness (v ~= nil and v ~= false, v == nil or not v).
func alsoTestsFalse(pass *analyzer.Pass, parents analyzer.ParentMap, cmp *luaast.BinaryExpr, val luaast.Expr) bool {
	top := parents.ChainTop(cmp)
	if top == luaast.Node(cmp) {
		return false
	}
	want := pass.File.ShortText(luaast.Unparen(val))
	found := false
	luaast.Inspect(top, func(n luaast.Node) bool {
		if found || n == luaast.Node(cmp) {
			return false
		}
		if e, ok := n.(luaast.Expr); ok && n != luaast.Node(val) && pass.File.ShortText(e) == want {
			// Only a test that catches false counts: x == nil or x == ''
			// still lets a missing value (false) through.
			if testsFalse(parents, e) {
				found = true
			}
			return false
		}
		return true
	})
	return found
}

// testsFalse reports whether the occurrence e of a value is in a position
// that tests it for false: an operand of not/and/or, compared with false,
// or the argument of type(...).
func testsFalse(parents analyzer.ParentMap, e luaast.Expr) bool {
	at, p := parents.OutsideParens(e)
	switch x := p.(type) {
	case *luaast.UnaryExpr:
		return x.Op == luaast.OpNot
	case *luaast.BinaryExpr:
		switch x.Op {
		case luaast.OpAnd, luaast.OpOr:
			return true
		case luaast.OpEq, luaast.OpNe:
			other := x.Y
			if luaast.Node(x.Y) == at {
				other = x.X
			}
			_, isFalse := luaast.Unparen(other).(*luaast.FalseLit)
			return isFalse
		}
	case *luaast.CallExpr:
		if id, ok := x.Fn.(*luaast.Ident); ok && id.Var == nil && id.Name == "type" {
			return true
		}
	}
	return false
}

// statusReply reports whether the reply val certainly is a status reply:
// the call (direct, or a local bound once to it) is known with its
// arguments, or every command it may come from always replies with a
// status.
func statusReply(info *analyzer.ScriptInfo, calls *analyzer.CallInfo, origins *analyzer.OriginInfo, v redisfacts.Version, o analyzer.Origin, val luaast.Expr) bool {
	e := luaast.Unparen(val)
	if id, ok := e.(*luaast.Ident); ok {
		if b := info.BoundOnce(id.Var); b != nil {
			e = b
		}
	}
	if rc := calls.OfExpr(e); rc != nil {
		if rc.Command == nil || rc.Wrapped || !rc.ArgCountKnown {
			return false
		}
		argv := origins.Argv(rc)
		return rc.Command.ReplyIsStatusFor(argv)
	}
	cmds, complete := o.ReplyCommands()
	if !complete || len(cmds) == 0 {
		return false
	}
	for _, name := range cmds {
		c := redisfacts.LookupCommand(v, name)
		// Options change SET's and PING's reply: only a known call tells.
		if c == nil || name == "SET" || name == "PING" || !c.ReplyIsStatus() {
			return false
		}
	}
	return true
}

// tostringOfReply returns the tostring(...) call val is (directly, or a
// local bound once to one) when its argument involves a reply: the test
// of its result with nil reads like a missing-value test, but tostring
// never returns nil.
func tostringOfReply(info *analyzer.ScriptInfo, calls *analyzer.CallInfo, origins *analyzer.OriginInfo, val luaast.Expr) *luaast.CallExpr {
	e := luaast.Unparen(val)
	if id, ok := e.(*luaast.Ident); ok && id.Var != nil {
		if b := info.BoundOnce(id.Var); b != nil {
			e = luaast.Unparen(b)
		}
	}
	c, ok := e.(*luaast.CallExpr)
	if !ok || calls.Callee(c) != "tostring" || len(c.Args) == 0 {
		return nil
	}
	if !origins.Of(c.Args[0]).Is(analyzer.OriginReply | analyzer.OriginReplyElem) {
		return nil
	}
	return c
}

// tostringSubject names the tested value: "tostring(redis.call(...))" or
// "'s' (tostring of a reply)".
func tostringSubject(pass *analyzer.Pass, call *luaast.CallExpr, val luaast.Expr) string {
	if luaast.Unparen(val) == luaast.Expr(call) {
		return "'" + pass.File.ShortText(call) + "'"
	}
	return fmt.Sprintf("'%s' (tostring of a reply)", pass.File.ShortText(luaast.Unparen(val)))
}

// replyTruth reports the replies that are always an integer (a Lua
// number: EXISTS, SISMEMBER, SETNX, DEL, SCARD ...) or always an array (a
// table: SMEMBERS, LRANGE, HGETALL ...) used as a truth value, directly or
// through a local bound once to one: 0 and an empty table are true in Lua,
// so "if redis.call('EXISTS', k) then" always takes the branch, "not" of it
// is always false, and comparing it with true or false is constant
// (redis-semantics.md §3.2). Left alone: protected calls (a redis.pcall
// reply may be an error table; pcall(redis.call, ...) gives a boolean),
// unknown commands, and replies that can be null (false when missing).
//
// It works from the places that test a value (conditions, not, the left
// operand of and, comparisons with a boolean) down to the values they
// test, so the common case, a file whose tests hold no such reply, costs
// one look at each tested operand and no parent lookups.
type replyTruth struct {
	pass     *analyzer.Pass
	info     *analyzer.ScriptInfo
	calls    *analyzer.CallInfo
	origins  *analyzer.OriginInfo
	reported map[luaast.Node]bool // a value tested twice is reported once
	chains   *defensiveChains
}

// visit looks at n, a node of the mask runNilReplyCheck sets, and reports
// whether it is done with it (a comparison with == or ~= is left to the
// nil checks as well).
func (t *replyTruth) visit(n luaast.Node) bool {
	switch x := n.(type) {
	case *luaast.IfStmt:
		for i, cl := range x.Clauses {
			if i == 0 && len(x.Clauses) == 1 && x.Else == nil && t.deadArrayGuard(cl.Cond, cl.Body) {
				continue
			}
			t.tested(cl.Cond)
		}
	case *luaast.WhileStmt:
		t.tested(x.Cond)
	case *luaast.RepeatStmt:
		t.tested(x.Cond)
	case *luaast.UnaryExpr:
		if x.Op == luaast.OpNot {
			if rc, name := t.reply(x.X); rc != nil {
				t.report(x, rc, name, "so 'not' of it is always false", false, false)
			} else {
				t.tested(x.X)
			}
		}
	case *luaast.BinaryExpr:
		switch x.Op {
		case luaast.OpAnd:
			// "reply and a or b" always gives a.
			t.tested(x.X)
		case luaast.OpEq, luaast.OpNe:
			t.boolComparison(x)
			return false
		}
	default:
		return false
	}
	return true
}

// deadArrayGuard reports (at info) "if t then <body> end" where t is a
// local bound once to an array reply and the body is safe on an empty
// array: it reads t only as #t, through ipairs/pairs(t), or as t[i] inside
// a loop "for i = 1, #t". The test is always true but harmless: a dead
// test, not the error of a guard that lets the empty case through.
func (t *replyTruth) deadArrayGuard(cond luaast.Expr, body *luaast.Block) bool {
	id, ok := luaast.Unparen(cond).(*luaast.Ident)
	if !ok || id.Var == nil {
		return false
	}
	rc, name := t.reply(id)
	if rc == nil || name == "" || !redisfacts.ReplyIsArray(rc.Command.Name) {
		return false
	}
	v := id.Var
	isT := func(e luaast.Expr) bool {
		x, ok := luaast.Unparen(e).(*luaast.Ident)
		return ok && x.Var == v
	}
	lenOfT := func(e luaast.Expr) bool {
		u, ok := luaast.Unparen(e).(*luaast.UnaryExpr)
		return ok && u.Op == luaast.OpLen && isT(u.X)
	}
	safe := true
	var walk func(n luaast.Node, loopVars map[*luaast.Variable]bool)
	walk = func(n luaast.Node, loopVars map[*luaast.Variable]bool) {
		luaast.Inspect(n, func(x luaast.Node) bool {
			if !safe {
				return false
			}
			switch x := x.(type) {
			case *luaast.NumericForStmt:
				if lenOfT(x.Limit) && x.Var != nil && x.Var.Var != nil {
					inner := map[*luaast.Variable]bool{x.Var.Var: true}
					for k := range loopVars {
						inner[k] = true
					}
					walk(x.Start, loopVars)
					walk(x.Body, inner)
					return false
				}
			case *luaast.UnaryExpr:
				if lenOfT(x) {
					return false
				}
			case *luaast.CallExpr:
				if c := t.calls.Callee(x); (c == "ipairs" || c == "pairs") && len(x.Args) == 1 && isT(x.Args[0]) {
					return false
				}
			case *luaast.IndexExpr:
				if isT(x.X) {
					k, ok := luaast.Unparen(x.Key).(*luaast.Ident)
					if !ok || k.Var == nil || !loopVars[k.Var] {
						safe = false
					}
					return false
				}
			case *luaast.Ident:
				if x.Var == v {
					safe = false
				}
			}
			return true
		})
	}
	walk(body, map[*luaast.Variable]bool{})
	if !safe {
		return false
	}
	if t.reported == nil {
		t.reported = map[luaast.Node]bool{}
	}
	t.reported[luaast.Unparen(cond)] = true
	t.pass.Report(analyzer.Diagnostic{Severity: analyzer.SeverityInfo, Span: luaast.SpanOf(cond),
		Message: fmt.Sprintf("'%s' (reply of '%s') is an array reply, a table, which is true in Lua even when empty, so "+
			"testing it is always true: a dead test (the body is safe on an empty reply); drop it, or test #%s > 0",
			name, rc.Command.Name, name)})
	return true
}

// tested checks e, a value tested for truth: a reply, or the operands of
// an and/or expression (each of them is tested when the whole is; "v or
// default" is only followed inside a test, where it is wrong, not where it
// is a dead default).
func (t *replyTruth) tested(e luaast.Expr) {
	e = luaast.Unparen(e)
	if b, ok := e.(*luaast.BinaryExpr); ok && (b.Op == luaast.OpAnd || b.Op == luaast.OpOr) {
		t.tested(b.X)
		t.tested(b.Y)
		return
	}
	if rc, name := t.reply(e); rc != nil {
		t.report(e, rc, name, "so testing it is always true", false, true)
	}
}

// boolComparison checks x (== or ~=) for an integer reply compared with
// true or false.
func (t *replyTruth) boolComparison(x *luaast.BinaryExpr) {
	for _, side := range [2][2]luaast.Expr{{x.X, x.Y}, {x.Y, x.X}} {
		var want bool
		switch luaast.Unparen(side[1]).(type) {
		case *luaast.TrueLit:
			want = true
		case *luaast.FalseLit:
			want = false
		default:
			continue
		}
		rc, name := t.reply(side[0])
		if rc == nil {
			continue
		}
		always := "false"
		if x.Op == luaast.OpNe {
			always, want = "true", !want
		}
		t.report(x, rc, name, "never a boolean (RESP2), so comparing it with "+t.pass.File.ShortText(luaast.Unparen(side[1]))+" is always "+always, true, want)
		return
	}
}

// reply returns the command call e is when its reply is always an
// integer or always an array: the call itself, or a local bound once to it (then name is the
// local's name); nil otherwise.
func (t *replyTruth) reply(e luaast.Expr) (rc *analyzer.RedisCall, name string) {
	e = luaast.Unparen(e)
	if id, ok := e.(*luaast.Ident); ok {
		if id.Var == nil {
			return nil, ""
		}
		b := t.info.BoundOnce(id.Var)
		if b == nil {
			return nil, ""
		}
		e, name = luaast.Unparen(b), id.Name
	}
	c, ok := e.(*luaast.CallExpr)
	if !ok {
		return nil, ""
	}
	rc = t.calls.Of(c)
	if rc == nil || rc.Protected || !rc.NameKnown || rc.Command == nil ||
		!redisfacts.ReplyIsInteger(rc.Command.Name) && !redisfacts.ReplyIsArray(rc.Command.Name) {
		return nil, ""
	}
	return rc, name
}

// report reports n, a test of the reply of rc (or of the local named
// name bound to it), saying why the test is constant (why: "so testing it
// is always true", or for a comparison with a boolean "never a boolean
// (RESP2), so ...") and the test to write instead: of a nonempty or
// nonzero reply when nonzero, else of an empty or zero one.
func (t *replyTruth) report(n luaast.Node, rc *analyzer.RedisCall, name, why string, comparison, nonzero bool) {
	if t.reported[n] {
		return
	}
	if t.reported == nil {
		t.reported = map[luaast.Node]bool{}
	}
	t.reported[n] = true
	cmd := rc.Command.Name
	subject := "the reply of '" + cmd + "'"
	operand := t.pass.File.ShortText(rc.Call.Fn) + "(...)"
	val := luaast.Expr(rc.Call)
	if name != "" {
		subject, operand = "'"+name+"' (reply of '"+cmd+"')", name
		if v := truthOperand(n); v != nil {
			if t.chains.redundant(n, v, subject, !redisfacts.ReplyIsArray(cmd)) {
				return
			}
			val = v
		}
	}
	if !t.chains.first(n, val) {
		return // the chain already has a finding about this reply
	}
	if redisfacts.ReplyIsArray(cmd) {
		if !comparison {
			why = "a table, which is true in Lua even when empty, " + why
		}
		test := "== 0"
		if nonzero {
			test = "> 0"
		}
		t.pass.Reportf(n, "%s is an array reply, %s; test its length: #%s %s", subject, why, operand, test)
		return
	}
	if !comparison {
		why = "and 0 is true in Lua (only nil and false are false), " + why
	}
	what := "an integer"
	// The arguments are read only for a finding: EXISTS of several keys
	// counts them.
	var argv []redisfacts.Arg
	if rc.ArgCountKnown {
		argv = t.origins.Argv(rc)
	}
	flag := rc.Command.ReplyIsFlagFor(argv)
	if flag {
		what = "the integer 0 or 1"
	}
	test := "== 0"
	switch {
	case nonzero && flag:
		test = "== 1"
	case nonzero:
		test = "> 0"
	}
	msg := fmt.Sprintf("%s is %s, %s; test the number: %s %s", subject, what, why, operand, test)
	if comparison && !flag && falseCompared(n) {
		// A count compared with false has no missing case to misroute
		// (a missing key counts as 0): a dead test. A 0/1 flag compared
		// with false means "is it 0?" and takes the wrong branch.
		t.pass.Report(analyzer.Diagnostic{Severity: analyzer.SeverityInfo, Span: luaast.SpanOf(n), Message: msg})
		return
	}
	t.pass.Reportf(n, "%s", msg)
}

// falseCompared reports whether n is a comparison with the literal false.
func falseCompared(n luaast.Node) bool {
	x, ok := n.(*luaast.BinaryExpr)
	if !ok {
		return false
	}
	for _, e := range [2]luaast.Expr{x.X, x.Y} {
		if _, ok := luaast.Unparen(e).(*luaast.FalseLit); ok {
			return true
		}
	}
	return false
}

// arrayReply reports whether o is only the reply of commands that always
// reply with an array (SMEMBERS, LRANGE, HGETALL ...): a table, never nil
// nor false.
func arrayReply(o analyzer.Origin) bool { return analyzer.ReplyOfOnly(o, redisfacts.ReplyIsArray) }

// truthOperand returns the local a reported truth test is about: n itself
// ("if r and ..."), the operand of not ("not r"), or the reply side of a
// comparison with a boolean ("r == false"); nil when none is a name.
func truthOperand(n luaast.Node) luaast.Expr {
	switch x := n.(type) {
	case *luaast.Ident:
		return x
	case *luaast.UnaryExpr:
		if id, ok := luaast.Unparen(x.X).(*luaast.Ident); ok {
			return id
		}
	case *luaast.BinaryExpr:
		for _, e := range [2]luaast.Expr{x.X, x.Y} {
			if id, ok := luaast.Unparen(e).(*luaast.Ident); ok {
				return id
			}
		}
	}
	return nil
}

// defensiveChains finds the redundant but harmless tests of defensive
// code: in "if r == nil or r == false or r[2] == nil then" on an array
// reply, the first two clauses can never be true, but the last one
// handles the empty reply, so the condition does what it means. Such a
// chain gets at most one info finding, at its first redundant clause; a
// test that is the only guard keeps the rule's error.
type defensiveChains struct {
	pass    *analyzer.Pass
	done    map[luaast.Node]bool // chain tops already reported
	parents analyzer.ParentMap
	// claimed holds the (chain top, tested value) pairs that have a
	// finding: one and/or chain gets at most one finding per value
	// (r ~= false and r ~= nil is one problem, not two).
	claimed map[chainValue]bool
}

// chainValue is a value tested in an and/or chain: its top and the
// value's text.
type chainValue struct {
	top  luaast.Node
	text string
}

// top returns the outermost and/or expression n is a clause of (through
// parentheses), or n itself.
func (c *defensiveChains) top(n luaast.Node) luaast.Node {
	if !c.parents.Ready() {
		c.parents = analyzer.Parents(c.pass)
	}
	return c.parents.ChainTop(n)
}

// first reports whether the test n of val is the first of its and/or
// chain to be reported for val, and claims the chain for val. A test
// outside any chain is always first.
func (c *defensiveChains) first(n luaast.Node, val luaast.Expr) bool {
	top := c.top(n)
	if top == n {
		return true
	}
	k := chainValue{top, c.pass.File.ShortText(luaast.Unparen(val))}
	if c.claimed[k] {
		return false
	}
	if c.claimed == nil {
		c.claimed = map[chainValue]bool{}
	}
	c.claimed[k] = true
	return true
}

// redundant reports whether the test n of the reply val (a local bound to
// an array reply, or to an integer reply when integer is set) is one
// clause of an and/or chain whose other clause handles the empty reply
// (r[i] == nil, not r[1], #r == 0, next(r) == nil; for an integer n == 0),
// and then reports it at info once per chain. subject names the reply for
// the message.
func (c *defensiveChains) redundant(n luaast.Node, val luaast.Expr, subject string, integer bool) bool {
	id, ok := luaast.Unparen(val).(*luaast.Ident)
	if !ok || id.Var == nil {
		return false // a direct call: no other clause can test the same reply
	}
	top := c.top(n)
	if top == n {
		return false
	}
	var handler luaast.Node
	luaast.Inspect(top, func(m luaast.Node) bool {
		if handler != nil || m == n {
			return false
		}
		if c.handlesEmpty(m, id.Var, integer) {
			handler = m
			return false
		}
		return true
	})
	if handler == nil {
		return false
	}
	if c.done[top] || !c.first(n, val) {
		return true
	}
	if c.done == nil {
		c.done = map[luaast.Node]bool{}
	}
	c.done[top] = true
	what, handles := "an array reply is never nil nor false", "the empty reply"
	if integer {
		what, handles = "an integer reply is never nil nor false", "the zero reply"
	}
	// Name the whole test: '#r == 0' or 'not r[1]', not '#r' or 'r[1]'.
	switch p := c.parents.Of(handler).(type) {
	case *luaast.BinaryExpr:
		if p.Op != luaast.OpAnd && p.Op != luaast.OpOr {
			handler = p
		}
	case *luaast.UnaryExpr:
		handler = p
	}
	c.pass.Report(analyzer.Diagnostic{
		Severity: analyzer.SeverityInfo,
		Span:     luaast.SpanOf(n),
		Message: fmt.Sprintf("redundant test of %s: %s, and '%s' in the same condition already handles %s; drop this clause",
			subject, what, c.pass.File.ShortText(handler), handles),
	})
	return true
}

// handlesEmpty reports whether m, a node of a condition, tests whether the
// reply held by v is empty: an element compared with nil or false or
// tested for truth (r[1] == nil, not r[1], r[1] and ...), the length
// compared with a number (#r == 0), next(r) compared with nil or tested;
// for an integer reply, v or tonumber(v) compared with a number (n == 0,
// tonumber(n) > 0).
func (c *defensiveChains) handlesEmpty(m luaast.Node, v *luaast.Variable, integer bool) bool {
	isV := func(e luaast.Expr) bool {
		id, ok := luaast.Unparen(e).(*luaast.Ident)
		return ok && id.Var == v
	}
	var subject luaast.Expr
	numeric := false // the subject is a number: compared with a number literal
	switch x := m.(type) {
	case *luaast.Ident:
		if !integer || x.Var != v {
			return false
		}
		subject, numeric = x, true
	case *luaast.IndexExpr:
		if integer || !isV(x.X) {
			return false
		}
		subject = x
	case *luaast.UnaryExpr:
		if integer || x.Op != luaast.OpLen || !isV(x.X) {
			return false
		}
		subject, numeric = x, true
	case *luaast.CallExpr:
		fn, ok := x.Fn.(*luaast.Ident)
		if !ok || fn.Var != nil || len(x.Args) == 0 || !isV(x.Args[0]) {
			return false
		}
		switch {
		case integer && fn.Name == "tonumber":
			subject, numeric = x, true // tonumber(n) > 0
		case !integer && fn.Name == "next":
			subject = x
		default:
			return false
		}
	default:
		return false
	}
	at, p := c.parents.OutsideParens(subject)
	switch p := p.(type) {
	case *luaast.UnaryExpr:
		return !numeric && p.Op == luaast.OpNot
	case *luaast.BinaryExpr:
		other := p.X
		if luaast.Node(p.X) == at {
			other = p.Y
		}
		switch p.Op {
		case luaast.OpAnd, luaast.OpOr:
			return !numeric
		case luaast.OpEq, luaast.OpNe:
			switch luaast.Unparen(other).(type) {
			case *luaast.NilLit, *luaast.FalseLit:
				return !numeric
			case *luaast.NumberLit:
				return numeric
			}
		case luaast.OpLt, luaast.OpLe, luaast.OpGt, luaast.OpGe:
			_, isNum := luaast.Unparen(other).(*luaast.NumberLit)
			return numeric && isNum
		}
	}
	return false
}
