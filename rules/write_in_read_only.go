package rules

import (
	"fmt"
	"slices"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var writeInReadOnlyRule = &analyzer.Rule{
	ID:       "write-in-read-only",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis, analyzer.InspectAnalysis},
	Doc: analyzer.Doc{
		Title: "a write command in a script or function declared read-only",
		Rationale: "An EVAL script whose shebang says \"#!lua flags=no-writes\", and a function registered " +
			"with the no-writes flag, may run on read-only replicas and through EVAL_RO/FCALL_RO; Redis " +
			"enforces the promise per command and raises \"Write commands are not allowed from read-only " +
			"scripts\" at the first write. PUBLISH, SPUBLISH and PFCOUNT (which may rewrite its HyperLogLog) " +
			"count as writes too. In a library the rule checks the callbacks registered with no-writes, the " +
			"functions written inside them, and local helper functions that are only ever called from such " +
			"callbacks (never passed around as values); a helper also called from a writable function is not " +
			"reported, since which caller runs it is not known.",
		Bad:       "#!lua flags=no-writes\nredis.call('SET', KEYS[1], ARGV[1])\n",
		Good:      "#!lua flags=no-writes\nreturn redis.call('GET', KEYS[1])\n",
		Tags:      []string{"correctness", "commands", "functions"},
		Precision: "very-high",
	},
	Run: runWriteInReadOnly,
}

func init() { register(writeInReadOnlyRule) }

const readOnlyError = "Write commands are not allowed from read-only scripts"

func runWriteInReadOnly(pass *analyzer.Pass) {
	info := analyzer.Script(pass)
	calls := analyzer.Calls(pass)
	if info.IsLibrary() {
		// Without a no-writes registration no function is read-only.
		if !slices.ContainsFunc(info.Registrations, func(r *analyzer.Registration) bool { return r.HasFlag("no-writes") }) {
			return
		}
	} else if !info.HasEvalFlag("no-writes") {
		return
	}
	for _, rc := range calls.List {
		if (!rc.IsWrite && !rc.MayReplicate) || rc.Command.Flags.NoScript {
			continue // EVAL, FCALL: command-not-allowed's
		}
		if !info.ReadOnly(rc.Call) {
			continue
		}
		what := fmt.Sprintf("'%s' is a write command", rc.Command.Name)
		if !rc.IsWrite {
			what = fmt.Sprintf("'%s' counts as a write command", rc.Command.Name)
		}
		if !info.IsLibrary() {
			pass.Reportf(rc.NameExpr, "%s and the script is read-only (#!lua flags=no-writes): %s raises %q; remove the flag or the write", what, pass.Version.Name(), readOnlyError)
			continue
		}
		pass.Reportf(rc.NameExpr, "%s and %s: %s raises %q; remove the flag or the write", what, readOnlyReason(info, rc.Call), pass.Version.Name(), readOnlyError)
	}
}

// readOnlyReason says why n, in a library, runs read-only (ScriptInfo.ReadOnly
// decides that it does): the innermost registered callback or named
// helper around n, the callback by its registration, the helper by the
// local it is bound to (called only from such code).
func readOnlyReason(info *analyzer.ScriptInfo, n luaast.Node) string {
	for fn := info.EnclosingFunc(n); fn != nil; fn = info.ParentFunc(fn) {
		if regs := info.RegistrationsOf(fn); len(regs) > 0 && regs[0].Callback == fn {
			if regs[0].NameKnown {
				return fmt.Sprintf("function '%s' is registered with the 'no-writes' flag", regs[0].Name)
			}
			return "a callback is registered with the 'no-writes' flag"
		}
		if v := info.FuncVar(fn); v != nil {
			return fmt.Sprintf("'%s' is called only from functions registered with the 'no-writes' flag", v.Name)
		}
	}
	return "it runs only from functions registered with the 'no-writes' flag"
}
