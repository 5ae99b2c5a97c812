package rules

import (
	"fmt"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
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
			"reported when the arguments before it are already too many for a fixed-arity command. " +
			"Commands built from repeating pairs (MSET, MSETNX, HSET, HMSET) are also reported when the count " +
			"leaves the last pair incomplete: the command then fails with \"wrong number of arguments\".",
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
		if rc.NameExpr == nil && rc.ArgCountKnown && !rc.Wrapped {
			msg := serverRaises(pass.Version, "Please specify at least one argument for this redis lib call", "Please specify at least one argument for this call")
			if rc.Protected {
				msg = strings.Replace(msg, " raises ", " returns the error ", 1)
			}
			pass.Reportf(rc.Call, "%s() without a command name always fails: %s; pass the command name first", rc.API, msg)
			continue
		}
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
				reportBrokenGroups(pass, rc)
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
		after := "the name"
		fixed := 1
		if cmd.IsSubcommand() {
			after, fixed = "the subcommand", 2
		}
		got := words - fixed
		var msg string
		switch {
		case cmd.HasSubcommands && len(rc.Args) == 0:
			msg = "'" + cmd.Name + "' needs a subcommand"
		case cmd.Arity >= 0:
			atLeast := ""
			if !rc.ArgCountKnown {
				atLeast = "at least "
			}
			msg = fmt.Sprintf("'%s' takes exactly %s after %s, got %s%d", cmd.Name, appendCountNoun(nil, cmd.Arity-fixed, "argument"), after, atLeast, got)
		default:
			msg = fmt.Sprintf("'%s' needs at least %s after %s, got %d", cmd.Name, appendCountNoun(nil, -cmd.Arity-fixed, "argument"), after, got)
		}
		reportAt(pass, rc.Call, msg+": "+wrongArgsRaises(pass.Version))
	}
}

// Texts of the server's error on a wrong number of arguments.
const (
	wrongArgsRedis  = "Wrong number of args calling Redis command from script"
	wrongArgsValkey = "Wrong number of args calling command from script"
)

// wrongArgsRaises is serverRaises(v, wrongArgsRedis, wrongArgsValkey) as
// constants: what every wrong-arity finding ends with, without quoting
// the text each time. TestWrongArgsRaises compares the two.
func wrongArgsRaises(v redisfacts.Version) string {
	if v.Valkey {
		return `Valkey raises "` + wrongArgsValkey + `"`
	}
	return `Redis raises "` + wrongArgsRedis + `"`
}

// repeatedGroup returns, for a command whose arguments are required plain
// values followed by one required repeating group of plain values (MSET's
// key value pairs, HSET's field value pairs after the key), the number of
// leading values and the group's size; ok is false for any other shape.
func repeatedGroup(cmd *redisfacts.Command) (lead, size int, ok bool) {
	args := cmd.Args
	if len(args) == 0 {
		return 0, 0, false
	}
	plain := func(a redisfacts.Argument) bool {
		return a.Type != redisfacts.ArgBlock && a.Type != redisfacts.ArgOneOf && !a.Optional && !a.Multiple && a.Token == ""
	}
	last := args[len(args)-1]
	if last.Type != redisfacts.ArgBlock || !last.Multiple || last.Optional || last.Token != "" || len(last.Args) < 2 {
		return 0, 0, false
	}
	for _, a := range args[:len(args)-1] {
		if !plain(a) {
			return 0, 0, false
		}
	}
	for _, a := range last.Args {
		if !plain(a) {
			return 0, 0, false
		}
	}
	return len(args) - 1, len(last.Args), true
}

// reportBrokenGroups reports a call whose arity is fine but whose repeating
// group is cut short (MSET k1 v1 k2, HSET k f1 v1 f2): the command itself
// refuses it with "wrong number of arguments for 'mset' command" (verified
// on 7.0.15).
func reportBrokenGroups(pass *analyzer.Pass, rc *analyzer.RedisCall) {
	cmd := rc.Command
	lead, size, ok := repeatedGroup(cmd)
	if !ok {
		return
	}
	n := len(rc.Args)
	if cmd.IsSubcommand() {
		n-- // the subcommand word
	}
	rest := n - lead
	if rest <= 0 || rest%size == 0 {
		return
	}
	var names []string
	for _, a := range cmd.Args[len(cmd.Args)-1].Args {
		names = append(names, a.Name)
	}
	group := "pairs"
	if size != 2 {
		group = fmt.Sprintf("groups of %d", size)
	}
	pass.Reportf(rc.Call, "'%s' takes %s %s, got %s for them (the last one is incomplete): the command fails with \"wrong number of arguments for '%s' command\"",
		cmd.Name, strings.Join(names, " "), group, countNoun(rest, "value"), strings.ToLower(cmd.Name))
}
