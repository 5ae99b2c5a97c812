package rules

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// runsUnderPcallByScan is how write-before-validation asked, per function,
// whether it runs under pcall before analyzer.PcalledFuncs: a scan of every pcall
// site. It is the oracle of TestPcalledFuncsMatchesScan.
func runsUnderPcallByScan(info *analyzer.ScriptInfo, calls *analyzer.CallInfo, fn *luaast.FunctionExpr) bool {
	if fn == nil || info.ParentFunc(fn) == nil {
		return false
	}
	for _, s := range calls.Named("pcall", "xpcall") {
		if len(s.Call.Args) > 0 && luaast.Unparen(s.Call.Args[0]) == luaast.Expr(fn) {
			return true
		}
		if len(s.Call.Args) > 0 {
			if id, ok := luaast.Unparen(s.Call.Args[0]).(*luaast.Ident); ok && info.BoundOnce(id.Var) == luaast.Expr(fn) {
				return true
			}
		}
	}
	return false
}

// TestPcalledFuncsMatchesScan checks, for every function of the fixtures,
// the realistic and generated scripts and the cases below, that the set
// analyzer.PcalledFuncs builds once answers as the per-function scan did.
func TestPcalledFuncsMatchesScan(t *testing.T) {
	srcs := scopeSources(t)
	extra := []string{
		"local ok = pcall(function() redis.call('SET', KEYS[1], 1) end)\n",
		"local f = function() error('x') end\nlocal ok = pcall(f)\nlocal g = function() end\nxpcall(g, print)\n",
		"local f = function() end\nf = nil\npcall(f)\n",                         // assigned twice: not bound once
		"local f = (function() end)\npcall(f)\npcall((function() end))\n",       // parenthesised literals
		"function top() end\npcall(top)\npcall()\npcall(nil, function() end)\n", // global, no argument, second argument
		"local t = {f = function() end}\npcall(t.f)\nlocal h = pcall\nh(function() end)\n",
	}
	for i, src := range extra {
		srcs["pcalled-"+string(rune('a'+i))] = []byte(src)
	}
	caught, funcs := 0, 0
	for name, src := range srcs {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Block == nil {
			continue
		}
		pass := newTestPass(f)
		info, calls := analyzer.Script(pass), analyzer.Calls(pass)
		set := analyzer.PcalledFuncs(info, calls)
		luaast.Inspect(f.Block, func(n luaast.Node) bool {
			fn, ok := n.(*luaast.FunctionExpr)
			if !ok {
				return true
			}
			funcs++
			want := runsUnderPcallByScan(info, calls, fn)
			got := info.ParentFunc(fn) != nil && set[fn]
			if got != want {
				t.Errorf("%s: function at %d: analyzer.PcalledFuncs says %v, the scan %v", name, fn.Pos(), got, want)
			}
			if want {
				caught++
			}
			return true
		})
	}
	if caught < 5 || funcs < 100 {
		t.Fatalf("only %d of %d functions run under pcall: the test sees too little", caught, funcs)
	}
}
