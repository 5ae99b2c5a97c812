package rules

import (
	"fmt"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var unknownCommandRule = &analyzer.Rule{
	ID:       "unknown-command",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.CallsAnalysis, analyzer.OriginsAnalysis},
	Doc: analyzer.Doc{
		Title: "a command, subcommand or option the target server does not have",
		Rationale: "redis.call looks the command name up when the script runs; a name the server does not " +
			"know raises \"Unknown Redis command called from script\" (Valkey: \"Unknown command called from " +
			"script\"), and so does an unknown subcommand such as CLIENT KILLL, after any writes the script " +
			"already made. Commands and options are version-dependent: DELEX and SET ... IFEQ need Redis 8.4 " +
			"(IFEQ: Valkey 8.1), hash-field expiration needs Redis 7.4, so the rule checks the name against the " +
			"command table of the configured redis-version and says which version has it. Only literal names " +
			"are checked: a name computed at run time (redis.call(ARGV[1], ...)) is never reported, nor is a " +
			"module command (a dotted name such as JSON.GET or FT.SEARCH).",
		Bad:       "return redis.call('GTE', KEYS[1])\n",
		Good:      "return redis.call('GET', KEYS[1])\n",
		Tags:      []string{"correctness", "commands", "version"},
		Precision: "very-high",
	},
	Run: runUnknownCommand,
}

func init() { register(unknownCommandRule) }

func runUnknownCommand(pass *analyzer.Pass) {
	v := pass.Version
	origins := analyzer.Origins(pass)
	unknownErr := unknownCommandRaises(v)
	for _, rc := range analyzer.Calls(pass).List {
		if n, ok := luaast.Unparen(rc.NameExpr).(*luaast.NumberLit); ok && !rc.NameKnown {
			// redis.call(1): no command is named by a number (verified on 7.0.15).
			pass.Reportf(rc.NameExpr, "the command name is the number %s: %s; pass the name as a string", n.Raw, unknownErr)
			continue
		}
		if !rc.NameKnown || rc.NameExpr == nil {
			continue
		}
		name := rc.Name
		// The name's span only for a finding: most names are fine.
		span := func() luaast.Span { return luaast.SpanOf(rc.NameExpr) }
		switch {
		case strings.TrimSpace(name) == "":
			pass.Report(analyzer.Diagnostic{Span: span(), Message: fmt.Sprintf("empty command name: %s; pass the command name as the first argument", unknownErr)})
			continue
		case hasSpaceByte(name):
			reportSpacedName(pass, rc, span(), unknownErr)
			continue
		case pass.Commands.IsUnlisted(v, name):
			continue
		}
		// The calls analysis looked the name up already: rc.Command is the
		// command, or its subcommand when rc.Subcommand is set (then cmd is
		// only checked for nil below). Looked up again only when missing.
		cmd := rc.Command
		if cmd == nil {
			cmd = pass.LookupCommand(name)
		}
		if cmd == nil {
			reportMissingCommand(pass, span(), name, unknownErr)
			continue
		}
		if cmd.HasSubcommands && len(rc.Args) > 0 && rc.Subcommand == "" {
			if sub, ok := constStringArg(origins, rc.Args[0]); ok {
				if pass.Commands.LookupSubcommand(v, cmd.Name, sub) == nil {
					reportMissingSubcommand(pass, rc.Args[0], cmd.Name, sub, unknownErr)
					continue
				}
			}
		}
		if rc.Command != nil {
			checkOptionVersions(pass, rc, origins)
		}
	}
}

// reportSpacedName reports a command name with spaces ("CLIENT KILL"):
// Redis looks the whole string up as one name.
func reportSpacedName(pass *analyzer.Pass, rc *analyzer.RedisCall, span luaast.Span, unknownErr string) {
	fields := strings.Fields(rc.Name)
	msg := fmt.Sprintf("%s is not a command name: %s", analyzer.QuoteName(rc.Name), unknownErr)
	if len(fields) >= 2 {
		if c := pass.LookupCommand(fields[0]); c != nil && c.HasSubcommands {
			msg += fmt.Sprintf("; pass the subcommand as its own argument: redis.call('%s', '%s', ...)", fields[0], fields[1])
		} else {
			msg += "; pass each word as its own argument"
		}
	} else {
		msg += "; remove the spaces"
	}
	pass.Report(analyzer.Diagnostic{Span: span, Message: msg})
}

// reportMissingCommand explains why name is not a command on the target:
// another version or the other server family has it, or nothing does.
func reportMissingCommand(pass *analyzer.Pass, span luaast.Span, name, unknownErr string) {
	v := pass.Version
	exists := func(w redisfacts.Version) bool { return redisfacts.LookupCommand(w, name) != nil }
	msg := missingMessage(v, analyzer.QuoteName(name), exists)
	if msg == "" {
		msg = fmt.Sprintf("unknown command %s: %s", analyzer.QuoteName(name), unknownErr)
		if s := pass.Commands.Suggest(v, name); s != "" && !strings.EqualFold(s, name) {
			msg += fmt.Sprintf("; did you mean '%s'?", s)
		}
	} else {
		msg = fmt.Sprintf("%s (%s)", msg, unknownErr)
	}
	pass.Report(analyzer.Diagnostic{Span: span, Message: msg})
}

func reportMissingSubcommand(pass *analyzer.Pass, arg luaast.Expr, container, sub, unknownErr string) {
	v := pass.Version
	full := container + " " + strings.ToUpper(sub)
	exists := func(w redisfacts.Version) bool { return redisfacts.LookupSubcommand(w, container, sub) != nil }
	msg := missingMessage(v, analyzer.QuoteName(full), exists)
	if msg == "" {
		msg = fmt.Sprintf("unknown subcommand %s of '%s': %s", analyzer.QuoteName(sub), container, unknownErr)
		if s := pass.Commands.Suggest(v, full); s != "" {
			msg += fmt.Sprintf("; did you mean '%s'?", s)
		}
	} else {
		msg = fmt.Sprintf("%s (%s)", msg, unknownErr)
	}
	pass.Report(analyzer.Diagnostic{Span: luaast.SpanOf(arg), Message: msg})
}

// missingMessage says which known versions have what exists reports, for
// something the target v lacks; "" when no known version has it.
func missingMessage(v redisfacts.Version, what string, exists func(redisfacts.Version) bool) string {
	if first, ok := redisfacts.FirstKnownVersion(v.Valkey, exists); ok {
		if v.Less(first) {
			return fmt.Sprintf("%s needs %s (redis-version is %s): set redis-version: %s if you target it", what, first.Label(), v, first)
		}
		return fmt.Sprintf("%s does not exist on %s (redis-version is %s)", what, v.Label(), v)
	}
	if other, ok := redisfacts.FirstKnownVersion(!v.Valkey, exists); ok {
		if other.Valkey {
			return fmt.Sprintf("%s exists only on Valkey %d.%d+, not on %s: set redis-version: %s if you target Valkey", what, other.Major, other.Minor, v.Label(), other)
		}
		return fmt.Sprintf("%s exists only on Redis %d.%d+, not on %s: set redis-version: %s if you target Redis", what, other.Major, other.Minor, v.Label(), other)
	}
	return ""
}

// checkOptionVersions reports a literal option keyword (SET ... IFEQ) the
// target version does not accept although a newer one does.
func checkOptionVersions(pass *analyzer.Pass, rc *analyzer.RedisCall, origins *analyzer.OriginInfo) {
	v := pass.Version
	cmd := rc.Command
	args := rc.Args
	if cmd.IsSubcommand() {
		if len(args) == 0 {
			return
		}
		args = args[1:]
	}
	// A command without option words (GET, HSET, LPUSH ...) has nothing
	// to check: its arguments' values are not asked for.
	if !hasToken(cmd.Args) {
		return
	}
	// Options follow the command's fixed leading arguments (SET's key and
	// value): a literal there is data, whatever its text.
	i := cmd.FixedArgCount()
	for ; i < len(args); i++ {
		tok, ok := constStringArg(origins, args[i])
		if !ok {
			continue
		}
		arg := cmd.FindToken(tok)
		if arg == nil {
			continue
		}
		if known, accepted := cmd.TokenSince(v, tok); known && !accepted {
			pass.Report(analyzer.Diagnostic{Span: luaast.SpanOf(args[i]), Message: optionMessage(v, cmd.Name, strings.ToUpper(tok), arg)})
		}
		if arg.Type != redisfacts.ArgPureToken {
			i++ // the option's value
		}
	}
}

// constStringArg is origins.Of(e).ConstString(), answered from the syntax
// where it settles the answer: a string literal is its text, and nil, a
// boolean, a number, a table or function constructor, "...", an element
// or field (KEYS[1], ARGV[2], t.name), a global, a unary operation or a
// binary one other than .., and, or is never one known string. Most
// arguments are of these kinds and need no evaluation.
// TestConstStringArg checks it against Of.
func constStringArg(origins *analyzer.OriginInfo, e luaast.Expr) (string, bool) {
	switch x := luaast.Unparen(e).(type) {
	case *luaast.StringLit:
		return x.Value, true
	case *luaast.NilLit, *luaast.TrueLit, *luaast.FalseLit, *luaast.NumberLit, *luaast.VarargExpr,
		*luaast.FunctionExpr, *luaast.TableExpr, *luaast.IndexExpr, *luaast.FieldExpr, *luaast.UnaryExpr:
		return "", false
	case *luaast.BinaryExpr:
		switch x.Op {
		case luaast.OpConcat, luaast.OpAnd, luaast.OpOr:
		default:
			return "", false // a boolean or arithmetic
		}
	case *luaast.Ident:
		if x.Var == nil {
			return "", false // a global: unknown, or the KEYS/ARGV table
		}
	}
	return origins.Of(e).ConstString()
}

// hasToken reports whether any argument of the tree is an option word
// (has a Token): without one, Command.FindToken finds nothing.
func hasToken(args []redisfacts.Argument) bool {
	for i := range args {
		if args[i].Token != "" || hasToken(args[i].Args) {
			return true
		}
	}
	return false
}

// optionMessage explains why the target v rejects option word of command.
func optionMessage(v redisfacts.Version, command, word string, arg *redisfacts.Argument) string {
	if first, ok := arg.FirstVersion(v.Valkey); ok {
		if fv, ok := redisfacts.ParseMajorMinor(v.Valkey, first); ok && v.Less(fv) {
			return fmt.Sprintf("option '%s' of '%s' needs %s (redis-version is %s): the server rejects the call; set redis-version: %s if you target it", word, command, fv.Label(), v, fv)
		}
	}
	if first, ok := arg.FirstVersion(!v.Valkey); ok {
		if fv, ok := redisfacts.ParseMajorMinor(!v.Valkey, first); ok {
			return fmt.Sprintf("option '%s' of '%s' exists only on %s+, not on %s: the server rejects the call; set redis-version: %s if you target %s", word, command, fv.Label(), v.Label(), fv, fv.Name())
		}
	}
	return fmt.Sprintf("option '%s' of '%s' does not exist on %s: the server rejects the call", word, command, v.Label())
}

// hasSpaceByte is strings.ContainsAny(s, " \t\r\n") as a byte loop, for
// every command name of every file (one table lookup per byte rather
// than four comparisons).
func hasSpaceByte(s string) bool {
	for i := range len(s) {
		if spaceBytes[s[i]] {
			return true
		}
	}
	return false
}

// spaceBytes[c] says whether c is one of " \t\r\n". Never modified.
var spaceBytes = [256]bool{' ': true, '\t': true, '\r': true, '\n': true}

// unknownCommandRaises is serverRaises for the error of an unknown
// command, as constants: nothing to build per file.
func unknownCommandRaises(v redisfacts.Version) string {
	if v.Valkey {
		return `Valkey raises "Unknown command called from script"`
	}
	return `Redis raises "Unknown Redis command called from script"`
}
