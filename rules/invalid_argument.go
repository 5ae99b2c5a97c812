package rules

import (
	"fmt"
	"math"
	"strconv"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var invalidArgumentRule = &analyzer.Rule{
	ID:       "invalid-argument",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.CallsAnalysis, analyzer.OriginsAnalysis},
	Doc: analyzer.Doc{
		Title: "a command argument that is not a string or an integer",
		Rationale: "redis.call and redis.pcall accept only strings and numbers as arguments; nil, a boolean, " +
			"a table or a function raises \"Lua redis lib command arguments must be strings or integers\" " +
			"(Valkey: \"Command arguments must be strings or integers\"), even in redis.pcall, and a nil in the " +
			"middle of the list is not skipped. Numbers are formatted before they are sent: Redis 7.0 uses " +
			"%.17g, so redis.call('SET', k, 3.7) stores \"3.7000000000000002\" (verified on 7.0.15), and 7.2+ " +
			"the shortest form \"3.7\"; a fractional number where the command wants an integer (EXPIRE's " +
			"seconds) fails with \"value is not an integer or out of range\" on every version. Only values " +
			"whose type is certain are reported: a literal, a table constructor or a local only ever bound to " +
			"them; strings, tostring(x), integral numbers and values of unknown origin are fine. Float findings " +
			"are warnings when the command accepts the value (only its text is surprising), and infos on 7.2+ " +
			"targets, where the text is right but older servers would store the 17-digit form.",
		Bad:       "redis.call('SET', KEYS[1], nil)\n",
		Good:      "redis.call('SET', KEYS[1], ARGV[1] or '')\n",
		Tags:      []string{"correctness", "commands"},
		Precision: "very-high",
		Fixes: "The fix of `redis:call(...)` and `redis:pcall(...)` writes a dot for the colon. For `redis:call` it is " +
			"safe (applied by `check --fix`): the call raises on every run (verified on Redis 7.0), so no run that gets " +
			"past it changes. For `redis:pcall` it is not: that call returns an error reply and the script goes on " +
			"with it on every run, and after the fix it runs the command instead.",
	},
	Run: runInvalidArgument,
}

func init() { register(invalidArgumentRule) }

const (
	// invalidArgKinds are values redis.call refuses.
	invalidArgKinds = analyzer.OriginNil | analyzer.OriginBool | analyzer.OriginTable |
		analyzer.OriginKeysTable | analyzer.OriginArgvTable | analyzer.OriginFunction
)

func runInvalidArgument(pass *analyzer.Pass) {
	v := pass.Version
	origins := analyzer.Origins(pass)
	refused := argumentsRefusedRaises(v)
	reportMethodCalls(pass, refused)
	for _, rc := range analyzer.Calls(pass).List {
		if rc.NameExpr == nil {
			continue
		}
		// The command name, then its arguments.
		n := 1 + len(rc.Args)
		for i := range n {
			a := rc.NameExpr
			if i > 0 {
				a = rc.Args[i-1]
			}
			if i == n-1 && luaast.IsMultiValue(a) {
				break // may expand to no value or several
			}
			if neverRefusedArg(a) {
				continue
			}
			o := origins.Of(a)
			if o.IsOnly(invalidArgKinds) {
				what, advice := describeInvalidArg(o)
				reportAt(pass, a, concat(what, " passed to '", rc.API, "': ", refused, "; ", advice))
				continue
			}
			if i == 0 || rc.Command == nil || !o.IsOnly(analyzer.OriginNumber) {
				continue
			}
			f, ok := o.ConstNumber()
			if !ok || f == math.Trunc(f) || math.IsInf(f, 0) || math.IsNaN(f) {
				continue
			}
			checkFloatArg(pass, rc, i-1, a, f)
		}
	}
}

// neverRefusedArg reports, from its syntax alone, that an argument's
// origin is neither only refused kinds nor only a number literal, the two
// cases the rule checks: a string literal, an element or field of a table
// (KEYS[1], ARGV[2], t.name: element origins, math.pi's arithmetic), a
// concatenation or arithmetic (a built string, a computed number), a
// length, the negation of anything but a literal, a method call (a string
// function's result, or unknown). Most arguments are of these kinds and
// need no evaluation.
// TestNeverRefusedArg checks it against Of.
func neverRefusedArg(e luaast.Expr) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.StringLit, *luaast.IndexExpr, *luaast.FieldExpr, *luaast.MethodCallExpr:
		return true
	case *luaast.BinaryExpr:
		switch x.Op {
		case luaast.OpAnd, luaast.OpOr, luaast.OpEq, luaast.OpNe, luaast.OpLt, luaast.OpLe, luaast.OpGt, luaast.OpGe:
			return false // a boolean, or either operand
		}
		return true
	case *luaast.UnaryExpr:
		switch x.Op {
		case luaast.OpLen:
			return true
		case luaast.OpNeg:
			_, lit := x.X.(*luaast.NumberLit)
			return !lit
		}
	}
	return false
}

// argumentsRefusedRaises is serverRaises for the error of an argument
// that is not a string or a number, as constants: nothing to build per
// file.
func argumentsRefusedRaises(v redisfacts.Version) string {
	if v.Valkey {
		return `Valkey raises "Command arguments must be strings or integers"`
	}
	return `Redis raises "Lua redis lib command arguments must be strings or integers"`
}

// describeInvalidArg names the kind of a refused value and what to do.
func describeInvalidArg(o analyzer.Origin) (what, advice string) {
	switch {
	case o.IsOnly(analyzer.OriginNil):
		return "nil", "check the value before the call, or pass a string"
	case o.IsOnly(analyzer.OriginBool):
		return "a boolean", "pass a string or a number ('1'/'0', or tostring(x))"
	case o.IsOnly(analyzer.OriginTable | analyzer.OriginKeysTable | analyzer.OriginArgvTable):
		return "a table", "pass its elements with unpack(t), or encode it with cjson.encode(t)"
	case o.IsOnly(analyzer.OriginFunction):
		return "a function", "call it and pass its result"
	}
	return "a value that is never a string or a number", "pass a string or a number"
}

// checkFloatArg reports the fractional number f passed as argument idx
// (0-based, after the command name) of rc.
func checkFloatArg(pass *analyzer.Pass, rc *analyzer.RedisCall, idx int, a luaast.Expr, f float64) {
	v := pass.Version
	cmd := rc.Command
	if cmd.IsSubcommand() {
		idx-- // the subcommand word
	}
	var typ redisfacts.ArgType
	if idx >= 0 && idx < cmd.FixedArgCount() {
		typ = cmd.Args[idx].Type // always present: its type is known
	}
	old := !v.Valkey && !v.AtLeast(7, 2)
	sent := strconv.FormatFloat(f, 'g', -1, 64)
	if old {
		sent = strconv.FormatFloat(f, 'g', 17, 64)
	}
	if (typ == redisfacts.ArgInteger || typ == redisfacts.ArgUnixTime) && !redisfacts.IntegerArgsStrict(cmd.Name) {
		return // the table's types are loose: ZINCRBY's "integer" increment takes floats
	}
	switch typ {
	case redisfacts.ArgInteger, redisfacts.ArgUnixTime:
		text := "value is not an integer or out of range"
		if cmd.Name == "SETBIT" || cmd.Name == "GETBIT" {
			text = "bit offset is not an integer or out of range"
		}
		pass.Reportf(a, "'%s' expects an integer here, but %s is sent as %q: the command fails with %q; pass a whole number (math.floor(x))", cmd.Name, numberText(a), sent, text)
		return
	case redisfacts.ArgDouble:
		return // the server parses the text back to the same number
	}
	shortest, long := strconv.FormatFloat(f, 'g', -1, 64), strconv.FormatFloat(f, 'g', 17, 64)
	if shortest == long {
		return // 0.5, 2.25: the same text on every version
	}
	if typ == "" && hasArgType(cmd.Args, redisfacts.ArgDouble) {
		return // may be a score or another double
	}
	if !old {
		// The target sends the shortest form, so nothing breaks here; the
		// note is for scripts that also run on older servers, which store
		// the 17-digit text (and it costs nothing to write a string).
		pass.Report(analyzer.Diagnostic{
			Span:     luaast.SpanOf(a),
			Severity: analyzer.SeverityInfo,
			Message: fmt.Sprintf("%s is sent to '%s' as %q on %s but as %q before Redis 7.2 (Lua numbers were formatted with %%.17g): pass the string '%s' to send the same text everywhere",
				numberText(a), cmd.Name, shortest, v.Label(), long, shortest),
		})
		return
	}
	pass.Report(analyzer.Diagnostic{
		Span:     luaast.SpanOf(a),
		Severity: analyzer.SeverityWarning,
		Message: fmt.Sprintf("%s is sent to '%s' as %q on %s (Lua numbers are formatted with %%.17g before Redis 7.2): pass the string '%s' instead, or set redis-version: 7.2 or newer if you target it",
			numberText(a), cmd.Name, sent, v.Label(), strconv.FormatFloat(f, 'g', -1, 64)),
	})
}

// numberText is the number as written, for messages.
func numberText(a luaast.Expr) string {
	switch x := a.(type) {
	case *luaast.NumberLit:
		return x.Raw
	case *luaast.UnaryExpr:
		if n, ok := x.X.(*luaast.NumberLit); ok && x.Op == luaast.OpNeg {
			return "-" + n.Raw
		}
	case *luaast.Ident:
		return "'" + x.Name + "'"
	}
	return "the number"
}

// hasArgType reports whether any argument of the tree has type t.
func hasArgType(args []redisfacts.Argument, t redisfacts.ArgType) bool {
	for i := range args {
		if args[i].Type == t || hasArgType(args[i].Args, t) {
			return true
		}
	}
	return false
}

// reportMethodCalls reports redis:call(...) and redis:pcall(...): the colon
// passes the redis table itself as the first argument, which Redis refuses
// like any table (verified on 7.0.15).
func reportMethodCalls(pass *analyzer.Pass, refused string) {
	info := analyzer.Script(pass)
	// The method calls are among the calls the script index lists, in
	// tree order (TestEachCallMatchesInspector): no walk of the file.
	info.EachCall(func(n luaast.Expr, _ *luaast.FunctionExpr) {
		m, ok := n.(*luaast.MethodCallExpr)
		if !ok {
			return
		}
		switch m.Method.Name {
		case "call", "pcall":
		default:
			return
		}
		recv := info.GlobalPath(m.Recv)
		if recv != "redis" && recv != "server" {
			return
		}
		pass.Report(analyzer.Diagnostic{
			Span: luaast.Span{Start: m.Pos(), End: m.Method.End()},
			Message: fmt.Sprintf("'%s:%s(...)' passes the %s table as the command name: %s; write %s.%s(...) with a dot",
				recv, m.Method.Name, recv, refused, recv, m.Method.Name),
			Fixes: []analyzer.Fix{{
				Message: "call it with a dot",
				Edits:   []analyzer.Edit{{Span: luaast.Span{Start: m.Colon, End: m.Colon + 1}, NewText: "."}},
				// redis:call raises on every run; redis:pcall returns an
				// error reply the script goes on with (verified).
				Safe: m.Method.Name == "call",
			}},
		})
	})
}
