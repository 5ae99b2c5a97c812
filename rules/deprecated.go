package rules

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var deprecatedRule = &analyzer.Rule{
	ID:       "deprecated",
	Severity: analyzer.SeverityInfo,
	// Off by default: on 398 real scripts from 55 projects, none of 8
	// sampled findings was worth a change (see the Rationale).
	DefaultOff: true,
	Requires:   []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis},
	Doc: analyzer.Doc{
		Title: "a command or API deprecated on the target version",
		Rationale: "Deprecated commands still work but are kept only for compatibility: GETSET, SETNX, SETEX, " +
			"HMSET, RPOPLPUSH, ZRANGEBYSCORE and the GEORADIUS family each have a replacement that does more " +
			"(SET with NX/EX/GET, HSET with several fields, LMOVE, ZRANGE with BYSCORE, GEOSEARCH). " +
			"redis.replicate_commands() is a no-op since Redis 7.0, which always replicates a script's effects " +
			"(before 7.0 it switched the script to effects replication, so it is not reported on 6.2). " +
			"The rule names the replacement. It is off by default: Redis keeps the deprecated commands " +
			"working, and libraries that support older servers use them on purpose (the replacement may not " +
			"exist there); on real scripts its findings were almost never worth a change. Turn it on " +
			"(deprecated: info) to modernise a code base that targets current servers only.",
		Bad:       "redis.call('SETEX', KEYS[1], 60, ARGV[1])\n",
		Good:      "redis.call('SET', KEYS[1], ARGV[1], 'EX', 60)\n",
		Tags:      []string{"maintainability", "commands", "version"},
		Precision: "very-high",
	},
	Run: runDeprecated,
}

func init() { register(deprecatedRule) }

// quoteMarkdownCode turns the `CODE` spans of the command table's
// replaced_by text into 'CODE', dropping the leading "!" that marks an
// argument token there: what regexp `!?([^`]*)` replaced by '$1' does,
// without a regexp's matching machinery (TestQuoteMarkdownCode compares
// both). A backtick without a closing one is kept as is.
func quoteMarkdownCode(s string) string {
	i := strings.IndexByte(s, '`')
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		j := strings.IndexByte(s[i+1:], '`')
		if j < 0 {
			break
		}
		code := s[i+1 : i+1+j]
		code = strings.TrimPrefix(code, "!")
		b.WriteString(s[:i])
		b.WriteByte('\'')
		b.WriteString(code)
		b.WriteByte('\'')
		s = s[i+j+2:]
		i = strings.IndexByte(s, '`')
	}
	b.WriteString(s)
	return b.String()
}

func runDeprecated(pass *analyzer.Pass) {
	v := pass.Version
	calls := analyzer.Calls(pass)
	for _, rc := range calls.List {
		cmd := rc.Command
		if cmd == nil || cmd.Flags.NoScript || !cmd.IsDeprecated(v) {
			continue // a noscript command is command-not-allowed's
		}
		since := cmd.DeprecatedSince
		if mm, ok := redisfacts.ParseMajorMinor(v.Valkey, since); ok {
			// Deprecations up to 7.2 are shared Redis history.
			if !mm.AtLeast(7, 3) {
				mm.Valkey = false
			}
			since = mm.Label()
		}
		var msg string
		if r := strings.TrimSpace(cmd.ReplacedBy); r != "" {
			msg = concat("'", cmd.Name, "' is deprecated since ", since, ": use ", quoteMarkdownCode(r))
		} else {
			msg = concat("'", cmd.Name, "' is deprecated since ", since)
		}
		reportAt(pass, rc.NameExpr, msg)
	}
	if !v.Valkey && !v.AtLeast(7, 0) {
		return
	}
	if analyzer.Script(pass).IsLibrary() {
		return // not there at all in functions: undefined-global reports it
	}
	for _, site := range calls.Named("redis.replicate_commands", "server.replicate_commands") {
		pass.Reportf(site.Call, "'%s()' does nothing since Redis 7.0 (redis-version is %s), which always replicates a script's effects: remove the call", site.Callee, v)
	}
}
