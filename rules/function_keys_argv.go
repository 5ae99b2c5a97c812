package rules

import (
	"fmt"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var functionKeysArgvRule = &analyzer.Rule{
	ID:       "function-keys-argv",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis},
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
		text := fmt.Sprintf("Script attempted to access nonexistent global variable '%s'", id.Name)
		raise := serverRaises(pass.Version, text, text)
		if info.IsLoadTime(id) {
			pass.Reportf(id, "'%s' does not exist in a Functions library (%s while the library loads): read %s in a registered function through its %s parameter", id.Name, raise, which, nth)
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
			pass.Reportf(id, "'%s' does not exist in a function (%s): use the callback's %s parameter '%s'", id.Name, raise, nth, param)
		} else {
			pass.Reportf(id, "'%s' does not exist in a function (%s): declare the callback as function(keys, args) and use its %s parameter", id.Name, raise, nth)
		}
	}
}
