package rules

import (
	"slices"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var argvTonumberRule = &analyzer.Rule{
	ID:       "argv-tonumber",
	Severity: analyzer.SeverityWarning,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis, analyzer.OriginsAnalysis, analyzer.InspectAnalysis},
	Options: []analyzer.OptionSpec{
		{Name: "report-coercion", Default: false, Doc: "also report, at info, ARGV elements that Lua converts " +
			"implicitly: in arithmetic, as numeric for bounds and as math.* arguments (they work on numeric strings; " +
			"a strict style converts every input once with tonumber)"},
	},
	Doc: analyzer.Doc{
		Title: "an ARGV element used as a number without tonumber",
		Rationale: "Every ARGV element (and every element of a function's args) is a Lua string, whatever the " +
			"caller sent. Compared with a number by <, <=, > or >= it raises \"attempt to compare number with " +
			"string\" (verified on Redis 7.0.15); compared with == or ~= it is never equal to a number, so " +
			"ARGV[1] == 5 is always false and ~= always true (verified). Both are reported as errors. Used as the " +
			"index of a table whose keys are numbers (KEYS, ARGV, an array reply, a local table built and indexed " +
			"only with numbers) it finds nothing: t[ARGV[1]] with \"2\" is t['2'], not t[2] (verified), an error. " +
			"Compared by order with another string (another ARGV element, a reply, a numeric string literal) it is " +
			"compared lexically: \"10\" < \"9\" (verified), a warning; not against '0' or '1', where the lexical " +
			"order is the numeric one for every number written the usual way (\"10\" > \"1\", \"-5\" < \"0\", verified). Arithmetic, math.* and numeric for bounds " +
			"work: Lua 5.1 converts numeric strings (verified: for i = 1, ARGV[1] runs, ARGV[1] + 1 with \"5\" " +
			"gives 6), so they are not reported; the option report-coercion reports them at info for a strict " +
			"style (the conversion also accepts \"1e3\" and \" 5\", and fails deep in the script on \"abc\"). " +
			"Convert once at the top with tonumber and " +
			"check the result: local n = tonumber(ARGV[1]); if not n then return redis.error_reply('...') end. " +
			"Values only passed to redis.call, concatenated or compared with string literals that are not numbers " +
			"are not reported, nor tables indexed by strings anywhere (t.x, t[name]).",
		Bad:       "if ARGV[1] > 0 then\n  redis.call('INCRBY', KEYS[1], ARGV[1])\nend\n",
		Good:      "local n = tonumber(ARGV[1])\nif n and n > 0 then\n  redis.call('INCRBY', KEYS[1], n)\nend\n",
		Tags:      []string{"correctness", "values"},
		Precision: "high",
	},
	Run: runArgvTonumber,
}

func init() { register(argvTonumberRule) }

// argvString reports whether e's value is an ARGV element (a string): it
// may be one and is otherwise only a number, nil or literal, never of
// unknown origin.
func argvString(o analyzer.Origin) bool {
	return o.Is(analyzer.OriginArgvElem) &&
		o.IsOnly(analyzer.OriginArgvElem|analyzer.OriginNumber|analyzer.OriginArith|analyzer.OriginConverted|analyzer.OriginNil|analyzer.OriginString)
}

// neverArgvString reports, from its syntax alone, that the value of e is
// never an ARGV string, whatever its operands: arithmetic and # give
// OriginArith, comparisons and not OriginBool, concatenations
// OriginBuilt, literals and constructors their own kinds; only and/or
// (and names, indexes, calls, varargs) pass an ARGV element through.
// Checking it before Of keeps the rule linear on long arithmetic chains,
// where Of on each inner node would evaluate the whole chain below it
// again. TestNeverArgvString checks it against Of.
func neverArgvString(e luaast.Expr) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.BinaryExpr:
		return x.Op != luaast.OpAnd && x.Op != luaast.OpOr
	case *luaast.UnaryExpr, *luaast.NumberLit, *luaast.StringLit, *luaast.NilLit,
		*luaast.TrueLit, *luaast.FalseLit, *luaast.FunctionExpr, *luaast.TableExpr:
		return true
	}
	return false
}

func runArgvTonumber(pass *analyzer.Pass) {
	origins := analyzer.Origins(pass)
	// A file without an ARGV table (no ARGV read, no callback with an
	// args parameter) has no ARGV element to find.
	if !origins.HasArgvTable() {
		return
	}
	calls := analyzer.Calls(pass)
	name := func(e luaast.Expr) string {
		text := pass.File.ShortText(luaast.Unparen(e))
		if _, ok := luaast.Unparen(e).(*luaast.IndexExpr); ok {
			return text
		}
		src := analyzer.ElemName(pass, analyzer.Script(pass), origins, e, analyzer.OriginArgvTable, "")
		if src == "" {
			return "'" + text + "' (an ARGV element)"
		}
		return "'" + text + "' (" + src + ")"
	}
	conv := func(e luaast.Expr) string {
		if _, ok := luaast.Unparen(e).(*luaast.IndexExpr); ok {
			return "tonumber(" + pass.File.ShortText(luaast.Unparen(e)) + ")"
		}
		return "tonumber"
	}
	// The ARGV screen answers most operands without evaluating them: a
	// full Of resolves every local read through its reaching definitions
	// (TestArgvScreenOracle checks that the screen never says no where
	// Of says ARGV).
	isArgvString := func(e luaast.Expr) bool {
		return !neverArgvString(e) && origins.MayBeArgvElement(e) && argvString(origins.Of(e))
	}
	isNum := func(e luaast.Expr) bool {
		o := origins.Of(e)
		return o.IsNumber() || analyzer.IntegerReply(o)
	}
	// isStringValue: another string an ARGV string may be compared with
	// by order, lexically: an ARGV element, a reply that is not an
	// integer, a literal that reads as a number.
	isStringValue := func(e luaast.Expr) bool {
		if isArgvString(e) {
			return true
		}
		if lit, ok := luaast.Unparen(e).(*luaast.StringLit); ok {
			_, err := strconv.ParseFloat(strings.TrimSpace(lit.Value), 64)
			return err == nil
		}
		if _, ok := luaast.Unparen(e).(*luaast.IndexExpr); !ok && analyzer.NeverOnlyReply(e) {
			return false
		}
		o := origins.Of(e)
		return o.IsOnly(analyzer.OriginReply|analyzer.OriginReplyElem) && !analyzer.IntegerReply(o) && !analyzer.ReplyOfOnly(o, redisfacts.ReplyIsArray)
	}
	coercion := pass.Options.Bool("report-coercion")
	reportCoercion := func(n luaast.Node, msg string) {
		pass.Report(analyzer.Diagnostic{Severity: analyzer.SeverityInfo, Span: luaast.SpanOf(n), Message: msg})
	}
	// Under RESP3 (redis.setresp) some array replies arrive as maps
	// (HGETALL): only RESP2 replies are known to be arrays.
	resp2 := len(calls.Named("redis.setresp", "server.setresp")) == 0
	numericKeys := &numericKeyed{pass: pass, info: analyzer.Script(pass), origins: origins, isArgvString: isArgvString, replies: resp2}

	// Calls matter only when they are math.* library calls: without one in
	// the file (the calls analysis lists them), calls are not visited.
	mask := luaast.KindBinaryExpr | luaast.KindIndexExpr
	if coercion {
		mask |= luaast.KindUnaryExpr | luaast.KindNumericForStmt
		if slices.ContainsFunc(calls.Sites, func(s *analyzer.CallSite) bool { return strings.HasPrefix(s.Callee, "math.") }) {
			mask |= luaast.KindCallExpr
		}
	}
	analyzer.Inspector(pass).Preorder(mask, func(n luaast.Node) {
		switch x := n.(type) {
		case *luaast.BinaryExpr:
			switch x.Op {
			case luaast.OpLt, luaast.OpLe, luaast.OpGt, luaast.OpGe, luaast.OpEq, luaast.OpNe:
				var s, other luaast.Expr
				switch {
				case isArgvString(x.X) && isNum(x.Y):
					s, other = x.X, x.Y
				case isArgvString(x.Y) && isNum(x.X):
					s, other = x.Y, x.X
				default:
					if x.Op != luaast.OpEq && x.Op != luaast.OpNe {
						switch {
						case isArgvString(x.X) && isStringValue(x.Y):
							s, other = x.X, x.Y
						case isArgvString(x.Y) && isStringValue(x.X):
							s, other = x.Y, x.X
						default:
							return
						}
						if lit, ok := luaast.Unparen(other).(*luaast.StringLit); ok && (lit.Value == "0" || lit.Value == "1") {
							// Against '0' or '1' the lexical order is the
							// numeric one for every number written the
							// usual way ("10" > "1", "-5" < "0", "0.5" < "1").
							return
						}
						otherName := "'" + pass.File.ShortText(luaast.Unparen(other)) + "'"
						if _, lit := luaast.Unparen(other).(*luaast.StringLit); lit {
							otherName = pass.File.ShortText(luaast.Unparen(other)) // already quoted
						}
						pass.Report(analyzer.Diagnostic{
							Severity: analyzer.SeverityWarning,
							Span:     luaast.SpanOf(x),
							Message: concat(name(s), " and ", otherName, " are both strings: '", x.Op.String(),
								"' compares them lexically ('10' < '9'); if they hold numbers, convert both with tonumber"),
						})
					}
					return
				}
				if x.Op == luaast.OpEq || x.Op == luaast.OpNe {
					always := "false"
					if x.Op == luaast.OpNe {
						always = "true"
					}
					num := "a number"
					if _, ok := origins.Of(other).ConstNumber(); ok {
						num = "the number " + pass.File.ShortText(other)
					}
					pass.Report(analyzer.Diagnostic{
						Severity: analyzer.SeverityError,
						Span:     luaast.SpanOf(x),
						Message:  concat(name(s), " is a string and never equals ", num, ": this test is always ", always, "; compare ", conv(s)),
					})
					return
				}
				// Lua evaluates a > b as b < a: the left operand of the
				// comparison Lua runs is named first in the error.
				first, second := "string", "number"
				if (s == x.X) == (x.Op == luaast.OpGt || x.Op == luaast.OpGe) {
					first, second = "number", "string"
				}
				pass.Report(analyzer.Diagnostic{
					Severity: analyzer.SeverityError,
					Span:     luaast.SpanOf(x),
					Message:  concat(name(s), " is a string: comparing it with a number raises \"attempt to compare ", first, " with ", second, "\"; convert it with ", conv(s)),
				})
			case luaast.OpAdd, luaast.OpSub, luaast.OpMul, luaast.OpDiv, luaast.OpMod, luaast.OpPow:
				if !coercion {
					return
				}
				for _, e := range []luaast.Expr{x.X, x.Y} {
					if isArgvString(e) {
						reportCoercion(e, concat(name(e), " is a string used in arithmetic: Lua converts it implicitly, accepting \"1e3\" or \" 5\" and failing later on bad input; convert it with ", conv(e), " and check the result"))
					}
				}
			}
		case *luaast.UnaryExpr:
			if x.Op == luaast.OpNeg && isArgvString(x.X) {
				reportCoercion(x.X, concat(name(x.X), " is a string used in arithmetic: Lua converts it implicitly, accepting \"1e3\" or \" 5\" and failing later on bad input; convert it with ", conv(x.X), " and check the result"))
			}
		case *luaast.NumericForStmt:
			for _, e := range []luaast.Expr{x.Start, x.Limit, x.Step} {
				if e != nil && isArgvString(e) {
					reportCoercion(e, concat(name(e), " is a string used as a 'for' bound: Lua converts it implicitly and fails with \"'for' limit must be a number\" on bad input; convert it with ", conv(e), " and check the result"))
				}
			}
		case *luaast.IndexExpr:
			if isArgvString(x.Key) && numericKeys.table(x.X) {
				pass.Report(analyzer.Diagnostic{
					Severity: analyzer.SeverityError,
					Span:     luaast.SpanOf(x.Key),
					Message: concat(name(x.Key), " is a string used as an index of '", pass.File.ShortText(luaast.Unparen(x.X)),
						"', whose keys are numbers: t['2'] is not t[2], so this finds nothing; index with ", conv(x.Key)),
				})
			}
		case *luaast.CallExpr:
			callee := calls.Callee(x)
			if len(callee) > 5 && callee[:5] == "math." {
				for _, a := range x.Args {
					if isArgvString(a) {
						reportCoercion(a, concat(name(a), " is a string passed to ", callee, ": Lua converts it implicitly, accepting \"1e3\" or \" 5\" and raising on bad input; convert it with ", conv(a), " and check the result"))
					}
				}
			}
		}
	})
}

// numericKeyed tells the tables whose keys are numbers: KEYS, ARGV (and a
// library callback's keys and args), an array reply, and a local bound
// once to a table constructor whose fields are all positional and that is
// only ever indexed with numbers (t[1], t[i] in a numeric for, t[#t + 1],
// table.insert(t, v)), never with a name (t.x) or a value that may be a
// string. Indexing such a table with an ARGV string finds nothing.
type numericKeyed struct {
	pass         *analyzer.Pass
	info         *analyzer.ScriptInfo
	origins      *analyzer.OriginInfo
	isArgvString func(luaast.Expr) bool
	// replies: array replies count (the script stays on RESP2).
	replies bool
	memo    map[*luaast.Variable]bool
	parents analyzer.ParentMap
}

// table reports whether the table expression e has only number keys.
func (k *numericKeyed) table(e luaast.Expr) bool {
	e = luaast.Unparen(e)
	if id, ok := e.(*luaast.Ident); ok && id.Var == nil {
		return id.Name == "KEYS" || id.Name == "ARGV"
	}
	o := k.origins.Of(e)
	if o.IsOnly(analyzer.OriginKeysTable|analyzer.OriginArgvTable) || k.replies && analyzer.ReplyOfOnly(o, redisfacts.ReplyIsArray) {
		return true
	}
	id, ok := e.(*luaast.Ident)
	if !ok || id.Var == nil {
		return false
	}
	if v, done := k.memo[id.Var]; done {
		return v
	}
	if k.memo == nil {
		k.memo = map[*luaast.Variable]bool{}
	}
	r := k.local(id.Var)
	k.memo[id.Var] = r
	return r
}

// local reports whether v is a local table with only number keys.
func (k *numericKeyed) local(v *luaast.Variable) bool {
	t, ok := luaast.Unparen(k.info.BoundOnce(v)).(*luaast.TableExpr)
	if !ok || t == nil {
		return false
	}
	evidence := false
	for _, f := range t.Fields {
		if f.Kind != luaast.FieldPositional {
			return false
		}
		evidence = true
	}
	if !k.parents.Ready() {
		k.parents = analyzer.Parents(k.pass)
	}
	for _, ref := range v.Refs {
		at, p := k.parents.OutsideParens(ref)
		switch p := p.(type) {
		case *luaast.IndexExpr:
			if luaast.Node(p.X) != at {
				continue // v is the key, not the table
			}
			if k.isArgvString(p.Key) {
				continue // the uses under test
			}
			if !k.origins.Of(p.Key).IsNumber() {
				return false // a name, a string, or unknown: a hash table
			}
			evidence = true
		case *luaast.FieldExpr, *luaast.MethodCallExpr:
			return false
		case *luaast.CallExpr:
			if len(p.Args) > 0 && luaast.Node(p.Args[0]) == at {
				if fn, ok := p.Fn.(*luaast.FieldExpr); ok {
					if tbl, ok := fn.X.(*luaast.Ident); ok && tbl.Var == nil && tbl.Name == "table" && fn.Name.Name == "insert" {
						evidence = true
					}
				}
			}
		}
	}
	return evidence
}
