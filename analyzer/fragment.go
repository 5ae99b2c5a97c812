package analyzer

import (
	"regexp"
	"strings"
	"sync"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// Script loaders of queue libraries assemble one EVAL script from several
// files: the script names its helpers with a directive comment
// (`--- @include "includes/removeJob"`), and each helper file only declares
// local functions that use names of the assembled script (its `rcall`
// alias, its KEYS-derived locals). Linted alone, such a fragment reads
// names it does not declare and declares names it never uses; both are
// normal for it, so the rules that judge a whole script's names
// (undefined-global, unused-variable) hold back on fragments.

// includeDirective matches the text of an include comment after "--":
// `- @include "x"` (BullMQ's `--- @include`), `@include 'x'`,
// `#include "x"`, and `$include(x.lua)` (loaders that paste a file from
// an includes/ folder or the script's own folder, one level deep). The
// directive must open the comment, so prose that mentions @include does
// not count. It is compiled on first use (only files with an include
// comment need it) rather than at start-up, which every run pays.
var includeDirective = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^-*\s*(?:[@#]include\s*\(?\s*["']([^"']+)["']|\$include\s*\(\s*["']?([^"')\s]+)["']?\s*\))`)
})

// includeDirectives returns the targets of the file's include directive
// comments, in source order: the built-in directives and those of
// configured (see Config.Includes), each matched against a line comment's
// text after the "--", trimmed.
func includeDirectives(f *luaast.File, configured []*regexp.Regexp) []string {
	var out []string
	for _, c := range f.Comments {
		if c == nil || c.Long {
			continue
		}
		if name, ok := IncludeTarget(c.Text, configured); ok {
			out = append(out, name)
		}
	}
	return out
}

// IncludeTarget returns the file an include directive names, given the
// text of a line comment after its "--": the built-in directives, then
// those configured.
func IncludeTarget(comment string, configured []*regexp.Regexp) (string, bool) {
	text := ""
	// The built-in regexp runs only on comments that can match: most do
	// not.
	if strings.Contains(comment, "include") {
		text = strings.TrimSpace(comment)
		if m := includeDirective().FindStringSubmatch(text); m != nil {
			return m[1] + m[2], true
		}
	}
	for _, re := range configured {
		if text == "" {
			text = strings.TrimSpace(comment)
		}
		if m := re.FindStringSubmatch(text); len(m) > 1 && m[1] != "" {
			return m[1], true
		}
	}
	return "", false
}

// IsHelperFile reports whether f is a piece that a loader pastes into
// scripts: it only declares locals (see onlyDeclaresLocals).
func IsHelperFile(f *luaast.File) bool {
	return onlyDeclaresLocals(f)
}

// onlyDeclaresLocals reports whether the main chunk does nothing but
// declare locals, without calling anything but pure library functions or
// returning: run by EVAL such a file has no effect at all, so it is a piece
// meant to be assembled with others. Two kinds qualify: helper files (at
// least one of the locals is a function) and headers that bind the
// script's inputs (`local key = KEYS[1]`, `local now = tonumber(ARGV[1])`)
// for the bodies a loader appends to them. A file of constants alone
// (`local a = 1`) is neither.
func onlyDeclaresLocals(f *luaast.File) bool {
	if f == nil || f.Block == nil || len(f.Block.Stmts) == 0 {
		return false
	}
	// Most scripts do something at the top level: one look at the kinds
	// of statements rules them out before any expression is walked.
	for _, st := range f.Block.Stmts {
		switch st.(type) {
		case *luaast.LocalFunctionStmt, *luaast.LocalStmt:
		default:
			return false
		}
	}
	funcs, inputs := 0, 0
	for _, st := range f.Block.Stmts {
		switch st := st.(type) {
		case *luaast.LocalFunctionStmt:
			funcs++
		case *luaast.LocalStmt:
			for _, e := range st.Exprs {
				if CallsImpure(e) {
					return false
				}
				if _, ok := e.(*luaast.FunctionExpr); ok {
					funcs++
				} else if readsInputs(e) {
					inputs++
				}
			}
		}
	}
	return funcs > 0 || inputs > 0
}

// pureLibraries are the sandbox tables whose functions have no effect
// outside the script: a header may call them while it binds its inputs.
var pureLibraries = map[string]bool{"string": true, "math": true, "table": true, "cjson": true, "cmsgpack": true, "struct": true, "bit": true}

// pureFunctions are the sandbox's base functions that only compute a value.
var pureFunctions = map[string]bool{"tonumber": true, "tostring": true, "type": true, "unpack": true, "select": true}

// isPureCall reports whether call only computes a value from its
// arguments: a pure base function or library function named through its
// global (a local of the same name could be anything).
func isPureCall(call *luaast.CallExpr) bool {
	switch fn := luaast.Unparen(call.Fn).(type) {
	case *luaast.Ident:
		return fn.Var == nil && pureFunctions[fn.Name]
	case *luaast.FieldExpr:
		lib, ok := luaast.Unparen(fn.X).(*luaast.Ident)
		return ok && lib.Var == nil && pureLibraries[lib.Name]
	}
	return false
}

// CallsImpure reports whether evaluating e calls a function other than a
// pure library one (tonumber, tostring, type, unpack, select, string.*,
// math.*, table.*, cjson.*, cmsgpack.*, struct.*, bit.* named through their
// globals): such a call may have an effect (a command, a helper), so
// dropping e would change what the script does. Calls inside a function
// literal's body run later, not when e is evaluated.
func CallsImpure(e luaast.Expr) bool {
	found := false
	luaast.Inspect(e, func(n luaast.Node) bool {
		switch n := n.(type) {
		case *luaast.CallExpr:
			found = !isPureCall(n)
		case *luaast.MethodCallExpr:
			found = true
		case *luaast.FunctionExpr:
			return false
		}
		return !found
	})
	return found
}

// readsInputs reports whether e reads KEYS or ARGV (the global tables).
func readsInputs(e luaast.Expr) bool {
	found := false
	luaast.Inspect(e, func(n luaast.Node) bool {
		if id, ok := n.(*luaast.Ident); ok && id.Var == nil && (id.Name == "KEYS" || id.Name == "ARGV") {
			found = true
		}
		return !found
	})
	return found
}

// fragmentCommandAliases returns the free names a fragment calls in place
// of redis.call: the assembled script binds them (`local rcall =
// redis.call`) before it pastes the fragment in, so the fragment's
// `rcall("HGET", key, "state")` runs a command. A free name counts when
// it is not a sandbox global, every reference to it is the callee of a
// call, at least one call names a command with a string literal (or the
// name ends in "call", as rcall does), and
// every literal first argument names a command of the target version (a
// logger called as log("Duplicate") is not an alias). Nil for a file that
// is not a fragment.
func fragmentCommandAliases(s *ScriptInfo, v redisfacts.Version, cmds *redisfacts.CommandSet) map[string]bool {
	if !s.Fragment || s.idx.file == nil {
		return nil
	}
	refs := map[string]int{}
	for _, id := range s.idx.file.Globals {
		refs[id.Name]++
	}
	calls := map[string]int{}
	commands := map[string]int{}
	rejected := map[string]bool{}
	for i := range s.idx.calls {
		call, ok := s.idx.calls[i].call.(*luaast.CallExpr)
		if !ok {
			continue
		}
		id, ok := call.Fn.(*luaast.Ident)
		if !ok || id.Var != nil {
			continue
		}
		calls[id.Name]++
		if len(call.Args) == 0 {
			rejected[id.Name] = true
			continue
		}
		lit, ok := call.Args[0].(*luaast.StringLit)
		if !ok {
			continue // a command name passed in (findPage(key, command, ...))
		}
		if lit.Value == "" || strings.ContainsAny(lit.Value, " \t\r\n") || cmds.Lookup(v, lit.Value) == nil {
			rejected[id.Name] = true
			continue
		}
		commands[id.Name]++
	}
	sandbox := redisfacts.Globals(v, redisfacts.EvalScript)
	var out map[string]bool
	for name := range calls {
		// A name ending in "call" (rcall, redisCall) is the alias by
		// convention even where the fragment only passes it a computed
		// command name (rcall(command, key, cursor)).
		named := commands[name] > 0 || strings.HasSuffix(strings.ToLower(name), "call")
		if !named || rejected[name] || refs[name] != calls[name] || sandbox.Has(name) || len(s.idx.globalFuncs[name]) > 0 {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[name] = true
	}
	return out
}
