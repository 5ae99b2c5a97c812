package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

// PcalledFuncs returns the function literals passed to pcall or xpcall,
// directly or through a local bound once to them: their errors the script
// catches (TestPcalledFuncsMatchesScan).
func PcalledFuncs(info *ScriptInfo, calls *CallInfo) map[*luaast.FunctionExpr]bool {
	out := map[*luaast.FunctionExpr]bool{}
	for _, s := range calls.Named("pcall", "xpcall") {
		if len(s.Call.Args) == 0 {
			continue
		}
		switch arg := luaast.Unparen(s.Call.Args[0]).(type) {
		case *luaast.FunctionExpr:
			out[arg] = true
		case *luaast.Ident:
			if fn, ok := info.BoundOnce(arg.Var).(*luaast.FunctionExpr); ok {
				out[fn] = true
			}
		}
	}
	return out
}
