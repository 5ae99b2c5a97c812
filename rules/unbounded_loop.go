package rules

import (
	"fmt"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var unboundedLoopRule = &analyzer.Rule{
	ID:       "unbounded-loop",
	Severity: analyzer.SeverityWarning,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis, analyzer.FlowAnalysis, analyzer.OriginsAnalysis, analyzer.InspectAnalysis, analyzer.CursorLoopsAnalysis},
	Doc: analyzer.Doc{
		Title: "a loop whose number of rounds nothing in the script bounds",
		Rationale: "A script blocks the whole server while it runs: every other client waits, and after " +
			"busy-reply-threshold (5 s by default) they get BUSY replies. SCRIPT KILL stops a script only before " +
			"its first write; after that only SHUTDOWN NOSAVE ends it (verified on Redis 7.0). The rule reports " +
			"(as an error) a while/repeat loop whose condition never ends it and that has no reachable break, " +
			"return or error; as a warning, a numeric for whose limit comes from a reply " +
			"(redis.call('LLEN', k), an element of a reply) with no clamp, and a " +
			"loop that runs SCAN/SSCAN/HSCAN/ZSCAN until the cursor comes back as \"0\", which walks the whole " +
			"keyspace or collection in one call; and at info, a numeric for whose limit is a count the caller " +
			"chose in ARGV (for i = 1, tonumber(ARGV[1]) do ... RPOP ... end): a batch size is a design choice, " +
			"worth a clamp only when callers are not trusted. A clamp is math.min(n, LIMIT) in the limit, or an earlier " +
			"comparison of the value with a bound (if n > 1000 then return ... end); the condition of an if the loop " +
			"runs under is a clamp only when it bounds the value from above (if n <= 100 then, not if n > 5 then). Not reported: loops with a " +
			"break, return or error (paging with LIMIT until done), constant ranges, loops over KEYS/ARGV " +
			"(for i = 1, #ARGV, ipairs(KEYS)), loops whose variable indexes KEYS or ARGV (for t = 1, nTypes do ... " +
			"KEYS[t] ... end, ARGV[offset + 2 * i]) or a counter the body advances every round (ARGV[index] with " +
			"index = index + 2), and loops whose count was compared with #KEYS or #ARGV before them " +
			"(if n * 2 ~= #ARGV then return ... end): the count is the request's own size, which bounds the loop " +
			"as it bounds a variadic command; loops over a table the script built or over the elements of a " +
			"reply already read (for i = 1, #members: unbounded-read reports the read), cursor loops with another " +
			"exit that counts or measures (a round count, a result size, a time budget; an early exit on a " +
			"search hit such as until found or cursor == \"0\" is no budget: with no match it walks to the end), and limits from parameters of unknown origin.",
		Bad: "for i = 1, tonumber(ARGV[1]) do\n" +
			"  redis.call('LPUSH', KEYS[1], i)\n" +
			"end\n",
		Good: "local n = math.min(tonumber(ARGV[1]) or 0, 1000)\n" +
			"for i = 1, n do\n" +
			"  redis.call('LPUSH', KEYS[1], i)\n" +
			"end\n",
		Tags:      []string{"performance", "bounded-work"},
		Precision: "high",
	},
	Run: runUnboundedLoop,
}

func init() { register(unboundedLoopRule) }

func runUnboundedLoop(pass *analyzer.Pass) {
	calls := analyzer.Calls(pass)
	flow := analyzer.Flow(pass)
	in := analyzer.Inspector(pass)
	var cursor map[luaast.Stmt]analyzer.CursorLoop // most files have no cursor loop: no map
	for _, cl := range analyzer.CursorLoops(pass) {
		if cursor == nil {
			cursor = map[luaast.Stmt]analyzer.CursorLoop{}
		}
		cursor[cl.Loop] = cl
	}
	var ctx *analyzer.LoopBounds // made for the first numeric for loop
	newCtx := func() *analyzer.LoopBounds {
		if ctx == nil {
			ctx = analyzer.NewLoopBounds(pass, analyzer.Script(pass), calls, analyzer.Origins(pass))
		}
		return ctx
	}
	in.Preorder(luaast.KindWhileStmt|luaast.KindRepeatStmt|luaast.KindNumericForStmt, func(n luaast.Node) {
		// One case per type: a concrete statement converts to luaast.Stmt
		// without the run-time interface lookup a Node-to-Stmt assertion
		// makes.
		switch s := n.(type) {
		case *luaast.WhileStmt:
			checkCondLoop(pass, calls, flow, cursor, s)
		case *luaast.RepeatStmt:
			checkCondLoop(pass, calls, flow, cursor, s)
		case *luaast.NumericForStmt:
			if flow.Reachable(s) {
				checkForLimit(pass, newCtx(), s)
			}
		}
	})
}

// checkCondLoop reports a reachable while or repeat loop that never ends,
// or that runs a SCAN-family cursor to its end (cursor holds the file's
// cursor loops).
func checkCondLoop(pass *analyzer.Pass, calls *analyzer.CallInfo, flow *analyzer.FlowInfo, cursor map[luaast.Stmt]analyzer.CursorLoop, st luaast.Stmt) {
	if !flow.Reachable(st) {
		return
	}
	if !whileCondMayEnd(st) && !repeatMayEnd(st) && !flow.LoopHasExit(st) && !mayLeaveLoop(st, calls, flow) {
		reportEndlessLoop(pass, st)
	} else if cl, ok := cursor[st]; ok {
		scan := cl.Scans[0]
		what := "the whole collection"
		if scan.Name == "SCAN" {
			what = "the whole keyspace"
		}
		pass.Report(analyzer.Diagnostic{
			Span: loopHeader(st),
			Message: fmt.Sprintf("loop runs %s until the cursor is \"0\": one script call walks %s while the server is blocked; "+
				"return the cursor to the caller and continue in the next call, or stop after a fixed number of rounds",
				analyzer.QuoteName(scan.Name), what),
		})
	}
}

// whileCondMayEnd reports whether s is a while loop whose condition is not
// a literal that is always true: its test can end it, so it has an exit
// (FlowInfo.LoopHasExit says the same, after building the loop's control
// flow graph: most loops are of this kind, and are answered without one).
func whileCondMayEnd(s luaast.Stmt) bool {
	w, ok := s.(*luaast.WhileStmt)
	if !ok {
		return false
	}
	switch luaast.Unparen(w.Cond).(type) {
	case *luaast.TrueLit, *luaast.NumberLit, *luaast.StringLit:
		return false
	}
	return true
}

// repeatMayEnd reports whether s is a repeat loop that certainly has a
// way out: a return or break, or the until test (unless it is a literal
// that is always false), reached by running the body's statements in
// order when those before it are declarations, assignments and calls
// (a call that raises leaves the loop too). FlowInfo.LoopHasExit says the
// same after building the loop's control flow graph; about two repeat
// loops in three are answered here without one (TestRepeatMayEnd).
func repeatMayEnd(s luaast.Stmt) bool {
	r, ok := s.(*luaast.RepeatStmt)
	if !ok {
		return false
	}
	if r.Body != nil {
		for _, st := range r.Body.Stmts {
			switch st.(type) {
			case *luaast.ReturnStmt, *luaast.BreakStmt:
				return true
			case *luaast.LocalStmt, *luaast.AssignStmt, *luaast.CallStmt, *luaast.LocalFunctionStmt, *luaast.FunctionStmt:
			default:
				return false // a branch or a loop: the graph decides
			}
		}
	}
	switch luaast.Unparen(r.Cond).(type) {
	case *luaast.FalseLit, *luaast.NilLit:
		return false
	}
	return true
}

// reportEndlessLoop reports a while/repeat loop that can never end.
func reportEndlessLoop(pass *analyzer.Pass, s luaast.Stmt) {
	var form string
	switch s := s.(type) {
	case *luaast.WhileStmt:
		form = "'while " + pass.File.ShortText(s.Cond) + " do'"
	case *luaast.RepeatStmt:
		form = "'repeat ... until " + pass.File.ShortText(s.Cond) + "'"
	}
	pass.Report(analyzer.Diagnostic{
		Span:     loopHeader(s),
		Severity: analyzer.SeverityError,
		Message: fmt.Sprintf("loop never ends: %s has no reachable break, return or error; the script blocks the server until it is killed "+
			"(SCRIPT KILL works only before the first write): add an exit condition", form),
	})
}

// loopHeader is the span of a loop's first line: "while cond do",
// "repeat", "for i = a, b do".
func loopHeader(s luaast.Stmt) luaast.Span {
	switch s := s.(type) {
	case *luaast.WhileStmt:
		return luaast.Span{Start: s.While, End: s.Cond.End()}
	case *luaast.RepeatStmt:
		return luaast.Span{Start: s.Repeat, End: s.Repeat + luaast.Pos(len("repeat"))}
	case *luaast.NumericForStmt:
		end := s.Limit.End()
		if s.Step != nil {
			end = s.Step.End()
		}
		return luaast.Span{Start: s.For, End: end}
	}
	return luaast.SpanOf(s)
}

// mayLeaveLoop reports whether a loop body may leave the loop in a way
// the control-flow analysis does not model: assert(x) (raises when x is
// falsy), coroutine.yield (a generator loop), or a call of a function
// defined in the file that may raise.
func mayLeaveLoop(s luaast.Stmt, calls *analyzer.CallInfo, flow *analyzer.FlowInfo) bool {
	leaves := false
	analyzer.InspectSameFunc(analyzer.LoopBody(s), func(n luaast.Node) bool {
		call, ok := n.(*luaast.CallExpr)
		if !ok || leaves {
			return !leaves
		}
		switch calls.Callee(call) {
		case "assert", "coroutine.yield":
			leaves = true
		default:
			if fn := calls.LocalFunc(call); fn != nil && flow.MayRaise(fn) {
				leaves = true
			}
		}
		return !leaves
	})
	return leaves
}

// checkForLimit reports a numeric for loop whose number of rounds comes
// from ARGV or a reply without a clamp: a count from the data at the
// rule's severity, a count the caller chose (ARGV) at info, and nothing
// when the count is the request's own size (the loop indexes KEYS or ARGV
// with its variable, or the count was compared with #KEYS or #ARGV).
func checkForLimit(pass *analyzer.Pass, ctx *analyzer.LoopBounds, s *luaast.NumericForStmt) {
	src, bound, ok := analyzer.ForLimitSource(ctx, s, false)
	if !ok || analyzer.IndexesRequest(ctx, s) || analyzer.ComparedWithRequestSize(ctx, s, bound) {
		return
	}
	if src.FromArgv {
		pass.Report(analyzer.Diagnostic{
			Severity: analyzer.SeverityInfo,
			Span:     luaast.SpanOf(bound),
			Message: fmt.Sprintf("loop bound '%s' comes from ARGV with no upper limit: the caller chooses how many rounds run while the server is blocked; clamp it (math.min(n, 1000)) or reject larger values before the loop if callers are not trusted",
				pass.File.ShortText(bound)),
		})
		return
	}
	pass.Report(analyzer.Diagnostic{
		Span: luaast.SpanOf(bound),
		Message: fmt.Sprintf("loop bound '%s' comes from %s with no upper limit: the loop grows with the data while the server is blocked; clamp it (math.min(n, 1000)) and continue in the next call",
			pass.File.ShortText(bound), src.What),
	})
}
