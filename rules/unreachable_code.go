package rules

import (
	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var unreachableCodeRule = &analyzer.Rule{
	ID:       "unreachable-code",
	Severity: analyzer.SeverityWarning,
	Requires: []*analyzer.Analysis{analyzer.CallsAnalysis, analyzer.FlowAnalysis, analyzer.InspectAnalysis},
	Doc: analyzer.Doc{
		Title: "statements that can never run",
		Rationale: "Lua accepts statements after error(...), after a do return end block, after an if whose " +
			"every branch returns or raises, and after a loop that never ends, and silently never runs them. " +
			"In a script this usually hides a bug: the write or the reply below was meant to happen. Lua itself " +
			"rejects a statement right after return or break in the same block, so the rule finds what the " +
			"compiler lets through. It reports once per block, at the first statement that cannot run; the " +
			"span covers the rest of the block. Only explicit raises count (error(...), assert(false, ...), " +
			"including local aliases of error): a redis.call that may fail does not.",
		Bad:       "if not ARGV[1] then\n  error('missing value')\n  return redis.error_reply('missing value')\nend\n",
		Good:      "if not ARGV[1] then\n  return redis.error_reply('missing value')\nend\n",
		Tags:      []string{"correctness", "hygiene"},
		Precision: "very-high",
	},
	Run: runUnreachableCode,
}

func init() { register(unreachableCodeRule) }

func runUnreachableCode(pass *analyzer.Pass) {
	flow := analyzer.Flow(pass)
	first := flow.Unreachable()
	if len(first) == 0 {
		return
	}
	calls := analyzer.Calls(pass)
	// Where each reported statement is: its block (its parent: a lookup
	// of the statement, where walking every block of the file cost more
	// than the rest of the rule) and its index there.
	in := analyzer.Inspector(pass)
	for _, s := range first {
		p, ok := stmtPlaceOf(in, s)
		if !ok || p.i == 0 {
			continue
		}
		last := p.blk.Stmts[len(p.blk.Stmts)-1]
		pass.Report(analyzer.Diagnostic{
			Span:    luaast.Span{Start: s.Pos(), End: last.End()},
			Message: concat("unreachable code: ", unreachableCause(calls, p.blk.Stmts[p.i-1]), "; remove it, or move it before if it should run"),
		})
	}
}

// stmtPlace is where a statement is: its block and its index there.
type stmtPlace struct {
	blk *luaast.Block
	i   int
}

// stmtPlaceOf returns the place of statement s in the tree of in; false
// when s is not in it. TestStmtPlaceMatchesWalk checks it against a walk
// of every block.
func stmtPlaceOf(in *luaast.Inspector, s luaast.Stmt) (stmtPlace, bool) {
	if b, ok := in.Parent(s).(*luaast.Block); ok {
		for i, x := range b.Stmts {
			if x == s {
				return stmtPlace{b, i}, true
			}
		}
	}
	return stmtPlace{}, false
}

// unreachableCause explains why the statements after prev cannot run.
func unreachableCause(calls *analyzer.CallInfo, prev luaast.Stmt) string {
	switch s := prev.(type) {
	case *luaast.CallStmt:
		if name := calls.Callee(s.Call); name != "" {
			return "'" + name + "(...)' above always raises"
		}
	case *luaast.DoStmt:
		if n := len(s.Body.Stmts); n > 0 {
			switch s.Body.Stmts[n-1].(type) {
			case *luaast.ReturnStmt:
				return "the 'do return end' above always returns"
			case *luaast.BreakStmt:
				return "the 'do break end' above always leaves the loop"
			}
		}
		return "the 'do ... end' block above never finishes"
	case *luaast.WhileStmt, *luaast.RepeatStmt:
		return "the loop above never ends"
	case *luaast.IfStmt:
		return "every branch of the 'if' above returns, breaks or raises"
	}
	return "the statement above never finishes"
}
