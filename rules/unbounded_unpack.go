package rules

import (
	"fmt"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var unboundedUnpackRule = &analyzer.Rule{
	ID:       "unbounded-unpack",
	Severity: analyzer.SeverityWarning,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis, analyzer.OriginsAnalysis, analyzer.InspectAnalysis, analyzer.CursorLoopsAnalysis},
	Doc: analyzer.Doc{
		Title: "unpack of a table whose size grows with the data",
		Rationale: "unpack(t) pushes every element of t on Lua's C stack, which is limited to about 8000 " +
			"values (LUAI_MAXCSTACK): past that it raises \"too many results to unpack\" (verified on Redis " +
			"7.0: 7998 elements work, 8000 fail), so redis.call('SADD', k, unpack(members)) works in tests and " +
			"fails in production once the data grows. The rule reports unpack of a whole-collection reply " +
			"(SMEMBERS, HGETALL, LRANGE k 0 -1, KEYS...) or of a score, lex or ID range read without LIMIT/COUNT " +
			"(ZRANGEBYSCORE k 0 now: every element in the range, however many), and of a table the script fills in a loop over such a " +
			"reply (ipairs(reply) or for i = 1, #reply alike), a cursor loop, a loop that runs until a command returns " +
			"nothing, or a numeric loop bounded by a reply. Pass the elements in chunks: unpack(t, i, math.min(i + 999, #t)) in a loop stepping " +
			"by 1000. Not reported: unpack with an explicit end other than #t (the chunked idiom), a table " +
			"constructor, KEYS/ARGV and values decoded from them (their size is the caller's choice), tables " +
			"filled in constant loops, and tables of unknown origin.",
		Bad:  "local members = redis.call('SMEMBERS', KEYS[1])\nredis.call('SADD', KEYS[2], unpack(members))\n",
		Good: "local members = redis.call('SMEMBERS', KEYS[1])\nfor i = 1, #members, 1000 do\n  redis.call('SADD', KEYS[2], unpack(members, i, math.min(i + 999, #members)))\nend\n",
		Tags: []string{"correctness", "bounded-work"},
		// Fills through functions the table is passed to are not seen.
		Precision: "high",
	},
	Run: runUnboundedUnpack,
}

func init() { register(unboundedUnpackRule) }

func runUnboundedUnpack(pass *analyzer.Pass) {
	calls := analyzer.Calls(pass)
	sites := calls.Named("unpack")
	if len(sites) == 0 {
		return
	}
	u := &unpackChecker{
		pass:    pass,
		info:    analyzer.Script(pass),
		calls:   calls,
		origins: analyzer.Origins(pass),
		cursor:  map[luaast.Stmt]analyzer.CursorLoop{},
	}
	u.ctx = analyzer.NewLoopBounds(pass, u.info, calls, u.origins)
	for _, cl := range analyzer.CursorLoops(pass) {
		u.cursor[cl.Loop] = cl
	}
	for _, site := range sites {
		call := site.Call
		if len(call.Args) == 0 {
			continue
		}
		t := call.Args[0]
		if len(call.Args) >= 3 && !u.isLengthOf(call.Args[2], t) {
			continue // an explicit end: the chunked idiom
		}
		what, ok := u.unknownSize(t, 0)
		if !ok {
			continue
		}
		pass.Report(analyzer.Diagnostic{
			Span: luaast.SpanOf(call),
			Message: fmt.Sprintf("'unpack' of %s has no size bound: Lua fails with \"too many results to unpack\" near 8000 elements; "+
				"pass them in chunks (for i = 1, #t, 1000 do ... unpack(t, i, math.min(i + 999, #t)) end)", what),
		})
	}
}

// unpackChecker decides whether a table's size grows with the data.
type unpackChecker struct {
	pass    *analyzer.Pass
	info    *analyzer.ScriptInfo
	calls   *analyzer.CallInfo
	origins *analyzer.OriginInfo
	cursor  map[luaast.Stmt]analyzer.CursorLoop
	ctx     *analyzer.LoopBounds
	fills   map[*luaast.Variable][]tableFill // computed on first use
}

// tableFill is a statement adding to a local table, with the loops
// (outermost first) that enclose it in the same function.
type tableFill struct {
	at    luaast.Node
	loops []luaast.Stmt
}

func (u *unpackChecker) text(n luaast.Node) string { return u.pass.File.Text(n) }

// isLengthOf reports whether e is #t or table.getn(t).
func (u *unpackChecker) isLengthOf(e, t luaast.Expr) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.UnaryExpr:
		return x.Op == luaast.OpLen && u.text(luaast.Unparen(x.X)) == u.text(luaast.Unparen(t))
	case *luaast.CallExpr:
		return u.calls.Callee(x) == "table.getn" && len(x.Args) == 1 && u.text(luaast.Unparen(x.Args[0])) == u.text(luaast.Unparen(t))
	}
	return false
}

// unknownSize describes t when its size grows with the data.
func (u *unpackChecker) unknownSize(t luaast.Expr, depth int) (string, bool) {
	if depth > 4 {
		return "", false
	}
	t = luaast.Unparen(t)
	if _, ok := t.(*luaast.TableExpr); ok {
		return "", false
	}
	if u.origins.Of(t).IsOnly(analyzer.OriginKeysTable | analyzer.OriginArgvTable) {
		return "", false
	}
	for _, rc := range analyzer.ReplyCalls(u.calls, u.origins, t, 0) {
		if what, ok := analyzer.GrowingReply(u.origins, rc); ok {
			return what, true
		}
	}
	id, ok := t.(*luaast.Ident)
	if !ok || id.Var == nil {
		return "", false
	}
	if _, isTable := u.info.BoundOnce(id.Var).(*luaast.TableExpr); !isTable {
		return "", false
	}
	for _, f := range u.fillsOf(id.Var) {
		for _, l := range f.loops {
			if what, ok := u.loopGrowth(l, depth); ok {
				return "a table filled in " + what, true
			}
		}
	}
	return "", false
}

// loopGrowth describes a loop whose number of rounds grows with the data.
func (u *unpackChecker) loopGrowth(l luaast.Stmt, depth int) (string, bool) {
	switch s := l.(type) {
	case *luaast.NumericForStmt:
		src, _, ok := analyzer.ForLimitSource(u.ctx, s, true)
		if ok && !src.FromArgv {
			return "a loop bounded by " + src.What, true
		}
		// for i = 1, #t over a table t the script filled from the data:
		// the same as a loop over ipairs(t).
		if over := u.lengthBound(s); over != nil {
			if what, ok := u.unknownSize(over, depth+1); ok {
				return "a loop over " + what, true
			}
		}
	case *luaast.GenericForStmt:
		if len(s.Exprs) != 1 {
			return "", false
		}
		call, ok := luaast.Unparen(s.Exprs[0]).(*luaast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return "", false
		}
		switch u.calls.Callee(call) {
		case "ipairs", "pairs":
			over := call.Args[0]
			for _, rc := range analyzer.ReplyCalls(u.calls, u.origins, over, 0) {
				if what, ok := analyzer.GrowingReply(u.origins, rc); ok {
					return "a loop over " + what, true
				}
			}
			if what, ok := u.unknownSize(over, depth+1); ok {
				return "a loop over " + what, true
			}
		}
	case *luaast.WhileStmt, *luaast.RepeatStmt:
		if cl, ok := u.cursor[l]; ok {
			return "a loop running " + analyzer.QuoteName(cl.Scans[0].Name) + " until the cursor is \"0\"", true
		}
		exits := analyzer.LoopExits(l)
		if len(exits) == 0 {
			return "", false // never ends: unbounded-loop reports it
		}
		for _, e := range exits {
			if e.Cond != nil && hasComparison(e.Cond) {
				return "", false // a count or size limit
			}
		}
		var cmd *analyzer.RedisCall
		analyzer.InspectSameFunc(analyzer.LoopBody(l), func(n luaast.Node) bool {
			if call, ok := n.(*luaast.CallExpr); ok && cmd == nil {
				cmd = u.calls.Of(call)
			}
			return cmd == nil
		})
		if cmd != nil && cmd.NameKnown {
			return "a loop that runs " + analyzer.QuoteName(cmd.Name) + " until the data runs out", true
		}
	}
	return "", false
}

// lengthBound returns t when the numeric loop s runs up to #t or
// table.getn(t) (down from it, with a negative constant step), else nil.
func (u *unpackChecker) lengthBound(s *luaast.NumericForStmt) luaast.Expr {
	bound, _, ok := analyzer.LoopEnds(u.origins, s)
	if !ok {
		return nil
	}
	switch x := luaast.Unparen(bound).(type) {
	case *luaast.UnaryExpr:
		if x.Op == luaast.OpLen {
			return x.X
		}
	case *luaast.CallExpr:
		if u.calls.Callee(x) == "table.getn" && len(x.Args) == 1 {
			return x.Args[0]
		}
	}
	return nil
}

// hasComparison reports whether e contains <, <=, > or >=.
func hasComparison(e luaast.Expr) bool {
	found := false
	analyzer.InspectSameFunc(e, func(n luaast.Node) bool {
		if b, ok := n.(*luaast.BinaryExpr); ok {
			switch b.Op {
			case luaast.OpLt, luaast.OpLe, luaast.OpGt, luaast.OpGe:
				found = true
			}
		}
		return !found
	})
	return found
}

// fillsOf returns the statements that add elements to the local table v
// (t[k] = x, table.insert(t, x)) in the function declaring it, with their
// enclosing loops after the declaration.
func (u *unpackChecker) fillsOf(v *luaast.Variable) []tableFill {
	if u.fills == nil {
		u.fills = map[*luaast.Variable][]tableFill{}
		u.collectFills()
	}
	return u.fills[v]
}

// collectFills finds every fill of a local table bound once to a table
// constructor, in one walk of the file.
func (u *unpackChecker) collectFills() {
	var stack []luaast.Node // the path to the node being looked at
	record := func(id *luaast.Ident, at luaast.Node) {
		v := id.Var
		if v == nil || v.Decl == nil {
			return
		}
		var loops []luaast.Stmt
		for i := len(stack) - 1; i >= 0; i-- {
			if fn, ok := stack[i].(*luaast.FunctionExpr); ok {
				if fn != v.Func {
					return // filled in another function: not followed
				}
				break
			}
			if l, ok := stack[i].(luaast.Stmt); ok && analyzer.LoopBody(l) != nil && l.Pos() > v.Decl.Pos() {
				loops = append([]luaast.Stmt{l}, loops...)
			}
		}
		u.fills[v] = append(u.fills[v], tableFill{at: at, loops: loops})
	}
	analyzer.Inspector(u.pass).WithStack(luaast.KindAssignStmt|luaast.KindCallExpr, func(n luaast.Node, push bool, st []luaast.Node) bool {
		if !push {
			return true
		}
		stack = st
		switch x := n.(type) {
		case *luaast.AssignStmt:
			for _, t := range x.Targets {
				if ix, ok := t.(*luaast.IndexExpr); ok {
					if id, ok := luaast.Unparen(ix.X).(*luaast.Ident); ok {
						record(id, x)
					}
				}
			}
		case *luaast.CallExpr:
			if u.calls.Callee(x) == "table.insert" && len(x.Args) >= 2 {
				if id, ok := luaast.Unparen(x.Args[0]).(*luaast.Ident); ok {
					record(id, x)
				}
			}
		}
		return true
	})
}
