package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

// InspectAnalysis flattens the file's tree once into a luaast.Inspector,
// which rules and analyses share to find the nodes of the kinds they look
// for without each walking the whole tree.
var InspectAnalysis = &Analysis{
	Name: "inspect",
	Doc:  "the file's tree flattened for fast traversals by node kind (luaast.Inspector)",
	Run: func(pass *Pass) any {
		if pass.scratch != nil {
			// The engine's worker builds one Inspector per file, needed
			// only while the file is linted: it lives in the worker's
			// buffers, valid until the scratch is released.
			return pass.scratch.inspector.BuildTransient(pass.File)
		}
		return luaast.NewInspector(pass.File)
	},
	slot: slotInspect,
}

// Inspector returns the InspectAnalysis result for the pass's file.
func Inspector(pass *Pass) *luaast.Inspector {
	r, ok := pass.ResultOf(InspectAnalysis).(*luaast.Inspector)
	if !ok {
		// Only a broken Run function could cause this: a programming error.
		panic("analyzer: InspectAnalysis did not return a *luaast.Inspector")
	}
	return r
}
