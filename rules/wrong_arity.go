package rules

import (
	"fmt"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

var wrongArityRule = &analyzer.Rule{
	ID:       "wrong-arity",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.CallsAnalysis},
	Doc: analyzer.Doc{
		Title: "a command called with a number of arguments it never accepts",
		Rationale: "Before running a command from a script Redis checks its arity; a call with too few or " +
			"too many arguments raises \"Wrong number of args calling Redis command from script\" (Valkey: " +
			"\"Wrong number of args calling command from script\") at run time, after any writes the script " +
			"already made. The rule counts the arguments only when the count is certain: a call whose last " +
			"argument is unpack(...), another call or \"...\" can expand to any number of values and is only " +
			"reported when the arguments before it are already too many for a fixed-arity command.",
		Bad:       "redis.call('SET', KEYS[1])\n",
		Good:      "redis.call('SET', KEYS[1], ARGV[1])\n",
		Tags:      []string{"correctness", "commands"},
		Precision: "very-high",
	},
	Run: runWrongArity,
}

func init() { register(wrongArityRule) }

func runWrongArity(pass *analyzer.Pass) {
	for _, rc := range analyzer.Calls(pass).List {
		cmd := rc.Command
		if cmd == nil {
			continue
		}
		if cmd.HasSubcommands && rc.Subcommand == "" && len(rc.Args) > 0 {
			continue // unknown or dynamic subcommand: the container's arity says nothing
		}
		words := 1 + len(rc.Args) // the name and every argument
		if rc.ArgCountKnown {
			if cmd.AcceptsArgCount(words) {
				continue
			}
		} else {
			// The last argument may expand to no value at all: only a
			// fixed arity already exceeded by the others is certain.
			words--
			if cmd.Arity < 0 || words <= cmd.Arity {
				continue
			}
		}
		after, label := "the name", "'"+cmd.Name+"'"
		fixed := 1
		if cmd.IsSubcommand() {
			after, fixed = "the subcommand", 2
		}
		got := words - fixed
		var need string
		switch {
		case cmd.Arity >= 0 && !rc.ArgCountKnown:
			need = fmt.Sprintf("takes exactly %s after %s, got at least %d", countNoun(cmd.Arity-fixed, "argument"), after, got)
		case cmd.Arity >= 0:
			need = fmt.Sprintf("takes exactly %s after %s, got %d", countNoun(cmd.Arity-fixed, "argument"), after, got)
		default:
			need = fmt.Sprintf("needs at least %s after %s, got %d", countNoun(-cmd.Arity-fixed, "argument"), after, got)
		}
		if cmd.HasSubcommands && len(rc.Args) == 0 {
			need = "needs a subcommand"
		}
		pass.Reportf(rc.Call, "%s %s: %s", label, need,
			serverRaises(pass.Version, "Wrong number of args calling Redis command from script", "Wrong number of args calling command from script"))
	}
}

// countNoun formats "1 argument" / "2 arguments".
func countNoun(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
