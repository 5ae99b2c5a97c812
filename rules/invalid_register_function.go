package rules

import (
	"fmt"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var invalidRegisterFunctionRule = &analyzer.Rule{
	ID:       "invalid-register-function",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.OriginsAnalysis, analyzer.InspectAnalysis},
	Doc: analyzer.Doc{
		Title: "a redis.register_function call FUNCTION LOAD rejects",
		Rationale: "redis.register_function takes either a name and a callback (exactly two arguments) or " +
			"one table with the keys function_name, callback, flags and description (matched " +
			"case-insensitively). FUNCTION LOAD validates every registration and refuses the whole library on " +
			"the first mistake, with \"Error registering functions\" and the reason: \"wrong number of " +
			"arguments to redis.register_function\", \"unknown flag given\" (valid flags: no-writes, allow-oom, " +
			"allow-stale, no-cluster, allow-cross-slot-keys), \"unknown argument given to " +
			"redis.register_function\", \"second argument to redis.register_function must be a function\", " +
			"\"Function already exists in the library\", and for a function name outside [A-Za-z0-9_]+ the " +
			"mis-worded \"Library names can only contain letters, numbers, or underscores(_) ...\". A library " +
			"that registers nothing fails with \"No functions registered\". Values of unknown origin are not " +
			"reported, nor, in a library template whose name= is a host placeholder (invalid-shebang reports it), " +
			"function names that hold a placeholder ('%s_get', '{lib}_set'): one problem, one finding.",
		Bad:       "#!lua name=lib\nredis.register_function('get-user', function(keys, args)\n  return redis.call('GET', keys[1])\nend)\n",
		Good:      "#!lua name=lib\nredis.register_function('get_user', function(keys, args)\n  return redis.call('GET', keys[1])\nend)\n",
		Tags:      []string{"correctness", "functions"},
		Precision: "very-high",
	},
	Run: runInvalidRegisterFunction,
}

func init() { register(invalidRegisterFunctionRule) }

// validFunctionFlags are the flags a function may declare (src/script.c
// scripts_flags_def; the same five in Valkey).
var validFunctionFlags = []string{"no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys"}

const badFunctionName = "Library names can only contain letters, numbers, or underscores(_) and must be at least one character long"

// Origins that are certainly not a string (numbers pass lua_isstring), not
// a function, not a table.
const (
	notStringKinds   = analyzer.OriginTable | analyzer.OriginFunction | analyzer.OriginBool | analyzer.OriginNil | analyzer.OriginKeysTable | analyzer.OriginArgvTable
	notFunctionKinds = analyzer.OriginString | analyzer.OriginNumber | analyzer.OriginArith | analyzer.OriginBuilt | analyzer.OriginTable | analyzer.OriginBool | analyzer.OriginNil
	notTableKinds    = analyzer.OriginString | analyzer.OriginNumber | analyzer.OriginArith | analyzer.OriginBuilt | analyzer.OriginFunction | analyzer.OriginBool | analyzer.OriginNil
)

func runInvalidRegisterFunction(pass *analyzer.Pass) {
	info := analyzer.Script(pass)
	if !info.IsLibrary() {
		return
	}
	origins := analyzer.Origins(pass)
	fails := func(text string) string { return fmt.Sprintf("FUNCTION LOAD fails with %q", text) }

	topLevel := map[*luaast.CallExpr]bool{}
	for _, s := range pass.File.Block.Stmts {
		if cs, ok := s.(*luaast.CallStmt); ok {
			if c, ok := cs.Call.(*luaast.CallExpr); ok {
				topLevel[c] = true
			}
		}
	}
	// A library whose name= is a host placeholder (#!lua name=%s) is a
	// template: invalid-shebang reports it once, and function names built
	// from placeholders ('%s_get') are the same problem.
	libPlaceholder, _ := analyzer.HostPlaceholder(info.LibraryName)
	seen := map[string]*analyzer.Registration{}
	seenFold := map[string]*analyzer.Registration{}
	for _, r := range info.Registrations {
		api := info.GlobalPath(r.Call.Fn)
		args := r.Call.Args
		if !r.Named {
			n := len(args)
			multi := n > 0 && luaast.IsMultiValue(args[n-1])
			switch {
			case multi && n-1 > 2, !multi && (n == 0 || n > 2):
				pass.Reportf(r.Call, "'%s' takes a name and a callback, or one table of named arguments; got %d arguments: %s", api, n, fails("wrong number of arguments to "+api))
				continue
			case n == 1 && !multi && origins.Of(args[0]).IsOnly(notTableKinds):
				pass.Reportf(r.Call, "'%s' with one argument needs a table of named arguments ({function_name=..., callback=...}) or a second argument, the callback: %s", api,
					fails("calling "+api+" with a single argument is only applicable to Lua table (representing named arguments)"))
				continue
			case n == 1 || multi:
				continue // a table of unknown origin, or an unknown count
			}
		}
		// Named form: check the keys first, as Redis reads them.
		undecidable := false
		for _, f := range r.UnknownFields {
			if f.Kind == luaast.FieldBracketed {
				if _, ok := origins.Of(f.Key).ConstString(); !ok {
					undecidable = true
					continue
				}
			}
			pass.Report(analyzer.Diagnostic{Span: luaast.SpanOf(f), Message: fmt.Sprintf(
				"unknown named argument of '%s' (valid: function_name, callback, flags, description): %s", api, fails("unknown argument given to "+api))})
		}
		if r.Named && !undecidable {
			if r.NameExpr == nil {
				pass.Reportf(r.Call, "'%s' needs a function_name: %s", api, fails(api+" must get a function name argument"))
			}
			if r.CallbackExpr == nil {
				pass.Reportf(r.Call, "'%s' needs a callback: %s", api, fails(api+" must get a callback argument"))
			}
		}
		if r.NameExpr != nil {
			switch {
			case origins.Of(r.NameExpr).IsOnly(notStringKinds):
				text := "first argument to " + api + " must be a string"
				if r.Named {
					text = "function_name argument given to " + api + " must be a string"
				}
				pass.Reportf(r.NameExpr, "the function name must be a string: %s", fails(text))
			case r.NameKnown && libPlaceholder != "" && hasPlaceholder(r.Name):
				// the template's; see libPlaceholder
			case r.NameKnown && !redisfacts.ValidFunctionName(r.Name):
				pass.Reportf(r.NameExpr, "function name '%s' may only contain letters, digits and underscores: %s", r.Name, fails(badFunctionName))
			case r.NameKnown && topLevel[r.Call]:
				if prev := seen[r.Name]; prev != nil {
					pass.Reportf(r.NameExpr, "function '%s' is already registered at line %d: %s", r.Name, lineOfNode(pass, prev.Call), fails("Function already exists in the library"))
				} else if prev := seenFold[strings.ToLower(r.Name)]; prev != nil {
					// Verified on 7.0.15: both load, FCALL finds one of them
					// for either name, and FUNCTION DELETE of the library
					// crashes the server.
					pass.Reportf(r.NameExpr, "function '%s' differs from '%s' (line %d) only in case: FCALL looks names up case-insensitively, so one hides the other, and FUNCTION DELETE of this library crashes Redis 7.0; rename one", r.Name, prev.Name, lineOfNode(pass, prev.Call))
				} else {
					seen[r.Name] = r
					seenFold[strings.ToLower(r.Name)] = r
				}
			}
		}
		if r.CallbackExpr != nil && r.Callback == nil && origins.Of(r.CallbackExpr).IsOnly(notFunctionKinds) {
			text := "second argument to " + api + " must be a function"
			if r.Named {
				text = "callback argument given to " + api + " must be a function"
			}
			pass.Reportf(r.CallbackExpr, "the callback must be a function: %s", fails(text))
		}
		if r.FlagsExpr != nil {
			checkFunctionFlags(pass, info, origins, api, r.FlagsExpr, fails)
		}
		if r.DescriptionExpr != nil && origins.Of(r.DescriptionExpr).IsOnly(notStringKinds) {
			pass.Reportf(r.DescriptionExpr, "the description must be a string: %s", fails("description argument given to "+api+" must be a string"))
		}
	}
	if len(info.Registrations) == 0 && !mentionsRegisterFunction(analyzer.Inspector(pass), info) && pass.File.Shebang != nil {
		pass.Report(analyzer.Diagnostic{Span: pass.File.Shebang.Span, Message: fmt.Sprintf(
			"library '%s' registers no function: %s; call redis.register_function at the top level", info.LibraryName, fails("No functions registered"))})
	}
}

// checkFunctionFlags reports a flags value that is not a table, and
// literal flags Redis does not know.
func checkFunctionFlags(pass *analyzer.Pass, info *analyzer.ScriptInfo, origins *analyzer.OriginInfo, api string, e luaast.Expr, fails func(string) string) {
	if origins.Of(e).IsOnly(notTableKinds) {
		pass.Reportf(e, "flags must be a table of flag names: %s", fails("flags argument to "+api+" must be a table representing function flags"))
		return
	}
	t := resolveTableExpr(info, e)
	if t == nil {
		return
	}
	for _, f := range t.Fields {
		if f.Kind != luaast.FieldPositional {
			continue
		}
		s, ok := origins.Of(f.Value).ConstString()
		if !ok {
			continue
		}
		valid := false
		for _, fl := range validFunctionFlags {
			valid = valid || strings.EqualFold(fl, s)
		}
		if !valid {
			msg := fmt.Sprintf("unknown function flag '%s' (valid: %s): %s", s, strings.Join(validFunctionFlags, ", "), fails("unknown flag given"))
			if sug := analyzer.SuggestName(strings.ToLower(s), validFunctionFlags); sug != "" {
				msg += fmt.Sprintf("; did you mean '%s'?", sug)
			}
			pass.Report(analyzer.Diagnostic{Span: luaast.SpanOf(f.Value), Message: msg})
		}
	}
}

// resolveTableExpr returns the table constructor e denotes, directly or
// through locals bound once.
func resolveTableExpr(info *analyzer.ScriptInfo, e luaast.Expr) *luaast.TableExpr {
	for range 16 { // a bound on the chain of locals
		switch x := e.(type) {
		case *luaast.TableExpr:
			return x
		case *luaast.ParenExpr:
			e = x.X
		case *luaast.Ident:
			if e = info.BoundOnce(x.Var); e == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// mentionsRegisterFunction reports whether the file refers to
// register_function anywhere (a call in a loop or helper, an alias), in
// which case "nothing registered" cannot be shown.
func mentionsRegisterFunction(in *luaast.Inspector, info *analyzer.ScriptInfo) bool {
	found := false
	in.Preorder(luaast.KindFieldExpr|luaast.KindIndexExpr, func(n luaast.Node) {
		if found {
			return
		}
		switch x := n.(type) {
		case *luaast.FieldExpr:
			found = x.Name.Name == "register_function"
		case *luaast.IndexExpr:
			if p := info.GlobalPath(x); strings.HasSuffix(p, ".register_function") {
				found = true
			} else if _, ok := x.Key.(*luaast.StringLit); !ok {
				found = true // redis[k]: could be anything
			}
		}
	})
	return found
}

// lineOfNode returns the line of n.
func lineOfNode(pass *analyzer.Pass, n luaast.Node) int {
	return pass.File.Lines.Position(n.Pos()).Line
}

// hasPlaceholder reports whether s holds a host-language placeholder.
func hasPlaceholder(s string) bool {
	ph, _ := analyzer.HostPlaceholder(s)
	return ph != ""
}
