package rules

import (
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
		wr, ok := analyzer.WholeRead(origins, rc)
		if !ok {
			// A score or lex range without LIMIT, whatever its bounds
			// (ZRANGEBYSCORE k 0 now): the fact unbounded-unpack reads
			// too (analyzer.UnlimitedRangeRead). XRANGE's ID windows are left to
			// analyzer.WholeRead (- to + only).
			if !analyzer.UnlimitedRangeRead(origins, rc) || rc.Name == "XRANGE" || rc.Name == "XREVRANGE" {
				continue
			}
			wr = analyzer.WholeReadInfo{What: "every member in its range without LIMIT", Advice: "add LIMIT offset count and continue in the next call"}
		}
		if counter := rangeCounter(origins, rc); counter != "" && onlyLengthUsed(pass, rc) {
			wr.Advice = "only its size is used: " + counter + " counts the members without reading them"
		}
		pass.Reportf(rc.Call, "%s reads %s into the script: its time and memory grow with the data while the server is blocked; %s",
			analyzer.QuoteName(rc.Name), wr.What, wr.Advice)
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
			if s, ok := analyzer.LiteralArg(origins, rc.Args[i]); ok {
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
		if s, ok := analyzer.LiteralArg(origins, rc.Args[1]); ok && s == "0" {
			if e, ok := analyzer.LiteralArg(origins, rc.Args[2]); ok && e == "-1" {
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
