package rules

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var unusedVariableRule = &analyzer.Rule{
	ID:       "unused-variable",
	Severity: analyzer.SeverityInfo, // see the last sentence of the Rationale
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.DeclaredVariablesAnalysis, analyzer.CallsAnalysis},
	Options: []analyzer.OptionSpec{
		{Name: "report-loop-variables", Default: false, Doc: "also report loop variables that are never read " +
			"(the i of `for i, v in ipairs(t)`): harmless, and most of this rule's findings on real code; " +
			"the fix renames them to `_`"},
	},
	Doc: analyzer.Doc{
		Title: "a local variable, local function or loop variable that is never read",
		Rationale: "A local that is never read is dead code or, more often, a sign that the script uses " +
			"another name than the one it computed (a reply stored in `res` and `reply` returned). " +
			"A variable that is only assigned is unused too. Names that are `_` or start with `_` are " +
			"exempt: that is how Lua code says \"deliberately ignored\" (`for _, v in ipairs(t)`). " +
			"Function parameters are not reported: a Functions callback must accept (keys, args) and " +
			"helpers often share a signature. A local function that only calls itself is reported. " +
			"The suggested fix renames an unused loop variable, or one name of a multiple assignment, to " +
			"`_`, and turns `local x = f()` into the call statement `f()`. Unused loop variables are not " +
			"reported unless the option report-loop-variables is set: on 398 real scripts they were two thirds of " +
			"this rule's findings and never a bug (a loop needs a name for the key to reach the value). In a fragment of a script " +
			"assembled at build time (a file with `--- @include` directives, or one that only declares " +
			"locals: helpers, or names bound from KEYS and ARGV for the bodies a loader appends), the top-level locals are what the other pieces use, and are not reported. A local holding a redis.pcall or pcall result that nothing reads is " +
			"unchecked-pcall's finding (the error is what goes unseen), so this rule leaves it alone while unchecked-pcall is enabled. " +
			"The rule reports at info by default: on 398 real scripts from 55 projects its findings were dead code " +
			"(helpers shared by a family of scripts, inputs read and not used), never a bug; raise it to warning " +
			"for a clean-code policy.",
		Bad:       "local reply = redis.call('GET', KEYS[1])\nreturn redis.call('TTL', KEYS[1])\n",
		Good:      "local reply = redis.call('GET', KEYS[1])\nreturn reply\n",
		Tags:      []string{"maintainability"},
		Precision: "very-high",
		Fixes: "Turning `local x = f()` into `f()` is safe (applied by `check --fix`): nothing refers to x, and " +
			"the call runs as before. Renaming a name nobody reads to `_` is safe unless the variable's scope " +
			"reads a global `_` or a `_` declared before it, which the rename would make refer to it " +
			"(`for _, v in pairs(t) do f(_) end` with v renamed).",
	},
	Run: runUnusedVariable,
}

func init() { register(unusedVariableRule) }

// runUnusedVariable reports the file's unused variables.
func runUnusedVariable(pass *analyzer.Pass) {
	f := pass.File
	if f == nil || f.Block == nil {
		return
	}
	reportUnused(pass)
}

// reportUnused reports the file's unused variables, in declaration order.
func reportUnused(pass *analyzer.Pass) {
	reportLoops := pass.Options.Bool("report-loop-variables")
	f := pass.File
	info := analyzer.Script(pass)
	fragment := info.Fragment
	unders := &underscores{pass: pass}
	for _, v := range analyzer.DeclaredVariables(pass) {
		if v.Kind == luaast.VarParam || v.Kind == luaast.VarSelf || strings.HasPrefix(v.Name, "_") {
			continue
		}
		if fragment && v.Scope == f.Block && (v.Kind == luaast.VarLocal || v.Kind == luaast.VarLocalFunc) {
			continue // exported to the pieces assembled with this fragment
		}
		// A local function's reads from its own body do not count.
		var body *luaast.FunctionExpr
		if v.Kind == luaast.VarLocalFunc {
			// (The declaring statement from the script index: a map
			// lookup, where the inspector's Parent searches the tree.)
			if st, ok := info.LocalDecl(v).(*luaast.LocalFunctionStmt); ok {
				body = st.Func
			}
		}
		writes := luaast.NewWriteSet(v)
		reads, selfReads := 0, 0
		for _, r := range v.Refs {
			if r == v.Decl || writes.Has(r) {
				continue
			}
			if body != nil && r.Pos() > body.Function && r.Pos() < body.End() {
				selfReads++
				continue
			}
			// One read decides: the self-reads only matter when there
			// is none (most variables are read, many several times).
			reads++
			break
		}
		if reads > 0 {
			continue
		}
		var d unusedFinding
		switch v.Kind {
		case luaast.VarLocalFunc:
			if selfReads > 0 {
				d.msg = concat("local function '", v.Name, "' is only called by itself: remove it or call it")
			} else {
				d.msg = concat("local function '", v.Name, "' is never called: remove it")
			}
		case luaast.VarForNum, luaast.VarForIn:
			if !reportLoops {
				continue
			}
			d.msg, d.fixes = "loop variable '"+v.Name+renameTail, renameToUnderscore(v, unders)
		default:
			switch {
			case len(v.Writes) > 0:
				d.msg = concat("local '", v.Name, "' is assigned but never read: remove it and its assignments")
			default:
				// The declaring statement, for the message and the fix.
				ls, _ := info.LocalDecl(v).(*luaast.LocalStmt)
				if ls != nil && holdsProtectedResult(pass, ls, v) && pass.RuleEnabled("unchecked-pcall") {
					// unchecked-pcall reports the call ("never read, so
					// never checked"): the unread result is the error
					// nothing looks at, and this rule's fix (keep only
					// the call) would discard it for good.
					continue
				}
				if ls != nil && len(ls.Names) > 1 {
					// One name of several.
					d.msg, d.fixes = "local '"+v.Name+renameTail, renameToUnderscore(v, unders)
					break
				}
				d.fixes = unusedLocalFix(f, ls, v, unders)
				switch {
				case len(d.fixes) > 0:
					d.msg = concat("local '", v.Name, "' is never read: keep only the call, or remove it")
				default:
					d.msg = concat("local '", v.Name, "' is never read: remove it")
				}
			}
		}
		pass.Report(analyzer.Diagnostic{Span: luaast.SpanOf(v.Decl), Message: d.msg, Fixes: d.fixes})
	}
}

// unusedFinding is a finding of unused-variable: its message and fixes.
type unusedFinding struct {
	msg   string
	fixes []analyzer.Fix
}

// renameTail ends the message of a rename finding.
const renameTail = "' is never read: rename it to '_'"

// renameToUnderscore is the fix that renames v to '_'. Nothing reads v,
// so the rename can only change what another '_' in v's scope after it
// refers to: a global '_', or a '_' declared before v, would become v
// (`local _ = 1; for k, v in pairs(t) do f(_) end` with k renamed). It
// is safe when no such reference exists; a '_' declared after v still
// wins over it.
func renameToUnderscore(v *luaast.Variable, u *underscores) []analyzer.Fix {
	safe := v.Scope != nil && v.Decl != nil && !u.captured(v)
	return oneEditFix("rename '"+v.Name+"' to '_'", luaast.SpanOf(v.Decl), "_", safe)
}

// underscores holds the references to variables named '_' of a file,
// found on the first rename fix (reads of '_' are rare: the name says
// "ignored").
type underscores struct {
	pass *analyzer.Pass
	done bool
	// refs are the references, each with the position of the declaring
	// identifier of its variable (-1 for the global '_').
	refs []underscoreRef
}

type underscoreRef struct{ at, decl luaast.Pos }

// captured reports whether renaming v to '_' would make a reference to
// another '_' refer to v.
func (u *underscores) captured(v *luaast.Variable) bool {
	if !u.done {
		u.done = true
		for _, id := range u.pass.File.Globals {
			if id.Name == "_" {
				u.refs = append(u.refs, underscoreRef{at: id.Pos(), decl: -1})
			}
		}
		for _, w := range analyzer.DeclaredVariables(u.pass) {
			if w.Name != "_" {
				continue
			}
			decl := luaast.Pos(-1)
			if w.Decl != nil {
				decl = w.Decl.Pos()
			}
			for _, r := range w.Refs {
				u.refs = append(u.refs, underscoreRef{at: r.Pos(), decl: decl})
			}
		}
	}
	for _, r := range u.refs {
		if r.at > v.Decl.Pos() && r.at < v.Scope.End() && r.decl < v.Decl.Pos() {
			return true
		}
	}
	return false
}

// unusedLocalFix offers, for a never-read local: `local x = f()` → `f()`
// (the call is kept, the name dropped), and for one name of several,
// renaming it to `_`. A lone local bound to a plain value gets no fix:
// removing the statement is the user's call.
func unusedLocalFix(f *luaast.File, ls *luaast.LocalStmt, v *luaast.Variable, u *underscores) []analyzer.Fix {
	if ls == nil {
		return nil
	}
	if len(ls.Names) > 1 {
		return renameToUnderscore(v, u)
	}
	if len(ls.Exprs) != 1 {
		return nil
	}
	switch ls.Exprs[0].(type) {
	case *luaast.CallExpr, *luaast.MethodCallExpr:
	default:
		return nil
	}
	if !analyzer.CallsImpure(ls.Exprs[0]) {
		return nil // tonumber(ARGV[1]) alone does nothing: remove it all
	}
	start := ls.Exprs[0].Pos()
	// A statement starting with '(' can be read as a call of the previous
	// line's expression ("ambiguous syntax" in Lua 5.1): keep it as is.
	if int(start) >= len(f.Src) || f.Src[start] == '(' {
		return nil
	}
	// Safe: nothing refers to v, and the call runs as before (a call
	// statement discards the results the local truncated to one).
	return oneEditFix("drop 'local "+v.Name+" =' and keep the call", luaast.Span{Start: ls.Local, End: start}, "", true)
}

// holdsProtectedResult reports whether v, declared by ls, receives a value
// of a redis.pcall, server.pcall or pcall call (an alias included) none of
// whose results is ever read: the case unchecked-pcall reports as never
// checked.
func holdsProtectedResult(pass *analyzer.Pass, ls *luaast.LocalStmt, v *luaast.Variable) bool {
	if len(ls.Exprs) == 0 {
		return false
	}
	i := -1
	for j, id := range ls.Names {
		if id != nil && id.Var == v {
			i = j
			break
		}
	}
	if i < 0 {
		return false
	}
	// Names past the last expression take that expression's extra values
	// when it is a call (parentheses keep one value: no extra names).
	last := len(ls.Exprs) - 1
	j := min(i, last)
	call, ok := luaast.Unparen(ls.Exprs[j]).(*luaast.CallExpr)
	if !ok || i > last && luaast.Expr(call) != ls.Exprs[last] {
		return false
	}
	calls := analyzer.Calls(pass)
	if rc := calls.Of(call); rc == nil || !rc.Protected {
		if calls.Callee(call) != "pcall" {
			return false
		}
	}
	for _, v := range luaast.BoundVars(ls.Names, ls.Exprs, ls.Exprs[j]) {
		if v == nil || !luaast.NeverRead(v) {
			return false
		}
	}
	return true
}
