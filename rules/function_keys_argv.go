package rules

import (
	"slices"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var functionKeysArgvRule = &analyzer.Rule{
	ID:       "function-keys-argv",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.InspectAnalysis},
	Doc: analyzer.Doc{
		Title: "use of the KEYS or ARGV globals in a Functions library",
		Rationale: "The KEYS and ARGV globals exist only in EVAL scripts. A function registered with " +
			"redis.register_function receives its keys and arguments as the callback's two parameters " +
			"(function(keys, args)); reading KEYS or ARGV in a library raises \"Script attempted to access " +
			"nonexistent global variable 'KEYS'\" when the function runs (verified on 7.0.15), or makes " +
			"FUNCTION LOAD fail when it happens at the library's top level. Scripts ported from EVAL often " +
			"keep them by mistake.",
		Bad: "#!lua name=lib\nredis.register_function('get', function(keys, args)\n" +
			"  return redis.call('GET', KEYS[1])\nend)\n",
		Good: "#!lua name=lib\nredis.register_function('get', function(keys, args)\n" +
			"  return redis.call('GET', keys[1])\nend)\n",
		Tags:      []string{"correctness", "functions"},
		Precision: "very-high",
	},
	Run: runFunctionKeysArgv,
}

func init() { register(functionKeysArgvRule) }

func runFunctionKeysArgv(pass *analyzer.Pass) {
	info := analyzer.Script(pass)
	if !info.IsLibrary() || len(pass.File.Globals) == 0 {
		return
	}
	if !slices.ContainsFunc(pass.File.Globals, func(id *luaast.Ident) bool { return id.Name == "KEYS" || id.Name == "ARGV" }) {
		return // the common case: nothing to report, no map to build
	}
	// "KEYS = x" assigns the global: global-assignment reports that.
	assigned := map[*luaast.Ident]bool{}
	analyzer.Inspector(pass).Preorder(luaast.KindAssignStmt, func(n luaast.Node) {
		if as, ok := n.(*luaast.AssignStmt); ok {
			for _, t := range as.Targets {
				if id, ok := t.(*luaast.Ident); ok {
					assigned[id] = true
				}
			}
		}
	})
	for _, id := range pass.File.Globals {
		if id.Var != nil || assigned[id] || (id.Name != "KEYS" && id.Name != "ARGV") {
			continue
		}
		which, nth := "keys", "first"
		if id.Name == "ARGV" {
			which, nth = "args", "second"
		}
		raise := keysArgvRaise(pass.Version.Valkey, id.Name == "ARGV")
		if info.IsLoadTime(id) {
			reportAt(pass, id, concat("'", id.Name, "' does not exist in a Functions library (", raise, " while the library loads): read ", which, " in a registered function through its ", nth, " parameter"))
			continue
		}
		param := ""
		if r := info.CallbackFor(id); r != nil {
			p := r.Keys
			if id.Name == "ARGV" {
				p = r.Args
			}
			if p != nil {
				param = p.Name
			}
		}
		if param != "" {
			reportAt(pass, id, concat("'", id.Name, "' does not exist in a function (", raise, "): use the callback's ", nth, " parameter '", param, "'"))
		} else {
			reportAt(pass, id, concat("'", id.Name, "' does not exist in a function (", raise, "): declare the callback as function(keys, args) and use its ", nth, " parameter"))
		}
	}
}

// keysArgvRaise is serverRaises for Redis's error on reading the global
// KEYS (or ARGV) in a library, as constants: the rule reports on many
// library files, and the text is always one of four.
func keysArgvRaise(valkey, argv bool) string {
	const (
		redisRaises  = "Redis raises \"" + nonexistentGlobalText
		valkeyRaises = "Valkey raises \"" + nonexistentGlobalText
	)
	switch {
	case valkey && argv:
		return valkeyRaises + "ARGV'\""
	case valkey:
		return valkeyRaises + "KEYS'\""
	case argv:
		return redisRaises + "ARGV'\""
	}
	return redisRaises + "KEYS'\""
}
