package rules

import (
	"fmt"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// resultOf returns the result of the shared analysis a as a T. A result of
// another type is a bug in this package (an analysis's Run and its accessor
// disagree), not bad input, so it panics naming the analysis.
func resultOf[T any](pass *analyzer.Pass, a *analyzer.Analysis) T {
	r := pass.ResultOf(a)
	v, ok := r.(T)
	if !ok {
		panic(fmt.Sprintf("rules: analysis %s returned %T, want %T", a.Name, r, v))
	}
	return v
}

// Tree facts several rules need, computed once per file through the
// engine's analysis cache instead of once per rule (each is a walk of the
// whole tree). Their results are shared: callers must not modify them.

var globalUsesAnalysis = &analyzer.Analysis{
	Name:     "rules:global-uses",
	Doc:      "every reference to a global, with what the code does with it",
	Requires: []*analyzer.Analysis{analyzer.InspectAnalysis, analyzer.ScriptAnalysis},
	Run: func(pass *analyzer.Pass) any {
		refs := analyzer.Script(pass).GlobalRefs()
		eval := redisfacts.Globals(pass.Version, redisfacts.EvalScript)
		uses := collectGlobalUsesFrom(pass.File, refs, analyzer.Inspector(pass), &eval)
		return &uses
	},
}

// globalUses is collectGlobalUses for the pass's file, computed once.
func globalUses(pass *analyzer.Pass) []globalUse {
	return *resultOf[*[]globalUse](pass, globalUsesAnalysis)
}

var declaredVariablesAnalysis = &analyzer.Analysis{
	Name:     "rules:declared-variables",
	Doc:      "every variable declared in the file, in source order",
	Requires: []*analyzer.Analysis{analyzer.InspectAnalysis},
	Run: func(pass *analyzer.Pass) any {
		vars := collectDeclaredVariables(analyzer.Inspector(pass))
		return &vars
	},
}

// declaredVariables is collectDeclaredVariables for the pass's file,
// computed once per file.
func declaredVariables(pass *analyzer.Pass) []*luaast.Variable {
	return *resultOf[*[]*luaast.Variable](pass, declaredVariablesAnalysis)
}
