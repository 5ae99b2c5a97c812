package analyzer

import (
	"math"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// IntegerReply reports whether a value certainly is the reply of a command
// that always replies with an integer.
func IntegerReply(o Origin) bool { return ReplyOfOnly(o, redisfacts.ReplyIsInteger) }

// ReplyOfOnly reports whether a value certainly is the reply of a command,
// and every command it may come from has the reply kind (a redisfacts
// predicate on the upper-case name).
func ReplyOfOnly(o Origin, kind func(name string) bool) bool {
	if !o.IsOnly(OriginReply) {
		return false
	}
	cmds, complete := o.ReplyCommands()
	if !complete || len(cmds) == 0 {
		return false
	}
	for _, c := range cmds {
		if !kind(c) {
			return false
		}
	}
	return true
}

// ReplyWhat names the commands a reply origin comes from: "reply of 'GET'".
func ReplyWhat(o Origin) string {
	cmds, complete := o.ReplyCommands()
	if len(cmds) == 0 || !complete {
		return "a command's reply"
	}
	q := make([]string, len(cmds))
	for i, c := range cmds {
		q[i] = "'" + c + "'"
	}
	return "reply of " + strings.Join(q, " or ")
}

// NeverOnlyReply reports, from its syntax alone, that an operand's origin
// is not only a Redis reply, the one case the rule checks past the
// tostring test: a literal, a table or function constructor, "...", an
// element or field (a reply's element is OriginReplyElem, not
// OriginReply), a method call (a string function's result, or unknown), a
// unary operation, a binary one other than and/or (a boolean, a built
// string, arithmetic), or a global. Comparisons are mostly of these, and
// skipping them saves an evaluation per operand.
// TestNeverOnlyReply checks it against Of.
func NeverOnlyReply(e luaast.Expr) bool {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.NilLit, *luaast.TrueLit, *luaast.FalseLit, *luaast.NumberLit, *luaast.StringLit,
		*luaast.VarargExpr, *luaast.FunctionExpr, *luaast.TableExpr,
		*luaast.IndexExpr, *luaast.FieldExpr, *luaast.MethodCallExpr, *luaast.UnaryExpr:
		return true
	case *luaast.BinaryExpr:
		return x.Op != luaast.OpAnd && x.Op != luaast.OpOr
	case *luaast.Ident:
		return x.Var == nil // a global: unknown, or the KEYS/ARGV table
	}
	return false
}

// MaxValueDepth bounds the recursion through expressions and locals.
const MaxValueDepth = 24

// ReplyCalls returns the command calls whose reply e is: the call
// itself, or for a local the calls among the values that can reach the
// read (followed through locals bound to locals).
func ReplyCalls(calls *CallInfo, origins *OriginInfo, e luaast.Expr, depth int) []*RedisCall {
	if depth > MaxValueDepth {
		return nil
	}
	switch x := luaast.Unparen(e).(type) {
	case *luaast.CallExpr:
		if rc := calls.Of(x); rc != nil && !rc.Wrapped {
			return []*RedisCall{rc}
		}
	case *luaast.Ident:
		if x.Var == nil {
			return nil
		}
		defs, _ := origins.ReachingDefs(x)
		var out []*RedisCall
		for _, d := range defs {
			if d.Kind == DefValue {
				if id, ok := luaast.Unparen(d.Expr).(*luaast.Ident); ok && id.Var == x.Var {
					continue
				}
				out = append(out, ReplyCalls(calls, origins, d.Expr, depth+1)...)
			}
		}
		return out
	}
	return nil
}

// WholeReadInfo describes a command call that reads a whole collection.
type WholeReadInfo struct {
	What   string // "the whole set", "every field of the hash"
	Advice string // what to do instead
}

// WholeRead reports whether rc reads a whole collection, judging by its
// literal arguments only (a range from ARGV or a reply is the caller's or
// the data's choice: not reported). unbounded-unpack shares it for
// replies and tables filled from them.
func WholeRead(origins *OriginInfo, rc *RedisCall) (WholeReadInfo, bool) {
	if !rc.NameKnown || rc.Command == nil {
		return WholeReadInfo{}, false
	}
	arg := func(i int) litArg { // i counts from the key (Args[0])
		if i >= len(rc.Args) {
			return litArg{}
		}
		s, ok := LiteralArg(origins, rc.Args[i])
		return litArg{s, ok}
	}
	// options returns the upper-cased literal words from Args[from:], or
	// false when one is not literal or more may follow.
	options := func(from int) ([]string, bool) {
		if !rc.ArgCountKnown {
			return nil, false
		}
		var out []string
		for i := from; i < len(rc.Args); i++ {
			a := arg(i)
			if !a.ok {
				return nil, false
			}
			out = append(out, strings.ToUpper(a.s))
		}
		return out, true
	}
	switch rc.Name {
	case "SMEMBERS":
		return WholeReadInfo{"the whole set", "iterate with SSCAN and a COUNT across calls, or use SCARD/SISMEMBER/SRANDMEMBER for what you need"}, true
	case "HGETALL":
		return WholeReadInfo{"the whole hash", "read only the fields you need with HMGET, or iterate with HSCAN and a COUNT across calls"}, true
	case "HKEYS", "HVALS":
		return WholeReadInfo{"every field of the hash", "read only the fields you need with HMGET, or iterate with HSCAN and a COUNT across calls"}, true
	case "SINTER", "SUNION", "SDIFF":
		return WholeReadInfo{"every member of the sets", "keep the sets small, use SINTERCARD with LIMIT when only the size matters, or compute the result from the client"}, true
	case "LRANGE", "ZREVRANGE":
		if wholeIndexRange(arg(1), arg(2)) {
			return WholeReadInfo{"the whole " + collectionNoun(rc.Name) + " (0 to -1)", "read a bounded range (" + rc.Name + " k 0 99) and continue in the next call"}, true
		}
	case "ZRANGE":
		opts, ok := options(3)
		if !ok {
			return WholeReadInfo{}, false
		}
		rev, byScore, byLex := hasWord(opts, "REV"), hasWord(opts, "BYSCORE"), hasWord(opts, "BYLEX")
		if limitedBy(opts, "LIMIT", 2) {
			return WholeReadInfo{}, false
		}
		lo, hi := 1, 2
		if rev {
			lo, hi = 2, 1
		}
		switch {
		case byScore:
			if arg(lo).minusInf() && arg(hi).plusInf() {
				return WholeReadInfo{"the whole sorted set (-inf to +inf)", "add LIMIT offset count and continue in the next call"}, true
			}
		case byLex:
			if arg(lo).is("-") && arg(hi).is("+") {
				return WholeReadInfo{"the whole sorted set (- to +)", "add LIMIT offset count and continue in the next call"}, true
			}
		default:
			if wholeIndexRange(arg(1), arg(2)) {
				return WholeReadInfo{"the whole sorted set (0 to -1)", "read a bounded range (ZRANGE k 0 99) and continue in the next call"}, true
			}
		}
	case "ZRANGEBYSCORE", "ZREVRANGEBYSCORE", "ZRANGEBYLEX", "ZREVRANGEBYLEX":
		opts, ok := options(3)
		if !ok || limitedBy(opts, "LIMIT", 2) {
			return WholeReadInfo{}, false
		}
		lo, hi := 1, 2
		if strings.HasPrefix(rc.Name, "ZREV") {
			lo, hi = 2, 1
		}
		var whole bool
		if strings.HasSuffix(rc.Name, "SCORE") {
			whole = arg(lo).minusInf() && arg(hi).plusInf()
		} else {
			whole = arg(lo).is("-") && arg(hi).is("+")
		}
		if whole {
			return WholeReadInfo{"the whole sorted set", "add LIMIT offset count and continue in the next call"}, true
		}
	case "XRANGE", "XREVRANGE":
		opts, ok := options(3)
		if !ok || limitedBy(opts, "COUNT", 1) {
			return WholeReadInfo{}, false
		}
		lo, hi := 1, 2
		if rc.Name == "XREVRANGE" {
			lo, hi = 2, 1
		}
		if arg(lo).is("-") && arg(hi).is("+") {
			return WholeReadInfo{"the whole stream (- to +)", "add COUNT n and continue from the last ID in the next call"}, true
		}
	}
	return WholeReadInfo{}, false
}

// LiteralArg returns the text Redis receives for a literal argument (a
// string or a number, or a local bound to one).
func LiteralArg(origins *OriginInfo, e luaast.Expr) (string, bool) {
	o := origins.Of(e)
	if s, ok := o.ConstString(); ok {
		return s, true
	}
	if n, ok := o.ConstNumber(); ok && n == math.Trunc(n) && math.Abs(n) < 1e15 {
		return strconv.FormatInt(int64(n), 10), true
	}
	return "", false
}

// UnlimitedRangeRead reports whether rc reads a score, lex or ID range
// with no LIMIT/COUNT (ZRANGEBYSCORE k 0 now, ZRANGE k a b BYSCORE,
// XRANGE k a b), whatever its bounds: the reply holds every element in the
// range, as many as the data has, like SMEMBERS. Bounds from ARGV do not
// bound the count. A call whose trailing arguments are not all written out
// (unpack) is not judged; a literal LIMIT/COUNT word counts as a limit
// whatever its count's origin.
func UnlimitedRangeRead(origins *OriginInfo, rc *RedisCall) bool {
	if !rc.NameKnown || rc.Command == nil || !rc.ArgCountKnown {
		return false
	}
	// words are the upper-cased literal arguments after the range.
	var words []string
	for i := 3; i < len(rc.Args); i++ {
		if s, ok := LiteralArg(origins, rc.Args[i]); ok {
			words = append(words, strings.ToUpper(s))
		} else {
			words = append(words, "")
		}
	}
	switch rc.Name {
	case "ZRANGEBYSCORE", "ZREVRANGEBYSCORE", "ZRANGEBYLEX", "ZREVRANGEBYLEX":
		return len(rc.Args) >= 3 && !limitedBy(words, "LIMIT", 2)
	case "ZRANGE":
		return len(rc.Args) >= 3 && (hasWord(words, "BYSCORE") || hasWord(words, "BYLEX")) && !limitedBy(words, "LIMIT", 2)
	case "XRANGE", "XREVRANGE":
		return len(rc.Args) >= 3 && !limitedBy(words, "COUNT", 1)
	}
	return false
}

// GrowingReply describes a reply whose length grows with the data: a
// whole-collection read, a range read without LIMIT/COUNT, or KEYS. Both
// loop forms over a reply ask it (ipairs(reply) here, for i = 1, #reply
// through limitChecker), so they agree on which replies grow.
func GrowingReply(origins *OriginInfo, rc *RedisCall) (string, bool) {
	if rc.NameKnown && rc.Name == "KEYS" {
		return "the 'KEYS' reply", true
	}
	if _, ok := WholeRead(origins, rc); ok {
		return "the " + QuoteName(rc.Name) + " reply", true
	}
	if UnlimitedRangeRead(origins, rc) {
		return "the " + QuoteName(rc.Name) + " reply (a range read without LIMIT)", true
	}
	return "", false
}

// QuoteName quotes a command name for a message, upper-cased as Redis
// documents it.
func QuoteName(name string) string {
	return "'" + strings.ToUpper(name) + "'"
}

// collectionNoun names what a range command reads.
func collectionNoun(cmd string) string {
	if cmd == "LRANGE" {
		return "list"
	}
	return "sorted set"
}

// litArg is the literal text of an argument; ok is false when the
// argument is not a literal.
type litArg struct {
	s  string
	ok bool
}

// is reports whether the argument is literally word.
func (a litArg) is(word string) bool { return a.ok && a.s == word }

func (a litArg) minusInf() bool { return a.ok && strings.EqualFold(a.s, "-inf") }

func (a litArg) plusInf() bool {
	return a.ok && (strings.EqualFold(a.s, "+inf") || strings.EqualFold(a.s, "inf"))
}

// wholeIndexRange reports whether literal start and stop indexes cover a
// collection to its end from a non-negative start (0 -1, 5 -1, 0 -2): the
// size of the result grows with the collection.
func wholeIndexRange(start, stop litArg) bool {
	if !start.ok || !stop.ok {
		return false
	}
	a, err1 := strconv.ParseInt(strings.TrimSpace(start.s), 10, 64)
	b, err2 := strconv.ParseInt(strings.TrimSpace(stop.s), 10, 64)
	return err1 == nil && err2 == nil && a >= 0 && b < 0
}

// hasWord reports whether the upper-cased option words include w.
func hasWord(opts []string, w string) bool {
	for _, o := range opts {
		if o == w {
			return true
		}
	}
	return false
}

// limitedBy reports whether the options contain word (LIMIT, COUNT) with a
// count, the argument at offset countAt after it, that is not a literal
// negative number (LIMIT 0 -1 returns everything).
func limitedBy(opts []string, word string, countAt int) bool {
	for i, o := range opts {
		if o != word {
			continue
		}
		if i+countAt < len(opts) {
			if n, err := strconv.ParseInt(opts[i+countAt], 10, 64); err == nil && n < 0 {
				return false
			}
		}
		return true
	}
	return false
}

// IsArrayReplyTable reports whether a returned table constructor becomes an
// array reply: it has none of the fields that make Redis send something
// else (err, ok, double, map, set, big_number, verbatim_string).
func IsArrayReplyTable(t *luaast.TableExpr) bool {
	for _, f := range t.Fields {
		key, ok := luaast.FieldKey(f)
		if !ok {
			continue
		}
		switch key {
		case "err", "ok", "double", "map", "set", "big_number", "verbatim_string":
			return false
		}
	}
	return true
}

// ReplyReturnsAnalysis lists the return statements whose values become
// the script's reply (see collectReplyReturns); shared by float-return and
// reply-array-hole.
var ReplyReturnsAnalysis = &Analysis{
	Name:     "reply-returns",
	Doc:      "the return statements whose values are the script's reply",
	Requires: []*Analysis{ScriptAnalysis, InspectAnalysis},
	Run: func(pass *Pass) any {
		out := collectReplyReturns(pass)
		return &out
	},
}

// ReplyReturns is collectReplyReturns for the pass's file, computed once;
// callers must not modify it.
func ReplyReturns(pass *Pass) []*luaast.ReturnStmt {
	return *ResultAs[*[]*luaast.ReturnStmt](pass, ReplyReturnsAnalysis)
}

// collectReplyReturns returns the return statements whose value is the
// script's reply: those of the main chunk of an EVAL script, or of the
// registered callbacks of a library (not of functions they call, nor
// nested functions).
func collectReplyReturns(pass *Pass) []*luaast.ReturnStmt {
	info := Script(pass)
	f := pass.File
	if !info.IsLibrary() {
		// The main chunk's returns, from the script index's list of every
		// return (TestReplyReturnsMatchWalk): no walk of the file.
		var out []*luaast.ReturnStmt
		if f.Block != nil {
			main := info.Functions()[0]
			info.EachReturn(func(r *luaast.ReturnStmt, fn *luaast.FunctionExpr) {
				if fn == main {
					out = append(out, r)
				}
			})
		}
		return out
	}
	var one [1]*luaast.Block // most libraries register one callback: no slice to allocate
	bodies := one[:0]
	seen := map[*luaast.FunctionExpr]bool{}
	for _, r := range info.Registrations {
		if r.Callback != nil && !seen[r.Callback] {
			seen[r.Callback] = true
			bodies = append(bodies, r.Callback.Body)
		}
	}
	in := Inspector(pass)
	var out []*luaast.ReturnStmt
	for _, b := range bodies {
		PreorderSameFunc(in, b, luaast.KindReturnStmt, func(n luaast.Node) {
			if r, ok := n.(*luaast.ReturnStmt); ok {
				out = append(out, r)
			}
		})
	}
	return out
}
