package rules

import (
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// writeBeforeValidationRule reports at info by default (issue 18): on 410
// real scripts from 40 projects the sampled findings were below 90 % real
// even after the write's own reply and bookkeeping writes were exempted
// (see Rationale).
var writeBeforeValidationRule = &analyzer.Rule{
	ID:       "write-before-validation",
	Severity: analyzer.SeverityInfo,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis, analyzer.FlowAnalysis, analyzer.OriginsAnalysis, analyzer.InspectAnalysis},
	Options: []analyzer.OptionSpec{
		{Name: "sentinel-returns", Default: []string{}, Doc: "literal return values that the library's clients " +
			"turn into exceptions (sentinel-returns: [-1, -2, -3]): a return of one of them after a write is " +
			"reported like an error reply"},
	},
	Doc: analyzer.Doc{
		Title: "an error raised or returned after the script already wrote",
		Rationale: "A script is atomic only in the sense that nothing runs in between: Redis never rolls back. " +
			"When a script raises (error(...), assert(...)) or returns an error reply (redis.error_reply(...), " +
			"{err = ...}, or a failed redis.pcall's reply: if r.err then return r end) after a write command ran, the write stays and is replicated (verified: " +
			"redis.call('SET', k, 1) then error('boom') leaves k set), while the caller sees a failure and " +
			"usually retries. Validate and convert every input (tonumber(ARGV[i]), type checks, string.match) " +
			"and run every check that can fail before the first write. The rule reports the raise or error " +
			"return and points to the first write that may have run before it, including writes inside local " +
			"functions called earlier. Not counted: a write whose own \"nothing changed\" result guards the " +
			"error (if redis.call('LREM', ...) == 0 then return redis.error_reply(...) end, or not " +
			"redis.call('SET', k, v, 'NX'), directly or through a local whose every definition reaching the test " +
			"is such a reply, not replaced on any path and not run again by a loop, or the reply of a local helper " +
			"whose only statement returns the write, or ZADD ... XX|NX INCR compared with false, or the err field of a " +
			"redis.pcall write's reply: if r.err then return r end): that write changed nothing; a write whose " +
			"reply can never choose the branch (if not <integer reply> ... else <error>, ZADD ... INCR == 0); " +
			"idempotent bookkeeping, right whatever follows: a TTL refresh (EXPIRE, PEXPIRE, PERSIST), a heartbeat " +
			"ZADD XX without INCR, the trimming of expired members (ZREMRANGEBYSCORE); " +
			"and a write that runs only inside the if branch that ends in the error return or error(...), after " +
			"the condition that chose it (if expires_at <= now then redis.call('DEL', k) return " +
			"redis.error_reply('EXPIRED') end): cleanup answering a check already made. Any other write that " +
			"can reach the error is still reported. A failing redis.call is not an explicit raise and is not " +
			"considered. Libraries whose clients turn some return codes into exceptions (return -1 for \"job " +
			"not found\", -2 for \"lock lost\") can list them in the option sentinel-returns: a return of one of " +
			"those literals (a number or a string, compared by value) after a write is then reported like an " +
			"error reply. By default no return value is a sentinel. The rule reports at info by default: on a triage " +
			"of 410 real scripts from 40 projects (issue 18), even with the exemptions above about a third of the " +
			"sampled findings were accurate but not worth acting on (counts recomputed, heartbeats, a retried " +
			"error that the caller expects), below the 90 % the default profile asks of warnings; raise it to " +
			"warning (severity: warning under write-before-validation) for scripts where every error must leave " +
			"the data untouched.",
		Bad: "redis.call('DECRBY', KEYS[1], ARGV[1])\n" +
			"if tonumber(redis.call('GET', KEYS[1])) < 0 then\n" +
			"  return redis.error_reply('insufficient funds')\n" +
			"end\n",
		Good: "local balance = tonumber(redis.call('GET', KEYS[1]) or '0')\n" +
			"local amount = tonumber(ARGV[1])\n" +
			"if not amount or balance < amount then\n" +
			"  return redis.error_reply('insufficient funds')\n" +
			"end\n" +
			"redis.call('DECRBY', KEYS[1], amount)\n",
		Tags:      []string{"correctness", "atomicity"},
		Precision: "high",
	},
	Run: runWriteBeforeValidation,
}

func init() { register(writeBeforeValidationRule) }

// failPoint is a place where the script aborts with an error.
type failPoint struct {
	node luaast.Node
	what string // "error(...) raises", "the error reply is returned"
}

func runWriteBeforeValidation(pass *analyzer.Pass) {
	calls := analyzer.Calls(pass)
	if len(calls.Writes()) == 0 {
		return
	}
	info := analyzer.Script(pass)
	flow := analyzer.Flow(pass)
	origins := analyzer.Origins(pass)

	var points []failPoint
	for _, s := range calls.Named("error", "assert") {
		if s.Callee == "error" {
			points = append(points, failPoint{s.Call, "error(...) raises"})
		} else {
			points = append(points, failPoint{s.Call, "assert(...) may raise"})
		}
	}
	// The script index lists the return statements in tree order
	// (TestEachReturnMatchesInspector): no walk of the file for them.
	sentinels := pass.Options.Strings("sentinel-returns")
	info.EachReturn(func(r *luaast.ReturnStmt, _ *luaast.FunctionExpr) {
		if len(r.Exprs) > 0 && (isErrorReply(info, calls, r.Exprs[0]) || forwardsPcallError(pass, info, calls, r)) {
			points = append(points, failPoint{r, "the error reply is returned"})
		} else if len(r.Exprs) == 1 && len(sentinels) > 0 {
			if v, ok := sentinelValue(origins, r.Exprs[0], sentinels); ok {
				points = append(points, failPoint{r, "the sentinel " + v + " (sentinel-returns: an error for the client) is returned"})
			}
		}
	})

	if len(points) == 0 {
		return
	}
	c := &wbvCheck{info: info, calls: calls, flow: flow, origins: origins, ins: analyzer.Inspector(pass)}
	// The functions that run under pcall, found once: a long chunk has
	// many failure points in many functions, and asking per function
	// scanned every pcall site each time (quadratic in a large file).
	var underPcall map[*luaast.FunctionExpr]bool
	for _, point := range points {
		fn := info.EnclosingFunc(point.node)
		if underPcall == nil {
			underPcall = analyzer.PcalledFuncs(info, calls)
		}
		if fn != nil && info.ParentFunc(fn) != nil && underPcall[fn] {
			continue // caught: the script goes on
		}
		c.startPoint(point, fn)
		p := point
		// The writes are searched in order, stopping at the first that
		// counts, so a large chunk with many failure points doesn't build
		// its whole write list at each one.
		first := flow.FirstWriteBefore(p.node, c.counts)
		if first == nil {
			continue
		}
		name := "a write command"
		if first.NameKnown {
			name = "'" + first.Name + "'"
		}
		line := pass.File.Lines.Position(first.Call.Pos()).Line
		lead := p.what + " after a write"
		if v := validatedInput(pass, info, calls, origins, fn, p.node, c.afterWrite); v != "" {
			lead = v + " is validated after a write and " + p.what
		}
		pass.Report(analyzer.Diagnostic{
			Span: luaast.SpanOf(p.node),
			Message: concat(lead, ": Redis does not roll back, the ", name, " on line ", strconv.Itoa(line),
				" stays; validate and check before the first write"),
			Related: []analyzer.Related{{
				Span:    luaast.SpanOf(first.Call),
				Message: concat("first write here (", strings.Trim(name, "'"), "): it stays when the script fails later"),
			}},
		})
	}
}

// sentinelValue reports whether e is a literal (a number or a string, or
// a local bound to one) equal to one of sentinels, compared by value
// (-1 matches "-1" and "-1.0"), and returns the sentinel as written.
func sentinelValue(origins *analyzer.OriginInfo, e luaast.Expr, sentinels []string) (string, bool) {
	o := origins.Of(e)
	if n, ok := o.ConstNumber(); ok {
		for _, s := range sentinels {
			if f, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && f == n {
				return s, true
			}
		}
		return "", false
	}
	if str, ok := o.ConstString(); ok {
		for _, s := range sentinels {
			if s == str {
				return strconv.Quote(s), true
			}
		}
	}
	return "", false
}

// decidingIf returns the if statement whose branch decided the failure at
// n, when that failure is unconditional once the branch runs: n is a
// return statement, or an error(...) call statement (or returned call),
// directly in a clause or else body of the if (do blocks are
// transparent). Writes that are not in the if's WritesAfterHead then ran
// only inside that branch, on the way to n: cleanup that answers a check
// already made, not a half-applied change. It returns nil when the
// innermost enclosing compound statement of n is a loop, when n is an
// assert (its own argument decides) or a raise inside an expression, and
// when no if encloses n in its function.
func decidingIf(calls *analyzer.CallInfo, fn *luaast.FunctionExpr, n luaast.Node) *luaast.IfStmt {
	var holder luaast.Stmt // the statement that is n or runs it unconditionally
	switch x := n.(type) {
	case *luaast.ReturnStmt:
		holder = x
	case *luaast.CallExpr:
		if calls.Callee(x) != "error" {
			return nil
		}
	default:
		return nil
	}
	var found *luaast.IfStmt
	var visit func(blk *luaast.Block) bool
	// visit descends into the block holding n; it reports whether n's
	// statement was found directly in blk (or in do blocks inside it).
	visit = func(blk *luaast.Block) bool {
		if blk == nil {
			return false
		}
		for _, s := range blk.Stmts {
			if !luaast.Contains(s, n) {
				continue
			}
			if holder == nil {
				switch st := s.(type) {
				case *luaast.CallStmt:
					if st.Call == n {
						return true
					}
				case *luaast.ReturnStmt:
					if len(st.Exprs) == 1 && luaast.Unparen(st.Exprs[0]) == n {
						return true
					}
				}
			} else if s == holder {
				return true
			}
			switch st := s.(type) {
			case *luaast.DoStmt:
				return visit(st.Body)
			case *luaast.IfStmt:
				for _, cl := range st.Clauses {
					if luaast.Contains(cl.Body, n) {
						if visit(cl.Body) && found == nil {
							found = st
						}
						return false
					}
				}
				if st.Else != nil && luaast.Contains(st.Else, n) {
					if visit(st.Else) && found == nil {
						found = st
					}
				}
				return false
			case *luaast.WhileStmt:
				visit(st.Body)
			case *luaast.RepeatStmt:
				visit(st.Body)
			case *luaast.NumericForStmt:
				visit(st.Body)
			case *luaast.GenericForStmt:
				visit(st.Body)
			}
			return false
		}
		return false
	}
	visit(fn.Body)
	return found
}

// isErrorReply reports whether a returned expression is an error reply:
// redis.error_reply(...) or a table constructor with an err field, also
// through a local bound once to one (local e = redis.error_reply(...)).
func isErrorReply(info *analyzer.ScriptInfo, calls *analyzer.CallInfo, e luaast.Expr) bool {
	e = luaast.Unparen(e)
	if id, ok := e.(*luaast.Ident); ok && id.Var != nil {
		if b := info.BoundOnce(id.Var); b != nil {
			e = luaast.Unparen(b)
		}
	}
	switch x := e.(type) {
	case *luaast.CallExpr:
		switch calls.Callee(x) {
		case "redis.error_reply", "server.error_reply":
			return true
		}
	case *luaast.TableExpr:
		return x.HasField("err")
	}
	return false
}

// forwardsPcallError reports whether r returns the reply of a redis.pcall
// (a local bound once to it) inside the branch of a test of its err field
// (if r.err then return r end): the reply is then the command's error
// table, which Redis sends as an error reply.
func forwardsPcallError(pass *analyzer.Pass, info *analyzer.ScriptInfo, calls *analyzer.CallInfo, r *luaast.ReturnStmt) bool {
	id, ok := luaast.Unparen(r.Exprs[0]).(*luaast.Ident)
	if !ok || id.Var == nil {
		return false
	}
	b, ok := luaast.Unparen(info.BoundOnce(id.Var)).(*luaast.CallExpr)
	if !ok {
		return false
	}
	if rc := calls.Of(b); rc == nil || !failedPcall(rc) {
		return false
	}
	return analyzer.GuardedBy(analyzer.Inspector(pass), r, func(cond luaast.Expr) bool { return testsErrField(cond, id.Var) })
}

// testsErrField reports whether cond is true only when v.err is: v.err,
// alone or as a conjunct of and.
func testsErrField(cond luaast.Expr, v *luaast.Variable) bool {
	switch x := luaast.Unparen(cond).(type) {
	case *luaast.FieldExpr:
		id, ok := luaast.Unparen(x.X).(*luaast.Ident)
		return ok && id.Var == v && x.Name != nil && x.Name.Name == "err"
	case *luaast.BinaryExpr:
		return x.Op == luaast.OpAnd && (testsErrField(x.X, v) || testsErrField(x.Y, v))
	}
	return false
}

// wbvCheck holds the analyses the rule's helpers consult.
type wbvCheck struct {
	info    *analyzer.ScriptInfo
	calls   *analyzer.CallInfo
	flow    *analyzer.FlowInfo
	origins *analyzer.OriginInfo
	ins     *luaast.Inspector

	// The failure point being checked and what counts works out for it
	// (see startPoint). They live here rather than in variables captured
	// by closures, which would be heap allocations per point.
	p        failPoint
	fn       *luaast.FunctionExpr
	exempt   map[*analyzer.RedisCall]bool
	ifs      *luaast.IfStmt
	prepared bool
}

// startPoint makes p, in function fn, the failure point that counts and
// afterWrite are about.
func (c *wbvCheck) startPoint(p failPoint, fn *luaast.FunctionExpr) {
	c.p, c.fn, c.exempt, c.ifs, c.prepared = p, fn, nil, nil, false
}

// counts says whether a write that may have run before the failure point
// makes it a half-applied change. The guards and the deciding if are
// worked out on the first write met: most failure points have none before
// them.
func (c *wbvCheck) counts(w *analyzer.RedisCall) bool {
	if !c.prepared {
		c.exempt = c.nothingChangedGuards(c.p.node)
		c.ifs = decidingIf(c.calls, c.fn, c.p.node)
		c.prepared = true
	}
	if c.exempt[w] || luaast.Contains(w.Call, c.p.node) || bookkeepingWrite(w) {
		return false
	}
	// Not run before the branch ending in the point was chosen: it ran
	// inside that branch, on the way to the point.
	return c.ifs == nil || c.flow.HasWriteAfterHead(c.ifs, w)
}

// countsBefore says whether w counts and may run before the failure
// point.
func (c *wbvCheck) countsBefore(w *analyzer.RedisCall) bool {
	return c.counts(w) && c.flow.HasWriteBefore(c.p.node, w)
}

// afterWrite says whether n can run after a write that counts for the
// failure point.
func (c *wbvCheck) afterWrite(n luaast.Node) bool {
	return c.flow.FirstWriteBefore(n, c.countsBefore) != nil
}

// nothingChangedGuards returns the writes whose "nothing changed" result
// (0, or a null reply) guards the branch holding n: the error is the
// script's answer to a write that did nothing.
func (c *wbvCheck) nothingChangedGuards(n luaast.Node) map[*analyzer.RedisCall]bool {
	exempt := map[*analyzer.RedisCall]bool{}
	// The ifs holding n are among its ancestors, up to its function: going
	// up from n costs its depth, where a walk down from fn's body would
	// look at every statement of every block on the way (quadratic in a
	// long chunk with many failure points).
	c.ins.Ancestors(n, func(x luaast.Node) bool {
		switch x := x.(type) {
		case *luaast.FunctionExpr, *luaast.File:
			return false
		case *luaast.IfStmt:
			c.markIf(x, n, exempt)
		}
		return true
	})
	return exempt
}

// markIf marks the writes that the conditions of ifs, which holds n,
// test for having changed nothing on the way to n.
func (c *wbvCheck) markIf(ifs *luaast.IfStmt, n luaast.Node, exempt map[*analyzer.RedisCall]bool) {
	for i, cl := range ifs.Clauses {
		if luaast.Contains(cl.Body, n) {
			c.markNoChange(cl.Cond, false, exempt)
			// Earlier clauses were false on the way here.
			for _, prev := range ifs.Clauses[:i] {
				c.markNoChange(prev.Cond, true, exempt)
			}
			return
		}
	}
	if ifs.Else != nil && luaast.Contains(ifs.Else, n) {
		for _, prev := range ifs.Clauses {
			c.markNoChange(prev.Cond, true, exempt)
		}
	}
}

// markNoChange adds to exempt the writes that cond (negated when neg)
// tests for having changed nothing. Conjuncts of "and" (disjuncts of "or"
// when negated) each imply their test.
func (c *wbvCheck) markNoChange(cond luaast.Expr, neg bool, exempt map[*analyzer.RedisCall]bool) {
	mark := func(e luaast.Expr, ok func(*analyzer.RedisCall) bool) {
		for _, w := range c.testedWrites(e, ok) {
			exempt[w] = true
		}
	}
	cond = luaast.Unparen(cond)
	switch x := cond.(type) {
	case *luaast.UnaryExpr:
		if x.Op == luaast.OpNot {
			// "not w" holds when w's reply is null: the case below, negated.
			c.markNoChange(x.X, !neg, exempt)
		}
		return
	case *luaast.Ident, *luaast.CallExpr:
		// "if redis.call('SET', k, v, 'NX') then ... else <here>"; an
		// integer reply is never false, so "if not redis.call('HSET', ...)"
		// never chooses the branch because of that write.
		if neg {
			mark(x, func(w *analyzer.RedisCall) bool { return nullMeansNoChange(w) || integerReplyWrite(w) })
		}
		return
	case *luaast.FieldExpr:
		// "if r.err then return r end" after r = redis.pcall(...): the
		// write failed, so it changed nothing.
		if !neg && x.Name != nil && x.Name.Name == "err" {
			mark(x.X, failedPcall)
		}
		return
	case *luaast.BinaryExpr:
		if (x.Op == luaast.OpAnd && !neg) || (x.Op == luaast.OpOr && neg) {
			c.markNoChange(x.X, neg, exempt)
			c.markNoChange(x.Y, neg, exempt)
			return
		}
		op := x.Op
		if neg {
			switch op {
			case luaast.OpEq:
				op = luaast.OpNe
			case luaast.OpNe:
				op = luaast.OpEq
			case luaast.OpLt:
				op = luaast.OpGe
			case luaast.OpGe:
				op = luaast.OpLt
			case luaast.OpGt:
				op = luaast.OpLe
			case luaast.OpLe:
				op = luaast.OpGt
			default:
				return
			}
		}
		tested, other := x.X, x.Y
		if !c.mayBeWriteReply(tested) {
			tested, other = x.Y, x.X
			op = mirror(op)
		}
		switch lit := luaast.Unparen(other).(type) {
		case *luaast.FalseLit:
			if op == luaast.OpEq {
				mark(tested, nullMeansNoChange)
			}
		case *luaast.NumberLit:
			// ZADD ... INCR replies with the new score as a string (or
			// null): "== 0" never holds, the branch is not the write's doing.
			if op == luaast.OpEq {
				mark(tested, zaddIncr)
			}
			switch {
			case op == luaast.OpEq && lit.Value == 0,
				op == luaast.OpNe && lit.Value == 1,
				op == luaast.OpLt && lit.Value == 1,
				op == luaast.OpLe && lit.Value == 0:
				mark(tested, zeroMeansNoChange)
			}
		}
	}
}

// mayBeWriteReply reports whether e is a write call or a local that some
// write call's reply defines: the operand of a comparison that
// markNoChange looks at.
func (c *wbvCheck) mayBeWriteReply(e luaast.Expr) bool {
	return len(c.testedWrites(e, func(*analyzer.RedisCall) bool { return true })) > 0
}

// testedWrites returns the writes (satisfying ok) whose own reply e is
// whenever one of them ran before e on the way there, so that testing e
// tests what that write did:
//   - e is the write call itself, not run earlier in a loop;
//   - or e reads a local and the write's reply is one of the local's
//     definitions reaching e, on no path followed by a later run of the
//     same write or by another definition (including a later iteration
//     of a loop): "local c; if a then c = SET ... NX else c = SET ... NX
//     end; if not c then" tests both SETs, while a SET NX whose result is
//     overwritten on some path, or that runs once per loop iteration, is
//     not tested by the final value.
//
// A local whose value may come from the function's entry (a parameter or
// an upvalue read across functions) is followed only when it is bound once.
func (c *wbvCheck) testedWrites(e luaast.Expr, ok func(*analyzer.RedisCall) bool) []*analyzer.RedisCall {
	e = luaast.Unparen(e)
	writeCall := func(x luaast.Expr) *analyzer.RedisCall {
		if rc := c.calls.OfExpr(luaast.Unparen(x)); rc != nil && rc.IsWrite && !rc.Wrapped && ok(rc) {
			return rc
		}
		// A local helper that returns the write's reply
		// (local function add(k, m) return redis.call('ZADD', k, 'NX', 0, m) end).
		if call, isCall := luaast.Unparen(x).(*luaast.CallExpr); isCall {
			if rc := c.helperWrite(call); rc != nil && ok(rc) {
				return rc
			}
		}
		return nil
	}
	id, isIdent := e.(*luaast.Ident)
	if !isIdent {
		// A write running again (an earlier loop iteration) changed
		// something the test does not see.
		if w := writeCall(e); w != nil && !c.flow.HasWriteBefore(e, w) {
			return []*analyzer.RedisCall{w}
		}
		return nil
	}
	if id.Var == nil {
		return nil
	}
	defs, entry := c.origins.ReachingDefs(id)
	if entry {
		if b := c.info.BoundOnce(id.Var); b != nil {
			if w := writeCall(b); w != nil && !c.flow.HasWriteBefore(b, w) {
				return []*analyzer.RedisCall{w}
			}
		}
		return nil
	}
	// A write that may have run before some reaching definition can be
	// followed by that definition, which replaces its reply.
	replaced := func(w *analyzer.RedisCall) bool {
		for _, d := range defs {
			if c.flow.HasWriteBefore(d.Stmt, w) {
				return true
			}
		}
		return false
	}
	var out []*analyzer.RedisCall
	for _, d := range defs {
		if d.Kind != analyzer.DefValue {
			continue
		}
		if w := writeCall(d.Expr); w != nil && !replaced(w) {
			out = append(out, w)
		}
	}
	return out
}

// helperWrite returns the write whose reply a call of a local function
// is: the function's only return statement returns that write call
// directly. nil otherwise.
func (c *wbvCheck) helperWrite(call *luaast.CallExpr) *analyzer.RedisCall {
	fn := c.calls.LocalFunc(call)
	if fn == nil || fn.Body == nil {
		return nil
	}
	var ret *luaast.ReturnStmt
	n := 0
	luaast.Inspect(fn.Body, func(x luaast.Node) bool {
		switch r := x.(type) {
		case *luaast.FunctionExpr:
			return false
		case *luaast.ReturnStmt:
			ret = r
			n++
		}
		return true
	})
	if n != 1 || len(ret.Exprs) != 1 {
		return nil
	}
	if rc := c.calls.OfExpr(luaast.Unparen(ret.Exprs[0])); rc != nil && rc.IsWrite && !rc.Wrapped {
		return rc
	}
	return nil
}

// bookkeepingWrite reports whether w is idempotent upkeep that is right
// whatever the script decides next, so an error after it leaves no
// half-applied change: a TTL refresh (EXPIRE, PEXPIRE, PERSIST), a score
// refresh of members that must already exist (ZADD XX without INCR), and
// the trimming of expired members (ZREMRANGEBYSCORE).
func bookkeepingWrite(w *analyzer.RedisCall) bool {
	if !w.NameKnown {
		return false
	}
	switch w.Name {
	case "EXPIRE", "PEXPIRE", "PERSIST", "ZREMRANGEBYSCORE":
		return true
	case "ZADD":
		return hasLiteralArg(w, "XX") && !hasLiteralArg(w, "INCR")
	}
	return false
}

// integerReplyWrite reports whether w always replies with an integer
// (never false in Lua).
func integerReplyWrite(w *analyzer.RedisCall) bool {
	return w.NameKnown && redisfacts.ReplyIsInteger(w.Name) && !zaddIncr(w)
}

// zaddIncr reports whether w is ZADD ... INCR, whose reply is the new
// score as a string, or null when NX/XX stopped it.
func zaddIncr(w *analyzer.RedisCall) bool { return w.Name == "ZADD" && hasLiteralArg(w, "INCR") }

// mirror returns the operator for swapped operands (a < b is b > a).
func mirror(op luaast.BinaryOp) luaast.BinaryOp {
	switch op {
	case luaast.OpLt:
		return luaast.OpGt
	case luaast.OpGt:
		return luaast.OpLt
	case luaast.OpLe:
		return luaast.OpGe
	case luaast.OpGe:
		return luaast.OpLe
	}
	return op
}

// zeroMeansNoChange reports whether a 0 reply of w means it changed
// nothing: commands replying with the number of elements removed, added or
// updated, or 0 for "not done" (DECRBY's 0 is a new value, not one of them).
func zeroMeansNoChange(w *analyzer.RedisCall) bool {
	switch w.Name {
	case "DEL", "UNLINK", "LREM", "SREM", "ZREM", "HDEL", "SADD", "SETNX", "HSETNX", "MSETNX", "RENAMENX",
		"SMOVE", "EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT", "PERSIST", "XDEL", "XACK", "ZREMRANGEBYSCORE",
		"ZREMRANGEBYRANK", "ZREMRANGEBYLEX", "LPUSHX", "RPUSHX", "COPY", "MOVE", "PFADD":
		return true
	case "ZADD":
		return hasLiteralArg(w, "NX")
	}
	return false
}

// failedPcall says whether a reply of w that is an error table means w
// changed nothing: a redis.pcall write returns the command's error
// (WRONGTYPE, OOM ...) as {err = ...} when it failed, and a command that
// fails changes nothing. (pcall(redis.call, ...) returns false and the
// error instead; its status is not the reply.)
func failedPcall(w *analyzer.RedisCall) bool { return w.Protected && !w.Wrapped }

// nullMeansNoChange reports whether a null reply (false in Lua) of w means
// it changed nothing: SET with NX or XX, pops and moves of an empty list.
func nullMeansNoChange(w *analyzer.RedisCall) bool {
	switch w.Name {
	case "SET":
		return (hasLiteralArg(w, "NX") || hasLiteralArg(w, "XX")) && !hasLiteralArg(w, "GET")
	case "GETDEL", "LPOP", "RPOP", "SPOP", "LMOVE", "RPOPLPUSH", "BLMOVE", "BRPOPLPUSH", "GETEX":
		return true
	case "ZADD":
		if zaddIncr(w) && (hasLiteralArg(w, "XX") || hasLiteralArg(w, "NX")) {
			return true
		}
	}
	return zeroMeansNoChange(w)
}

// hasLiteralArg reports whether a string literal argument of w equals word
// (case-insensitive).
func hasLiteralArg(w *analyzer.RedisCall, word string) bool {
	for _, a := range w.Args {
		if s, ok := luaast.Unparen(a).(*luaast.StringLit); ok && strings.EqualFold(s.Value, word) {
			return true
		}
	}
	return false
}

// validatedInput names the input an error point checks: "ARGV[1]" when an
// enclosing if condition (or the assert's arguments) converts or inspects
// an ARGV element with tonumber, type or string.match/find, and that
// conversion or inspection itself can run after a write (afterWrite): a
// tonumber(ARGV[1]) stored in a local before the first write is not
// validation after a write, even when the test of that local comes later.
// "" otherwise.
func validatedInput(pass *analyzer.Pass, info *analyzer.ScriptInfo, calls *analyzer.CallInfo, origins *analyzer.OriginInfo, fn *luaast.FunctionExpr, n luaast.Node, afterWrite func(luaast.Node) bool) string {
	var conds []luaast.Expr
	if c, ok := n.(*luaast.CallExpr); ok && calls.Callee(c) == "assert" && len(c.Args) > 0 {
		conds = append(conds, c.Args[0])
	}
	luaast.Inspect(fn.Body, func(x luaast.Node) bool {
		if x == nil || !luaast.Contains(x, n) {
			return false
		}
		if _, ok := x.(*luaast.FunctionExpr); ok {
			return false
		}
		if ifs, ok := x.(*luaast.IfStmt); ok {
			for _, c := range ifs.Clauses {
				conds = append(conds, c.Cond)
				if luaast.Contains(c.Body, n) {
					break
				}
			}
		}
		return true
	})
	for _, c := range conds {
		found := ""
		analyzer.VisitExpr(info, c, func(x luaast.Expr) bool {
			if found != "" {
				return false
			}
			call, ok := x.(*luaast.CallExpr)
			if !ok {
				return true
			}
			if calls.Of(call) != nil {
				return false // a reply is not an input
			}
			switch calls.Callee(call) {
			case "tonumber", "type", "string.match", "string.find", "string.len":
				if len(call.Args) > 0 && origins.Of(call.Args[0]).Is(analyzer.OriginArgvElem) {
					if !afterWrite(call) {
						return false
					}
					found = analyzer.ElemName(pass, info, origins, call.Args[0], analyzer.OriginArgvTable, "an input")
					return false
				}
			}
			return true
		})
		if found != "" {
			return found
		}
	}
	return ""
}
