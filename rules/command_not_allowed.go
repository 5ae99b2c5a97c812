package rules

import (
	"fmt"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var commandNotAllowedRule = &analyzer.Rule{
	ID:       "command-not-allowed",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.CallsAnalysis, analyzer.OriginsAnalysis},
	Doc: analyzer.Doc{
		Title: "a command scripts may not call",
		Rationale: "Commands flagged noscript are refused inside EVAL scripts and functions with \"This Redis " +
			"command is not allowed from script\": transactions (MULTI, EXEC, WATCH), Pub/Sub subscriptions, " +
			"other scripts (EVAL, FCALL, SCRIPT LOAD), connection and server administration (CLIENT ID, AUTH, " +
			"CONFIG GET, SAVE ...). The list depends on the version: Redis 7.0 also refuses the blocking " +
			"commands (BLPOP, BRPOP, BLMOVE, BZPOPMIN, WAIT ...), which Redis 7.2 and Valkey run without blocking, " +
			"and before Redis 7.4 / Valkey 8.0 XREAD and XREADGROUP refuse the BLOCK option in a script " +
			"(\"XREAD command is not allowed with BLOCK option from scripts\").",
		Bad:       "redis.call('MULTI')\nredis.call('SET', KEYS[1], ARGV[1])\nredis.call('EXEC')\n",
		Good:      "redis.call('SET', KEYS[1], ARGV[1])\n",
		Tags:      []string{"correctness", "commands", "version"},
		Precision: "very-high",
	},
	Run: runCommandNotAllowed,
}

func init() { register(commandNotAllowedRule) }

// noscriptAdvice says what to do instead of a noscript command.
var noscriptAdvice = map[string]string{
	"MULTI":          "a script is already atomic: remove the transaction commands",
	"EXEC":           "a script is already atomic: remove the transaction commands",
	"DISCARD":        "a script is already atomic: remove the transaction commands",
	"WATCH":          "a script is already atomic: remove the transaction commands",
	"UNWATCH":        "a script is already atomic: remove the transaction commands",
	"EVAL":           "scripts cannot run scripts: call the logic directly",
	"EVALSHA":        "scripts cannot run scripts: call the logic directly",
	"EVAL_RO":        "scripts cannot run scripts: call the logic directly",
	"EVALSHA_RO":     "scripts cannot run scripts: call the logic directly",
	"FCALL":          "scripts cannot run functions: call the logic directly",
	"FCALL_RO":       "scripts cannot run functions: call the logic directly",
	"SUBSCRIBE":      "subscribe from the client, not from a script",
	"PSUBSCRIBE":     "subscribe from the client, not from a script",
	"SSUBSCRIBE":     "subscribe from the client, not from a script",
	"UNSUBSCRIBE":    "subscribe from the client, not from a script",
	"PUNSUBSCRIBE":   "subscribe from the client, not from a script",
	"SUNSUBSCRIBE":   "subscribe from the client, not from a script",
	"BLPOP":          "use 'LPOP'",
	"BRPOP":          "use 'RPOP'",
	"BLMOVE":         "use 'LMOVE'",
	"BRPOPLPUSH":     "use 'LMOVE'",
	"BZPOPMIN":       "use 'ZPOPMIN'",
	"BZPOPMAX":       "use 'ZPOPMAX'",
	"CLIENT ID":      "pass the value in ARGV",
	"CLIENT GETNAME": "pass the value in ARGV",
}

func runCommandNotAllowed(pass *analyzer.Pass) {
	v := pass.Version
	origins := analyzer.Origins(pass)
	const refused = "This Redis command is not allowed from script"
	for _, rc := range analyzer.Calls(pass).List {
		cmd := rc.Command
		if cmd == nil {
			continue
		}
		if cmd.Flags.NoScript {
			advice := noscriptAdvice[cmd.Name]
			if advice == "" {
				advice = "run it from the client"
			}
			lookup := func(w redisfacts.Version) *redisfacts.Command { return pass.Commands.Lookup(w, cmd.Name) }
			if later, ok := redisfacts.FirstKnownVersion(v.Valkey, func(w redisfacts.Version) bool {
				c := lookup(w)
				return v.Less(w) && c != nil && !c.Flags.NoScript
			}); ok {
				how := ""
				if cmd.Flags.Blocking {
					how = ", where it does not block"
				}
				pass.Reportf(rc.NameExpr, "'%s' cannot be called from a script on %s (allowed from %s on%s): %s raises %q; %s, or set redis-version: %s if you target it",
					cmd.Name, v.Label(), later.Label(), how, v.Name(), refused, advice, later)
				continue
			}
			pass.Reportf(rc.NameExpr, "'%s' cannot be called from a script: %s raises %q; %s", cmd.Name, v.Name(), refused, advice)
			continue
		}
		if cmd.Name == "XREAD" || cmd.Name == "XREADGROUP" {
			checkXReadBlock(pass, rc, origins)
		}
	}
}

// checkXReadBlock reports XREAD/XREADGROUP ... BLOCK on servers that refuse
// it in scripts (Redis before 7.4, Valkey before 8.0; redis PR #12596).
func checkXReadBlock(pass *analyzer.Pass, rc *analyzer.RedisCall, origins *analyzer.OriginInfo) {
	v := pass.Version
	if (!v.Valkey && v.AtLeast(7, 4)) || (v.Valkey && v.AtLeast(8, 0)) {
		return
	}
	for _, a := range rc.Args {
		s, ok := origins.Of(a).ConstString()
		if !ok {
			continue
		}
		if strings.EqualFold(s, "STREAMS") {
			return // what follows are keys and IDs
		}
		if strings.EqualFold(s, "BLOCK") {
			next := "Redis 7.4"
			setting := "7.4"
			if v.Valkey {
				next, setting = "Valkey 8.0", "valkey-8.0"
			}
			pass.Report(analyzer.Diagnostic{Span: luaast.SpanOf(a), Message: fmt.Sprintf(
				"'%s' with 'BLOCK' cannot run in a script on %s (%s runs it without blocking): %s raises %q; drop 'BLOCK', or set redis-version: %s if you target it",
				rc.Command.Name, v.Label(), next, v.Name(), rc.Command.Name+" command is not allowed with BLOCK option from scripts", setting)})
			return
		}
	}
}
