package rules

import (
	"math"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var unboundedReadRule = &analyzer.Rule{
	ID:       "unbounded-read",
	Severity: analyzer.SeverityInfo,
	Requires: []*analyzer.Analysis{analyzer.CallsAnalysis, analyzer.OriginsAnalysis, analyzer.InspectAnalysis},
	Doc: analyzer.Doc{
		Title: "a command that reads a whole collection into the script",
		Rationale: "A script blocks the whole server while it runs, and it can be stopped with SCRIPT KILL only " +
			"before its first write. SMEMBERS, HGETALL, HKEYS, HVALS, SINTER/SUNION/SDIFF, LRANGE k 0 -1, " +
			"ZRANGE k 0 -1 (and ZREVRANGE) and XRANGE - + without COUNT copy every element of the " +
			"collection into a Lua table: the time and memory grow with the data, unnoticed until a key gets " +
			"big. A score or lex range read without LIMIT (ZRANGEBYSCORE, ZREVRANGEBYSCORE, ZRANGEBYLEX, " +
			"ZREVRANGEBYLEX, ZRANGE ... BYSCORE|BYLEX) is reported whatever its bounds, even from ARGV " +
			"(ZRANGEBYSCORE k 0 now: every due member, however many have piled up), the same reply " +
			"unbounded-unpack treats as growing with the data. When only the reply's size is used (#reply), " +
			"the message suggests ZCOUNT or ZLEXCOUNT (SCARD, HLEN, LLEN, ZCARD for whole reads), which count " +
			"without reading. Read a bounded range, " +
			"page with SSCAN/HSCAN/ZSCAN and a COUNT across calls, or read only the fields you need (HMGET). " +
			"For the index ranges (LRANGE, ZRANGE by rank, XRANGE) only literal arguments decide: a range that " +
			"comes from ARGV is the caller's choice and is not reported. The STORE forms (SINTERSTORE...) are not reported: their " +
			"result stays in Redis and costs what the same command costs from a client.",
		Bad:       "local members = redis.call('SMEMBERS', KEYS[1])\nreturn #members\n",
		Good:      "return redis.call('SCARD', KEYS[1])\n",
		Tags:      []string{"performance", "bounded-work"},
		Precision: "very-high",
	},
	Run: runUnboundedRead,
}

func init() { register(unboundedReadRule) }

func runUnboundedRead(pass *analyzer.Pass) {
	origins := analyzer.Origins(pass)
	for _, rc := range analyzer.Calls(pass).List {
		wr, ok := wholeRead(origins, rc)
		if !ok {
			// A score or lex range without LIMIT, whatever its bounds
			// (ZRANGEBYSCORE k 0 now): the fact unbounded-unpack reads
			// too (unlimitedRangeRead). XRANGE's ID windows are left to
			// wholeRead (- to + only).
			if !unlimitedRangeRead(origins, rc) || rc.Name == "XRANGE" || rc.Name == "XREVRANGE" {
				continue
			}
			wr = wholeReadInfo{"every member in its range without LIMIT", "add LIMIT offset count and continue in the next call"}
		}
		if counter := rangeCounter(origins, rc); counter != "" && onlyLengthUsed(pass, rc) {
			wr.advice = "only its size is used: " + counter + " counts the members without reading them"
		}
		pass.Reportf(rc.Call, "%s reads %s into the script: its time and memory grow with the data while the server is blocked; %s",
			quoteName(rc.Name), wr.what, wr.advice)
	}
}

// rangeCounter names the command that counts what a whole or range read
// returns (ZCOUNT for a score range, ZLEXCOUNT for a lex range, ZCARD,
// LLEN, SCARD, HLEN for a whole collection), or "" when rc is no such
// read or the count would differ (LRANGE k 5 -1).
func rangeCounter(origins *analyzer.OriginInfo, rc *analyzer.RedisCall) string {
	switch rc.Name {
	case "ZRANGEBYSCORE", "ZREVRANGEBYSCORE":
		return "ZCOUNT"
	case "ZRANGEBYLEX", "ZREVRANGEBYLEX":
		return "ZLEXCOUNT"
	case "ZRANGE":
		for i := 3; i < len(rc.Args); i++ {
			if s, ok := literalArg(origins, rc.Args[i]); ok {
				switch strings.ToUpper(s) {
				case "BYSCORE":
					return "ZCOUNT"
				case "BYLEX":
					return "ZLEXCOUNT"
				}
			}
		}
		return rankCounter(origins, rc, "ZCARD")
	case "ZREVRANGE":
		return rankCounter(origins, rc, "ZCARD")
	case "LRANGE":
		return rankCounter(origins, rc, "LLEN")
	case "SMEMBERS":
		return "SCARD"
	case "HKEYS", "HVALS":
		return "HLEN"
	}
	return ""
}

// rankCounter returns counter when rc reads a whole index range from 0
// (0 to -1: the size is the collection's), else "".
func rankCounter(origins *analyzer.OriginInfo, rc *analyzer.RedisCall, counter string) string {
	if len(rc.Args) > 2 {
		if s, ok := literalArg(origins, rc.Args[1]); ok && s == "0" {
			if e, ok := literalArg(origins, rc.Args[2]); ok && e == "-1" {
				return counter
			}
		}
	}
	return ""
}

// onlyLengthUsed reports whether the reply of rc is used only for its
// length: the call is the operand of #, or it is bound to a local that is
// only ever read as #local.
func onlyLengthUsed(pass *analyzer.Pass, rc *analyzer.RedisCall) bool {
	in := analyzer.Inspector(pass)
	isLen := func(n luaast.Node) bool {
		u, ok := in.Parent(n).(*luaast.UnaryExpr)
		return ok && u.Op == luaast.OpLen
	}
	if isLen(rc.Call) {
		return true
	}
	ls, ok := in.Parent(rc.Call).(*luaast.LocalStmt)
	if !ok {
		return false
	}
	i := -1
	for j, e := range ls.Exprs {
		if e == rc.Call {
			i = j
		}
	}
	if i < 0 || i >= len(ls.Names) || ls.Names[i].Var == nil {
		return false
	}
	v := ls.Names[i].Var
	if len(v.Writes) > 0 || len(v.Refs) == 0 {
		return false
	}
	for _, r := range v.Refs {
		if !isLen(r) {
			return false
		}
	}
	return true
}

// wholeReadInfo describes a command call that reads a whole collection.
type wholeReadInfo struct {
	what   string // "the whole set", "every field of the hash"
	advice string // what to do instead
}

// wholeRead reports whether rc reads a whole collection, judging by its
// literal arguments only (a range from ARGV or a reply is the caller's or
// the data's choice: not reported). unbounded-unpack shares it for
// replies and tables filled from them.
func wholeRead(origins *analyzer.OriginInfo, rc *analyzer.RedisCall) (wholeReadInfo, bool) {
	if !rc.NameKnown || rc.Command == nil {
		return wholeReadInfo{}, false
	}
	arg := func(i int) litArg { // i counts from the key (Args[0])
		if i >= len(rc.Args) {
			return litArg{}
		}
		s, ok := literalArg(origins, rc.Args[i])
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
		return wholeReadInfo{"the whole set", "iterate with SSCAN and a COUNT across calls, or use SCARD/SISMEMBER/SRANDMEMBER for what you need"}, true
	case "HGETALL":
		return wholeReadInfo{"the whole hash", "read only the fields you need with HMGET, or iterate with HSCAN and a COUNT across calls"}, true
	case "HKEYS", "HVALS":
		return wholeReadInfo{"every field of the hash", "read only the fields you need with HMGET, or iterate with HSCAN and a COUNT across calls"}, true
	case "SINTER", "SUNION", "SDIFF":
		return wholeReadInfo{"every member of the sets", "keep the sets small, use SINTERCARD with LIMIT when only the size matters, or compute the result from the client"}, true
	case "LRANGE", "ZREVRANGE":
		if wholeIndexRange(arg(1), arg(2)) {
			return wholeReadInfo{"the whole " + collectionNoun(rc.Name) + " (0 to -1)", "read a bounded range (" + rc.Name + " k 0 99) and continue in the next call"}, true
		}
	case "ZRANGE":
		opts, ok := options(3)
		if !ok {
			return wholeReadInfo{}, false
		}
		rev, byScore, byLex := hasWord(opts, "REV"), hasWord(opts, "BYSCORE"), hasWord(opts, "BYLEX")
		if limitedBy(opts, "LIMIT", 2) {
			return wholeReadInfo{}, false
		}
		lo, hi := 1, 2
		if rev {
			lo, hi = 2, 1
		}
		switch {
		case byScore:
			if arg(lo).minusInf() && arg(hi).plusInf() {
				return wholeReadInfo{"the whole sorted set (-inf to +inf)", "add LIMIT offset count and continue in the next call"}, true
			}
		case byLex:
			if arg(lo).is("-") && arg(hi).is("+") {
				return wholeReadInfo{"the whole sorted set (- to +)", "add LIMIT offset count and continue in the next call"}, true
			}
		default:
			if wholeIndexRange(arg(1), arg(2)) {
				return wholeReadInfo{"the whole sorted set (0 to -1)", "read a bounded range (ZRANGE k 0 99) and continue in the next call"}, true
			}
		}
	case "ZRANGEBYSCORE", "ZREVRANGEBYSCORE", "ZRANGEBYLEX", "ZREVRANGEBYLEX":
		opts, ok := options(3)
		if !ok || limitedBy(opts, "LIMIT", 2) {
			return wholeReadInfo{}, false
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
			return wholeReadInfo{"the whole sorted set", "add LIMIT offset count and continue in the next call"}, true
		}
	case "XRANGE", "XREVRANGE":
		opts, ok := options(3)
		if !ok || limitedBy(opts, "COUNT", 1) {
			return wholeReadInfo{}, false
		}
		lo, hi := 1, 2
		if rc.Name == "XREVRANGE" {
			lo, hi = 2, 1
		}
		if arg(lo).is("-") && arg(hi).is("+") {
			return wholeReadInfo{"the whole stream (- to +)", "add COUNT n and continue from the last ID in the next call"}, true
		}
	}
	return wholeReadInfo{}, false
}

// collectionNoun names what a range command reads.
func collectionNoun(cmd string) string {
	if cmd == "LRANGE" {
		return "list"
	}
	return "sorted set"
}

// literalArg returns the text Redis receives for a literal argument (a
// string or a number, or a local bound to one).
func literalArg(origins *analyzer.OriginInfo, e luaast.Expr) (string, bool) {
	o := origins.Of(e)
	if s, ok := o.ConstString(); ok {
		return s, true
	}
	if n, ok := o.ConstNumber(); ok && n == math.Trunc(n) && math.Abs(n) < 1e15 {
		return strconv.FormatInt(int64(n), 10), true
	}
	return "", false
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

// unlimitedRangeRead reports whether rc reads a score, lex or ID range
// with no LIMIT/COUNT (ZRANGEBYSCORE k 0 now, ZRANGE k a b BYSCORE,
// XRANGE k a b), whatever its bounds: the reply holds every element in the
// range, as many as the data has, like SMEMBERS. Bounds from ARGV do not
// bound the count. A call whose trailing arguments are not all written out
// (unpack) is not judged; a literal LIMIT/COUNT word counts as a limit
// whatever its count's origin.
func unlimitedRangeRead(origins *analyzer.OriginInfo, rc *analyzer.RedisCall) bool {
	if !rc.NameKnown || rc.Command == nil || !rc.ArgCountKnown {
		return false
	}
	// words are the upper-cased literal arguments after the range.
	var words []string
	for i := 3; i < len(rc.Args); i++ {
		if s, ok := literalArg(origins, rc.Args[i]); ok {
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
