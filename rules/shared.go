package rules

import (
	"fmt"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
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
	Name: "rules:global-uses",
	Doc:  "every reference to a global, with what the code does with it",
	Run:  func(pass *analyzer.Pass) any { return collectGlobalUses(pass.File) },
}

// globalUses is collectGlobalUses(pass.File), computed once per file.
func globalUses(pass *analyzer.Pass) []globalUse {
	return resultOf[[]globalUse](pass, globalUsesAnalysis)
}

var declaredVariablesAnalysis = &analyzer.Analysis{
	Name: "rules:declared-variables",
	Doc:  "every variable declared in the file, in source order",
	Run:  func(pass *analyzer.Pass) any { return collectDeclaredVariables(pass.File) },
}

// declaredVariables is collectDeclaredVariables(pass.File), computed once
// per file.
func declaredVariables(pass *analyzer.Pass) []*luaast.Variable {
	return resultOf[[]*luaast.Variable](pass, declaredVariablesAnalysis)
}

var parentsAnalysis = &analyzer.Analysis{
	Name: "rules:parents",
	Doc:  "the parent of every node",
	Run:  func(pass *analyzer.Pass) any { return buildParents(pass.File) },
}

// parentsOf is buildParents(pass.File), computed once per file.
func parentsOf(pass *analyzer.Pass) parentMap {
	return resultOf[parentMap](pass, parentsAnalysis)
}

// nodeText returns the source text of n, shortened to one line.
func nodeText(pass *analyzer.Pass, n luaast.Node) string {
	s := string(pass.File.Src[n.Pos():n.End()])
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i] + "..."
	}
	if r := []rune(s); len(r) > 40 {
		s = string(r[:37]) + "..."
	}
	return s
}

// sourceText returns the whole source text of n.
func sourceText(pass *analyzer.Pass, n luaast.Node) string {
	return string(pass.File.Src[n.Pos():n.End()])
}
