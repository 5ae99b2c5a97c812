package rules

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var undefinedGlobalRule = &analyzer.Rule{
	ID:       "undefined-global",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis, analyzer.GlobalUsesAnalysis, analyzer.DeclaredVariablesAnalysis},
	Options: []analyzer.OptionSpec{
		{Name: "globals", Default: []string{}, Doc: "names the script may read without declaring them, because " +
			"the code that sends it declares them first: a loader that prepends a header of locals " +
			"(local queue = KEYS[1]) or helper files to each script body. Set it for those files in overrides."},
	},
	Doc: analyzer.Doc{
		Title: "a global the Redis sandbox does not have",
		Rationale: "Redis protects the globals table of its Lua sandbox: reading a name it does not hold " +
			"raises \"Script attempted to access nonexistent global variable 'name'\" at run time " +
			"(verified on 7.0.15), so a misspelled function (tonumbr) or a variable that was never declared " +
			"fails the script, after any writes it already made. A missing field of a library table, such as " +
			"string.trim or the Lua 5.2 table.unpack, is nil, and calling it raises \"attempt to call field " +
			"'unpack' (a nil value)\"; a missing field that is only tested (`table.unpack or unpack`, " +
			"`if string.pack then`) is nil, not an error, and is not reported. What exists depends on the target version and on where the code runs: " +
			"os.clock only on Redis 7.4+ and Valkey 8.0+, the server alias of redis only on Valkey 8.0+, " +
			"redis.breakpoint only in EVAL scripts. The message suggests the closest known global or local. " +
			"Names the sandbox removes on purpose (os, io, print, require ...) are reported by sandbox-violation; " +
			"KEYS and ARGV inside a Functions library by function-keys-argv; call-time globals used while a " +
			"library loads by load-time-call; and reads of a global the script assigns, or of a library field it " +
			"assigns (function table.extend() end, then table.extend(t, u)), by global-assignment only: one problem, " +
			"one finding, at the assignment where Redis raises. " +
			"A fragment of a script assembled at build time (a file with `--- @include` directives, or one that " +
			"only declares locals: helpers, or names bound from KEYS and ARGV) reads names the assembled script declares: its undeclared names are " +
			"not reported, except near misses of a sandbox global (tonumbr), and its unknown library members " +
			"(string.trim) are; names ending in call (rcall) are taken as the assembled script's redis.call alias. " +
			"So is a script whose comment says that the host prepends another file to it (\"The content of " +
			"'shared/x.lua' must be prepended to this script\"): it reads the prepended file's names. " +
			"A body that a loader joins to a header of its own (no include directive) reads the header's locals: " +
			"list them in the globals option for those files.",
		Bad:       "local n = tonumbr(ARGV[1])\nreturn n\n",
		Good:      "local n = tonumber(ARGV[1])\nreturn n\n",
		Tags:      []string{"correctness", "sandbox"},
		Precision: "very-high",
	},
	Run: runUndefinedGlobal,
}

func init() { register(undefinedGlobalRule) }

// contextPlace describes where code of ctx runs, for messages.
func contextPlace(ctx redisfacts.Context) string {
	switch ctx {
	case redisfacts.FunctionCall:
		return "in a Functions callback"
	case redisfacts.LibraryLoad:
		return "while a Functions library loads"
	}
	return "in an EVAL script"
}

// lua52Replacement says what to use in Lua 5.1 instead of a Lua 5.2+
// library function.
var lua52Replacement = map[string]string{
	"table.unpack":    "use 'unpack'",
	"table.pack":      "use '{...}' and select('#', ...)",
	"table.move":      "copy with a numeric for loop",
	"string.pack":     "use 'struct.pack'",
	"string.unpack":   "use 'struct.unpack'",
	"string.packsize": "use 'struct.size'",
	"math.tointeger":  "use 'math.floor' after checking the value",
	"math.type":       "compare math.floor(x) == x",
}

func runUndefinedGlobal(pass *analyzer.Pass) {
	info := analyzer.Script(pass)
	uses := analyzer.GlobalUses(pass)
	assigned := map[string]bool{}
	// Library fields the script assigns (function table.extend() end):
	// global-assignment reports the assignment, and a later call of the
	// field is the same problem, not a second one. Made on first need.
	var memberAssigned map[string]bool
	for i := range uses {
		if uses[i].Write {
			assigned[uses[i].ID.Name] = true
		}
		if uses[i].MemberWrite {
			if m := uses[i].Member(); m != "" {
				if memberAssigned == nil {
					memberAssigned = map[string]bool{}
				}
				memberAssigned[uses[i].ID.Name+"."+m] = true
			}
		}
	}
	var locals map[string]*luaast.Variable
	// A script whose comments say that the host prepends another file
	// to it reads that file's names, as an assembled fragment does.
	fragment := info.Fragment || hostPrepended(pass.File)
	var fragmentAliases map[string]bool
	var provided map[string]bool // the globals option, read on first need
	providedRead := false
	var candidates [3][]string // by context: see candidatesFor
	callTime := redisfacts.Globals(pass.Version, redisfacts.FunctionCall)
	for i := range uses {
		u := &uses[i]
		if u.Write {
			continue
		}
		name, member := u.ID.Name, u.Member()
		ctx := info.ContextOf(u.Where())
		set := redisfacts.Globals(pass.Version, ctx)
		if info.IsLibrary() && (name == "KEYS" || name == "ARGV") {
			continue // function-keys-argv
		}
		if name == "os" && member == "clock" && !set.HasMember("os", "clock") {
			if ctx == redisfacts.LibraryLoad && callTime.HasMember("os", "clock") {
				continue // load-time-call
			}
			pass.Report(analyzer.Diagnostic{
				Span: luaast.SpanOf(u.MemberNode),
				Message: fmt.Sprintf("'os.clock' exists only on Redis 7.4+ and Valkey 8.0+, not on %s (Redis raises \"Script attempted to access nonexistent global variable 'os'\"): "+
					"set redis-version: 7.4 or newer if you target it, or time the work outside the script", pass.Version.Label()),
			})
			continue
		}
		if u.Forbidden {
			continue // sandbox-violation
		}
		if !providedRead {
			// A map only when the option lists names: a lookup in an
			// empty map still hashes the name, once per global use.
			for _, g := range pass.Options.Strings("globals") {
				if provided == nil {
					provided = map[string]bool{}
				}
				provided[g] = true
			}
			providedRead = true
		}
		if provided != nil && provided[name] {
			continue // declared by what the loader puts before the script
		}
		// The answer for the EVAL sandbox came with the use.
		has := u.InEval
		if !u.EvalKnown || ctx != redisfacts.EvalScript {
			has = set.Has(name)
		}
		if has {
			if member != "" && !u.MemberWrite && name != "_G" && !memberAssigned[name+"."+member] {
				reportUnknownMember(pass, *u, set, ctx)
			}
			if name == "_G" && member != "" && !u.MemberWrite && u.MemberNode != nil {
				reportUndefinedGField(pass, info, *u, set, assigned)
			}
			continue
		}
		if assigned[name] {
			continue // global-assignment reports the assignment
		}
		if fragment {
			// A fragment's free names come from the script that includes
			// it (its rcall alias, its helpers), but a near miss of a
			// sandbox global (tonumbr) is a typo wherever it is included.
			if fragmentAliases == nil {
				fragmentAliases = commandAliasNames(analyzer.Calls(pass))
			}
			if s := analyzer.SuggestName(name, set.Names()); s != "" && s != name && !fragmentAliases[name] {
				pass.Reportf(u.ID, "undefined global '%s': Redis raises \"Script attempted to access nonexistent global variable '%s'\" unless the script that includes this file defines it; did you mean '%s'?", name, name, s)
			}
			continue
		}
		if ctx == redisfacts.LibraryLoad && callTime.Has(name) {
			continue // load-time-call
		}
		if name == "server" {
			pass.Reportf(u.ID, "'server' is Valkey 8.0+'s name for 'redis' and does not exist on %s: use 'redis', or set redis-version: valkey-8.0 if you target Valkey", pass.Version.Label())
			continue
		}
		if locals == nil {
			locals = localsByName(pass)
		}
		// While a library loads almost nothing exists; suggest what the
		// author meant from the call-time sandbox.
		suggestFrom, suggestCtx := set, ctx
		if ctx == redisfacts.LibraryLoad {
			suggestFrom, suggestCtx = callTime, redisfacts.FunctionCall
		}
		// The candidates (a sorted list of the sandbox's names and the
		// file's locals) are built once per file and context, and only
		// when no local of the name explains the finding.
		// One concatenation per message (no fmt).
		raises := "undefined global '" + name + "': Redis raises \"Script attempted to access nonexistent global variable '" + name + "'\""
		var msg string
		if v := locals[name]; v != nil && v.Decl != nil {
			msg = raises + "; the local '" + name + "' declared at line " + strconv.Itoa(pass.File.Position(v.Decl.Pos()).Line) + " is not in scope here: declare it where both uses can see it"
		} else if hint := commandCallHint(pass, u.ID); hint != "" {
			msg = raises + "; " + hint
		} else if s := suggestVisible(pass, name, u.ID.Pos(), candidatesFor(candidates[:], suggestCtx, suggestFrom, locals), suggestFrom, locals); s != "" {
			msg = raises + "; did you mean '" + s + "'?"
		} else if info.IsLibrary() {
			msg = raises + "; declare it with 'local' or pass the value in the callback's args"
		} else {
			msg = raises + "; declare it with 'local' or pass the value in ARGV"
		}
		reportAt(pass, u.ID, msg)
	}
}

// prependedRE matches a comment saying that the host puts another file's
// content in front of this one before loading it: "The content of
// 'shared/x.lua' must be prepended to this script".
var prependedRE = regexp.MustCompile(`(?i)\bprepend(?:s|ed)?\b[^\n]{0,80}?\b(?:to|before|in front of) this (?:script|file)\b`)

// hostPrepended reports whether a comment of f says that the host prepends
// another file to it (see prependedRE).
func hostPrepended(f *luaast.File) bool {
	// The sentence may run over several line comments: they are joined,
	// only when one of them mentions prepending.
	for i, c := range f.Comments {
		if !strings.Contains(strings.ToLower(c.Text), "prepend") {
			continue
		}
		var b strings.Builder
		for _, d := range f.Comments[i:min(i+3, len(f.Comments))] {
			b.WriteString(d.Text)
			b.WriteByte(' ')
		}
		if prependedRE.MatchString(strings.Join(strings.Fields(b.String()), " ")) {
			return true
		}
	}
	return false
}

// reportUndefinedGField reports _G.name / _G["name"] read for a name the
// sandbox does not have: the globals table's metatable raises on it just as
// on a bare name (verified: `return _G.foo` fails on 7.0.15). Removed
// globals (_G.print) are sandbox-violation's.
func reportUndefinedGField(pass *analyzer.Pass, info *analyzer.ScriptInfo, u analyzer.GlobalUse, set redisfacts.GlobalSet, assigned map[string]bool) {
	m := u.Member()
	if set.Has(m) || assigned[m] || info.Fragment || (info.IsLibrary() && (m == "KEYS" || m == "ARGV")) {
		return
	}
	if _, forbidden := redisfacts.SandboxForbidden(m); forbidden {
		return
	}
	if m == "server" || m == "os" {
		return // version-dependent names: reported when read directly
	}
	pass.Report(analyzer.Diagnostic{
		Span:    luaast.SpanOf(u.MemberNode),
		Message: fmt.Sprintf("undefined global '%s' read through _G: Redis raises \"Script attempted to access nonexistent global variable '%s'\"; use rawget(_G, '%s') to test for it", m, m, m),
	})
}

// reportUnknownMember reports name.member when the sandbox's table name
// has no such field for the target version and context.
func reportUnknownMember(pass *analyzer.Pass, u analyzer.GlobalUse, set redisfacts.GlobalSet, ctx redisfacts.Context) {
	name, member := u.ID.Name, u.Member()
	if u.FeatureTest || set.HasMember(name, member) {
		return // a missing field is nil: testing for it is how portable code adapts
	}
	// Members builds a sorted list: only asked for once a member is
	// missing, and not for redis (the caller checked that the sandbox has
	// the table, so its members are known): redisMemberMessage lists them
	// when it needs them.
	var members []string
	// (A stack buffer: the list is needed only for the suggestion.)
	var membersBuf [64]string
	if name != "redis" && name != "server" {
		var fixed bool
		members, fixed = set.AppendMembers(membersBuf[:0], name)
		if !fixed {
			return
		}
	}
	if name == "os" {
		return // os.* other than clock: sandbox-violation
	}
	v := pass.Version
	if ctx == redisfacts.LibraryLoad && redisfacts.Globals(v, redisfacts.FunctionCall).HasMember(name, member) {
		return // load-time-call
	}
	// nilErr in three parts, for message to concatenate.
	nilErr0, nilErr1, nilErr2 := "it is nil", "", ""
	if u.Called {
		nilErr0, nilErr1, nilErr2 = "calling it raises \"attempt to call field '", member, "' (a nil value)\""
	}
	var msg string
	switch {
	case redisfacts.Lua52Member(name, member):
		full := name + "." + member
		msg = "'" + full + "' is Lua 5.2+ and does not exist in Redis's Lua 5.1 (" + nilErr0 + nilErr1 + nilErr2 + ")"
		if r := lua52Replacement[full]; r != "" {
			msg += ": " + r
		}
	case name == "redis" || name == "server":
		msg = redisMemberMessage(v, ctx, pass.File.Shebang != nil, name, member, nilErr0+nilErr1+nilErr2)
	default:
		if s := analyzer.SuggestName(member, members); s != "" {
			msg = concat("'", name, ".", member, "' does not exist in the '", name, "' library of Redis's Lua 5.1 (", nilErr0, nilErr1, nilErr2, "): did you mean '", name, ".", s, "'?")
		} else {
			msg = concat("'", name, ".", member, "' does not exist in the '", name, "' library of Redis's Lua 5.1 (", nilErr0, nilErr1, nilErr2, "): write it as a local function")
		}
	}
	pass.Report(analyzer.Diagnostic{Span: luaast.SpanOf(u.MemberNode), Message: msg})
}

// redisMemberMessage explains why redis.member is missing: another
// version, another context, or no such API. shebang tells whether the
// file starts with a '#!' line (one without name=, since ctx would
// otherwise be a library's).
func redisMemberMessage(v redisfacts.Version, ctx redisfacts.Context, shebang bool, name, member, nilErr string) string {
	full := name + "." + member
	for _, other := range []redisfacts.Context{redisfacts.EvalScript, redisfacts.FunctionCall, redisfacts.LibraryLoad} {
		if other != ctx && redisfacts.Globals(v, other).HasMember(name, member) {
			if ctx == redisfacts.EvalScript && other == redisfacts.LibraryLoad {
				// A library's API in a file read as an EVAL script: the
				// library's first line is most likely wrong or missing.
				if shebang {
					return fmt.Sprintf("'%s' does not exist in an EVAL script, only while a Functions library loads (%s): the '#!lua' line has no name=, so the file is an EVAL script: did you forget name=? (#!lua name=<library>)", full, nilErr)
				}
				return fmt.Sprintf("'%s' does not exist in an EVAL script, only while a Functions library loads (%s): a library starts with '#!lua name=<library>'; did you forget that line?", full, nilErr)
			}
			return fmt.Sprintf("'%s' does not exist %s, only %s (%s): move the call or use another API", full, contextPlace(ctx), contextPlace(other), nilErr)
		}
	}
	if since := redisfacts.RedisMemberSince(member); since != "" && !v.Valkey {
		return fmt.Sprintf("'%s' needs Redis %s+ and does not exist on %s (%s): set redis-version if you target a newer server", full, since, v.Label(), nilErr)
	}
	if valkey8 := (redisfacts.Version{Valkey: true, Major: 8}); redisfacts.Globals(valkey8, ctx).HasMember(name, member) {
		return fmt.Sprintf("'%s' exists only on Valkey 8.0+, not on %s (%s): set redis-version: valkey-8.0 if you target Valkey", full, v.Label(), nilErr)
	}
	var membersBuf [64]string
	members, _ := redisfacts.Globals(v, ctx).AppendMembers(membersBuf[:0], name)
	msg := fmt.Sprintf("'%s' is not part of the Redis Lua API %s (%s)", full, contextPlace(ctx), nilErr)
	if s := analyzer.SuggestName(member, members); s != "" {
		msg += fmt.Sprintf(": did you mean '%s.%s'?", name, s)
	}
	return msg
}

// candidatesFor returns suggestionCandidates(set, locals) for the sandbox
// set of ctx, from cache when it was built for an earlier finding.
func candidatesFor(cache [][]string, ctx redisfacts.Context, set redisfacts.GlobalSet, locals map[string]*luaast.Variable) []string {
	if int(ctx) < 0 || int(ctx) >= len(cache) {
		return suggestionCandidates(set, locals)
	}
	if cache[ctx] == nil {
		cache[ctx] = suggestionCandidates(set, locals)
	}
	return cache[ctx]
}

// suggestionCandidates are the names a misspelled global may have meant:
// the sandbox's globals (without internal ones) and the file's locals.
func suggestionCandidates(set redisfacts.GlobalSet, locals map[string]*luaast.Variable) []string {
	var out []string
	for _, n := range set.Names() {
		if !strings.HasPrefix(n, "__") {
			out = append(out, n)
		}
	}
	for n := range locals {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// suggestVisible returns the name a misspelled global at pos may have
// meant, from the cached candidates (the sandbox's names and every local of
// the file). A local is only a good guess where it is in scope: when the
// best candidate is a local that cannot be seen at pos (`local time =
// TIME()` cannot read the local it declares), the guess is made again from
// the sandbox's names and the locals visible at pos.
func suggestVisible(pass *analyzer.Pass, name string, pos luaast.Pos, candidates []string, set redisfacts.GlobalSet, locals map[string]*luaast.Variable) string {
	s := analyzer.SuggestName(name, candidates)
	if s == "" || locals[s] == nil || set.Has(s) || localVisibleAt(pass, s, pos) {
		return s
	}
	visible := suggestionCandidates(set, nil)
	in := analyzer.Inspector(pass)
	for _, v := range analyzer.DeclaredVariables(pass) {
		if in.VisibleAt(v, pos) {
			visible = append(visible, v.Name)
		}
	}
	return analyzer.SuggestName(name, visible)
}

// localVisibleAt reports whether a local named name is in scope at pos.
func localVisibleAt(pass *analyzer.Pass, name string, pos luaast.Pos) bool {
	in := analyzer.Inspector(pass)
	for _, v := range analyzer.DeclaredVariables(pass) {
		if v.Name == name && in.VisibleAt(v, pos) {
			return true
		}
	}
	return false
}

// commandCallHint explains a call of an undefined upper-case global named
// like a Redis command (`TIME()`, `GET(KEYS[1])`): the script meant
// redis.call. Other names are left to the spelling suggestions (a
// lower-case `incrby()` is more likely a misspelled helper).
func commandCallHint(pass *analyzer.Pass, id *luaast.Ident) string {
	name := id.Name
	if strings.ToUpper(name) != name || strings.ToLower(name) == name {
		return ""
	}
	call, ok := analyzer.Parents(pass).Of(id).(*luaast.CallExpr)
	if !ok || call.Fn != luaast.Expr(id) || pass.LookupCommand(name) == nil {
		return ""
	}
	args := ""
	if len(call.Args) > 0 {
		args = ", ..."
	}
	return "'" + name + "' is a Redis command, not a Lua function: call it with redis.call('" + name + "'" + args + ")"
}

// localsByName maps each local name of the file to its first declaration
// (parameters and loop variables included).
func localsByName(pass *analyzer.Pass) map[string]*luaast.Variable {
	out := map[string]*luaast.Variable{}
	for _, v := range analyzer.DeclaredVariables(pass) {
		if _, ok := out[v.Name]; !ok {
			out[v.Name] = v
		}
	}
	return out
}

// commandAliasNames returns the free names a fragment calls as the
// including script's redis.call (rcall("HGET", ...)): they are defined
// there, whatever sandbox global they resemble (rcall is one edit from
// pcall).
func commandAliasNames(calls *analyzer.CallInfo) map[string]bool {
	names := map[string]bool{}
	for _, rc := range calls.List {
		if id, ok := rc.Call.Fn.(*luaast.Ident); ok && id.Var == nil {
			names[id.Name] = true
		}
	}
	return names
}
