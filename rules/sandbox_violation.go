package rules

import (
	"fmt"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var sandboxViolationRule = &analyzer.Rule{
	ID:       "sandbox-violation",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.GlobalUsesAnalysis},
	Doc: analyzer.Doc{
		Title: "use of a library or function the Redis sandbox removes on purpose",
		Rationale: "Redis runs scripts in a sandbox without the os, io, debug and package libraries and " +
			"without require, module, loadfile, dofile and print; current patch releases also removed setfenv, " +
			"getfenv and newproxy (CVE-2025-46818). Reading any of them raises \"Script attempted to access " +
			"nonexistent global variable\" (verified on 7.0.15). A script must not touch files, the network or " +
			"the operating system: that work belongs in the application, which passes the results in ARGV. " +
			"Log with redis.log instead of print. Redis 7.4+ and Valkey 8.0+ have an os table with os.clock " +
			"only, which is allowed there (undefined-global reports os.clock on older targets).",
		Bad:       "local now = os.time()\nredis.call('SET', KEYS[1], now)\n",
		Good:      "redis.call('SET', KEYS[1], ARGV[1]) -- the caller passes the time\n",
		Tags:      []string{"correctness", "sandbox", "security"},
		Precision: "very-high",
	},
	Run: runSandboxViolation,
}

func init() { register(sandboxViolationRule) }

func runSandboxViolation(pass *analyzer.Pass) {
	info := analyzer.Script(pass)
	uses := analyzer.GlobalUses(pass)
	for i := range uses {
		u := &uses[i] // (not a copy of each use: most are skipped)
		name := u.ID.Name
		if u.Write {
			continue // global-assignment
		}
		span := luaast.SpanOf(u.ID)
		member := u.Member()
		forbidden := u.Forbidden
		if name == "_G" && member != "" && !u.MemberWrite && u.MemberNode != nil {
			// _G.print, _G["os"]: the same lookup as the bare name.
			if _, f := redisfacts.SandboxForbidden(member); f && member != "os" {
				name, span, forbidden = member, luaast.SpanOf(u.MemberNode), true
				member = ""
			}
		}
		if !forbidden {
			continue
		}
		reason, _ := redisfacts.SandboxForbidden(name)
		what := name
		if name == "os" {
			if member == "clock" {
				continue // allowed where the version has it; undefined-global otherwise
			}
			set := redisfacts.Globals(pass.Version, info.ContextOf(u.Where()))
			if member == "" && set.Has("os") {
				continue // the os table itself exists (with only clock)
			}
		}
		if member != "" && (name == "os" || name == "io" || name == "debug" || name == "package") {
			span = luaast.SpanOf(u.MemberNode)
			what = name + "." + member
			if r, ok := redisfacts.SandboxForbidden(what); ok {
				reason = r
			}
		}
		pass.Report(analyzer.Diagnostic{
			Span:    span,
			Message: fmt.Sprintf("'%s' is not available in the Redis sandbox: %s; %s", what, reason, sandboxAdvice(name)),
		})
	}
}

// sandboxAdvice says what to do instead of using a removed global.
func sandboxAdvice(name string) string {
	switch name {
	case "print":
		return "log with redis.log(redis.LOG_NOTICE, ...)"
	case "os":
		return "the script must not touch the OS: compute the value in the application and pass it in ARGV"
	case "io", "loadfile", "dofile":
		return "the script must not touch files: that work belongs in the application"
	case "require", "package", "module":
		return "inline the code you need or load it as a Functions library"
	case "debug":
		return "remove the debugging code"
	case "bit32":
		return "use the bit library (bit.band, bit.bor ...)"
	case "utf8":
		return "work on the bytes with the string library"
	case "_ENV":
		return "use local variables"
	case "setfenv", "getfenv", "newproxy":
		return "rewrite the code without it"
	}
	return "the script must not touch files, network or the OS: that work belongs in the application"
}
