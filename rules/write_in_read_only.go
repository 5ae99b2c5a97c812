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
	var ro *readOnlyFuncs
	if info.IsLibrary() {
		// Without a no-writes registration no function is read-only:
		// nothing to build.
		if !slices.ContainsFunc(info.Registrations, func(r *analyzer.Registration) bool { return r.HasFlag("no-writes") }) {
			return
		}
		ro = newReadOnlyFuncs(analyzer.Inspector(pass), info)
		if len(ro.why) == 0 {
			return
		}
	} else if !info.HasEvalFlag("no-writes") {
		return
	}
	for _, rc := range calls.List {
		if (!rc.IsWrite && !rc.MayReplicate) || rc.Command.Flags.NoScript {
			continue // EVAL, FCALL: command-not-allowed's
		}
		what := fmt.Sprintf("'%s' is a write command", rc.Command.Name)
		if !rc.IsWrite {
			what = fmt.Sprintf("'%s' counts as a write command", rc.Command.Name)
		}
		if ro == nil {
			pass.Reportf(rc.NameExpr, "%s and the script is read-only (#!lua flags=no-writes): %s raises %q; remove the flag or the write", what, pass.Version.Name(), readOnlyError)
			continue
		}
		if why := ro.contextOf(info, rc.Call); why != "" {
			pass.Reportf(rc.NameExpr, "%s and %s: %s raises %q; remove the flag or the write", what, why, pass.Version.Name(), readOnlyError)
		}
	}
}

// readOnlyFuncs finds the functions of a library that only ever run with
// the no-writes flag: registered callbacks whose every registration has
// it, and local helper functions called only from such code.
type readOnlyFuncs struct {
	// why maps each read-only function to the reason, for messages.
	why map[*luaast.FunctionExpr]string
	// callback marks registered callbacks (read-only or not).
	callback map[*luaast.FunctionExpr]bool
	// helper marks local functions whose every use is a call.
	helper map[*luaast.FunctionExpr]bool
}

func newReadOnlyFuncs(in *luaast.Inspector, info *analyzer.ScriptInfo) *readOnlyFuncs {
	ro := &readOnlyFuncs{
		why:      map[*luaast.FunctionExpr]string{},
		callback: map[*luaast.FunctionExpr]bool{},
		helper:   map[*luaast.FunctionExpr]bool{},
	}
	regsOf := map[*luaast.FunctionExpr][]*analyzer.Registration{}
	for _, r := range info.Registrations {
		if r.Callback != nil {
			regsOf[r.Callback] = append(regsOf[r.Callback], r)
			ro.callback[r.Callback] = true
		}
	}
	for fn, regs := range regsOf {
		all := true
		for _, r := range regs {
			all = all && r.HasFlag("no-writes")
		}
		if all {
			name := "a callback"
			if regs[0].NameKnown {
				name = fmt.Sprintf("function '%s'", regs[0].Name)
			}
			ro.why[fn] = name + " is registered with the 'no-writes' flag"
		}
	}
	if len(ro.why) == 0 {
		return ro
	}
	// Call sites of every local bound once to a function literal; a local
	// used other than as a callee escapes and is never a helper.
	sites := map[*luaast.Variable][]*luaast.CallExpr{}
	callee := map[*luaast.Ident]bool{}
	in.Preorder(luaast.KindCallExpr, func(n luaast.Node) {
		if c, ok := n.(*luaast.CallExpr); ok {
			if id, ok := c.Fn.(*luaast.Ident); ok && id.Var != nil {
				sites[id.Var] = append(sites[id.Var], c)
				callee[id] = true
			}
		}
	})
	helperVar := map[*luaast.FunctionExpr]*luaast.Variable{}
	for v := range sites {
		fn, ok := info.BoundOnce(v).(*luaast.FunctionExpr)
		if !ok || ro.callback[fn] {
			continue
		}
		escapes := false
		for _, ref := range v.Refs {
			if ref != v.Decl && !callee[ref] {
				escapes = true
				break
			}
		}
		if !escapes {
			ro.helper[fn] = true
			helperVar[fn] = v
		}
	}
	for changed := true; changed; {
		changed = false
		for fn, v := range helperVar {
			if ro.why[fn] != "" {
				continue
			}
			outside := 0
			readOnly := true
			for _, c := range sites[v] {
				if funcEncloses(fn, c) {
					continue // recursion
				}
				outside++
				if ro.contextOf(info, c) == "" {
					readOnly = false
					break
				}
			}
			if readOnly && outside > 0 {
				ro.why[fn] = fmt.Sprintf("'%s' is called only from functions registered with the 'no-writes' flag", v.Name)
				changed = true
			}
		}
	}
	return ro
}

// contextOf returns why n runs read-only, or "" when it may not: the
// innermost callback or helper around n decides; other nested functions
// run where they are written.
func (ro *readOnlyFuncs) contextOf(info *analyzer.ScriptInfo, n luaast.Node) string {
	for fn := info.EnclosingFunc(n); fn != nil; fn = info.ParentFunc(fn) {
		if why := ro.why[fn]; why != "" {
			return why
		}
		if ro.callback[fn] || ro.helper[fn] {
			return ""
		}
	}
	return ""
}

// funcEncloses reports whether fn's body contains n.
func funcEncloses(fn *luaast.FunctionExpr, n luaast.Node) bool {
	return fn.Function < n.Pos() && n.End() <= fn.End()
}
