package rules

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var floatReturnRule = &analyzer.Rule{
	ID:       "float-return",
	Severity: analyzer.SeverityInfo, // see the last sentence of the Rationale
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis, analyzer.OriginsAnalysis, analyzer.ReplyReturnsAnalysis},
	Doc: analyzer.Doc{
		Title: "a returned number that can be fractional: the reply truncates it",
		Rationale: "Redis converts a Lua number in the script's reply (or in a returned array) to an integer " +
			"reply by a C cast, which truncates toward zero: return 3.7 replies 3, return 10 / 3 replies 3, and " +
			"-0.5 becomes 0 (verified on Redis 7.0). The rule reports a returned value that can be fractional: " +
			"a division, a float literal, math.sqrt/log/exp/..., math.random(), math.pi, a multiplication by a " +
			"non-integer literal, tonumber of a float string literal or of an INCRBYFLOAT/HINCRBYFLOAT reply, " +
			"a local holding one of those where it is returned, or a call of a local function that returns one; elements of a returned table constructor " +
			"are checked the same way. Return tostring(x) (or string.format) to keep the fraction, " +
			"math.floor(x) if an integer is meant, or {double = x} for a RESP3 double. Not reported: " +
			"math.floor/math.ceil, tostring, string.format, a reply value returned as is, tonumber of ARGV or " +
			"of other replies (their text decides), and integer arithmetic. Only the replies of the script " +
			"(the main chunk of an EVAL script, the callbacks of a library) are checked. The rule reports at " +
			"info by default: on 398 real scripts from 55 projects, the fractional replies it found were " +
			"truncated on purpose (a rate or a ratio the caller wants as an integer); raise it to warning " +
			"where replies are meant to keep their fraction.",
		Bad:       "local total = tonumber(redis.call('GET', KEYS[1]) or '0')\nlocal n = tonumber(redis.call('GET', KEYS[2]) or '1')\nreturn total / n\n",
		Good:      "local total = tonumber(redis.call('GET', KEYS[1]) or '0')\nlocal n = tonumber(redis.call('GET', KEYS[2]) or '1')\nreturn tostring(total / n)\n",
		Tags:      []string{"correctness", "replies"},
		Precision: "high",
	},
	Run: runFloatReturn,
}

func init() { register(floatReturnRule) }

func runFloatReturn(pass *analyzer.Pass) {
	fc := &floatChecker{pass: pass, calls: analyzer.Calls(pass), origins: analyzer.Origins(pass), info: analyzer.Script(pass),
		visiting: map[*luaast.Variable]bool{}}
	for _, ret := range analyzer.ReplyReturns(pass) {
		if len(ret.Exprs) == 0 {
			continue
		}
		fc.check(ret.Exprs[0], 0)
	}
}

// floatChecker decides whether a number can be fractional.
type floatChecker struct {
	pass     *analyzer.Pass
	calls    *analyzer.CallInfo
	origins  *analyzer.OriginInfo
	info     *analyzer.ScriptInfo
	visiting map[*luaast.Variable]bool
}

// check reports e, or the elements of the table constructor e, when they
// can be fractional.
func (fc *floatChecker) check(e luaast.Expr, depth int) {
	if t, ok := luaast.Unparen(e).(*luaast.TableExpr); ok {
		if depth > 8 || !analyzer.IsArrayReplyTable(t) {
			return
		}
		for _, f := range t.Fields {
			if f.Kind != luaast.FieldPositional {
				continue
			}
			if _, isNil := luaast.Unparen(f.Value).(*luaast.NilLit); isNil {
				return // the array ends here
			}
			fc.check(f.Value, depth+1)
		}
		return
	}
	why, ok := fc.fractional(e, 0)
	if !ok {
		return
	}
	subject := "returned number"
	if _, isName := luaast.Unparen(e).(*luaast.Ident); isName || depth > 0 {
		subject = "returned value '" + fc.pass.File.ShortText(e) + "'"
		if depth > 0 {
			subject = "array element '" + fc.pass.File.ShortText(e) + "'"
		}
	}
	fc.pass.Report(analyzer.Diagnostic{
		Span: luaast.SpanOf(e),
		Message: fmt.Sprintf("%s can be fractional (%s): Redis truncates it toward zero in the reply (10 / 3 is sent as 3); "+
			"return tostring(x) to keep the fraction, or math.floor(x) if an integer is meant", subject, why),
	})
}

// floatCommands are commands whose reply is the text of a float.
var floatCommands = map[string]bool{"INCRBYFLOAT": true, "HINCRBYFLOAT": true}

// fractionalMath are math functions whose result is generally not an
// integer.
var fractionalMath = map[string]bool{
	"math.sqrt": true, "math.log": true, "math.log10": true, "math.exp": true, "math.sin": true, "math.cos": true,
	"math.tan": true, "math.asin": true, "math.acos": true, "math.atan": true, "math.atan2": true, "math.sinh": true,
	"math.cosh": true, "math.tanh": true, "math.deg": true, "math.rad": true,
}

// fractional reports whether e can be a number with a fraction, and why.
func (fc *floatChecker) fractional(e luaast.Expr, depth int) (string, bool) {
	if depth > analyzer.MaxValueDepth {
		return "", false
	}
	depth++
	e = luaast.Unparen(e)
	if v, ok := constNumber(e); ok {
		if v != math.Trunc(v) && !math.IsInf(v, 0) && !math.IsNaN(v) {
			if isNumberLiteral(e) {
				return "a float literal", true
			}
			return "'" + fc.pass.File.ShortText(e) + "' is " + strconv.FormatFloat(v, 'g', 14, 64), true
		}
		return "", false
	}
	switch x := e.(type) {
	case *luaast.Ident:
		if x.Var == nil || fc.visiting[x.Var] {
			return "", false
		}
		fc.visiting[x.Var] = true
		why, ok := fc.fractionalLocal(x, depth)
		delete(fc.visiting, x.Var)
		return why, ok
	case *luaast.FieldExpr:
		if fc.info.GlobalPath(x) == "math.pi" {
			return "math.pi", true
		}
	case *luaast.UnaryExpr:
		if x.Op == luaast.OpNeg {
			return fc.fractional(x.X, depth)
		}
	case *luaast.BinaryExpr:
		switch x.Op {
		case luaast.OpDiv:
			if fc.pairCount(x) {
				return "", false
			}
			return "a division", true
		case luaast.OpMul:
			for _, side := range []luaast.Expr{x.X, x.Y} {
				if v, ok := constNumber(side); ok && v != math.Trunc(v) {
					return "a multiplication by " + fc.pass.File.ShortText(side), true
				}
			}
			return fc.eitherFractional(x.X, x.Y, depth)
		case luaast.OpAdd, luaast.OpSub, luaast.OpMod:
			return fc.eitherFractional(x.X, x.Y, depth)
		case luaast.OpPow:
			if v, ok := constNumber(x.Y); ok && (v < 0 || v != math.Trunc(v)) {
				return "a power with exponent " + fc.pass.File.ShortText(x.Y), true
			}
			return fc.fractional(x.X, depth)
		case luaast.OpAnd:
			return fc.fractional(x.Y, depth)
		case luaast.OpOr:
			return fc.eitherFractional(x.X, x.Y, depth)
		}
	case *luaast.CallExpr:
		callee := fc.calls.Callee(x)
		switch {
		case fractionalMath[callee]:
			return "'" + callee + "(...)'", true
		case callee == "math.random" && len(x.Args) == 0:
			return "math.random() is between 0 and 1", true
		case callee == "math.pow":
			if len(x.Args) == 2 {
				if v, ok := constNumber(x.Args[1]); ok && (v < 0 || v != math.Trunc(v)) {
					return "a power with exponent " + fc.pass.File.ShortText(x.Args[1]), true
				}
				return fc.fractional(x.Args[0], depth)
			}
		case callee == "math.abs" && len(x.Args) > 0:
			return fc.fractional(x.Args[0], depth)
		case callee == "math.fmod" && len(x.Args) == 2:
			return fc.eitherFractional(x.Args[0], x.Args[1], depth)
		case callee == "math.max" || callee == "math.min":
			for _, a := range x.Args {
				if why, ok := fc.fractional(a, depth); ok {
					return why, true
				}
			}
		case callee == "tonumber" && len(x.Args) == 1:
			return fc.floatText(x.Args[0])
		case callee == "":
			return fc.localFuncResult(x, depth)
		}
	}
	return "", false
}

// fractionalLocal is fractional for a read of a local (marked as being
// visited): whether a value reaching the read can be fractional.
func (fc *floatChecker) fractionalLocal(x *luaast.Ident, depth int) (string, bool) {
	// A local bound once has one value (TestFractionalBoundOnce: the
	// only one ReachingDefs can find). When it cannot be fractional, the
	// control-flow search for the values reaching the read is not needed:
	// most returned locals are of this kind. When it can be, its reason
	// is the answer if it reaches the read.
	if b := fc.info.BoundOnce(x.Var); b != nil {
		why, ok := fc.fractional(b, depth)
		if !ok {
			return "", false
		}
		defs, _ := fc.origins.ReachingDefs(x)
		for _, d := range defs {
			if d.Kind == analyzer.DefValue && d.Expr == b {
				return fc.onLine(why, b), true
			}
		}
		return "", false
	}
	defs, _ := fc.origins.ReachingDefs(x)
	for _, d := range defs {
		if d.Kind != analyzer.DefValue {
			continue
		}
		if why, ok := fc.fractional(d.Expr, depth); ok {
			return fc.onLine(why, d.Expr), true
		}
	}
	return "", false
}

// onLine adds to why, the reason a value e can be fractional, the line
// of e, unless why already names one.
func (fc *floatChecker) onLine(why string, e luaast.Expr) string {
	if strings.Contains(why, " on line ") {
		return why
	}
	line := fc.pass.File.Lines.Position(e.Pos()).Line
	return fmt.Sprintf("%s on line %d", why, line)
}

// localFuncResult reports whether a call of a local function defined in
// the file (local function ratio() return a / b end) can return a
// fractional number: what its return statements return decides.
func (fc *floatChecker) localFuncResult(x *luaast.CallExpr, depth int) (string, bool) {
	id, ok := luaast.Unparen(x.Fn).(*luaast.Ident)
	if !ok || id.Var == nil || fc.visiting[id.Var] {
		return "", false
	}
	fn, ok := fc.info.BoundOnce(id.Var).(*luaast.FunctionExpr)
	if !ok {
		return "", false
	}
	fc.visiting[id.Var] = true
	why, found := "", false
	analyzer.InspectSameFunc(fn.Body, func(n luaast.Node) bool {
		if found {
			return false
		}
		if r, ok := n.(*luaast.ReturnStmt); ok && len(r.Exprs) > 0 {
			if w, ok := fc.fractional(r.Exprs[0], depth); ok {
				line := fc.pass.File.Lines.Position(r.Pos()).Line
				why, found = fmt.Sprintf("%s, returned by '%s' on line %d", w, id.Name, line), true
			}
		}
		return !found
	})
	delete(fc.visiting, id.Var)
	return why, found
}

// pairCount reports whether a division counts the pairs of a flat reply
// array, which is always whole: #reply / 2 of HGETALL, of a WITHSCORES or
// WITHVALUES read, or of CONFIG GET.
func (fc *floatChecker) pairCount(x *luaast.BinaryExpr) bool {
	if d, ok := constNumber(x.Y); !ok || d != 2 {
		return false
	}
	n, ok := luaast.Unparen(x.X).(*luaast.UnaryExpr)
	if !ok || n.Op != luaast.OpLen {
		return false
	}
	rcs := analyzer.ReplyCalls(fc.calls, fc.origins, n.X, 0)
	for _, rc := range rcs {
		if !pairReply(fc.origins, rc) {
			return false
		}
	}
	return len(rcs) > 0
}

// pairReply reports whether a command replies with a flat array of pairs.
func pairReply(origins *analyzer.OriginInfo, rc *analyzer.RedisCall) bool {
	if !rc.NameKnown {
		return false
	}
	if rc.Name == "HGETALL" || rc.Name == "CONFIG" && rc.Subcommand == "GET" {
		return true
	}
	for _, a := range rc.Args {
		if s, ok := analyzer.LiteralArg(origins, a); ok && (strings.EqualFold(s, "WITHSCORES") || strings.EqualFold(s, "WITHVALUES")) {
			return true
		}
	}
	return false
}

// eitherFractional is fractional for an operation that is fractional when
// one of its operands is.
func (fc *floatChecker) eitherFractional(a, b luaast.Expr, depth int) (string, bool) {
	if why, ok := fc.fractional(a, depth); ok {
		return why, true
	}
	return fc.fractional(b, depth)
}

// floatText reports whether tonumber(e) can be fractional: e is a float
// string literal, or the reply of a command that replies with a float.
func (fc *floatChecker) floatText(e luaast.Expr) (string, bool) {
	if s, ok := fc.origins.Of(e).ConstString(); ok {
		if v, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && v != math.Trunc(v) {
			return "tonumber of the float string " + strconv.Quote(s), true
		}
		return "", false
	}
	for _, rc := range analyzer.ReplyCalls(fc.calls, fc.origins, e, 0) {
		if rc.NameKnown && floatCommands[rc.Name] {
			return "tonumber of the " + analyzer.QuoteName(rc.Name) + " reply", true
		}
	}
	return "", false
}

// constNumber evaluates literal arithmetic (3.5, -1, 10 / 4, 2 ^ -1).
func constNumber(e luaast.Expr) (float64, bool) {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.NumberLit:
		return x.Value, true
	case *luaast.UnaryExpr:
		if x.Op == luaast.OpNeg {
			v, ok := constNumber(x.X)
			return -v, ok
		}
	case *luaast.BinaryExpr:
		a, ok1 := constNumber(x.X)
		b, ok2 := constNumber(x.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case luaast.OpAdd:
			return a + b, true
		case luaast.OpSub:
			return a - b, true
		case luaast.OpMul:
			return a * b, true
		case luaast.OpDiv:
			return a / b, true
		case luaast.OpMod:
			return a - math.Floor(a/b)*b, true
		case luaast.OpPow:
			return math.Pow(a, b), true
		}
	}
	return 0, false
}

// isNumberLiteral reports whether e is a numeric literal, possibly
// negated.
func isNumberLiteral(e luaast.Expr) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.NumberLit:
		return true
	case *luaast.UnaryExpr:
		return x.Op == luaast.OpNeg && isNumberLiteral(x.X)
	}
	return false
}
