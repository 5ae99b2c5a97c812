package rules

import (
	"fmt"
	"slices"
	"strings"

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

// parentsOf returns the parents of the file's nodes (through the shared
// inspector).
func parentsOf(pass *analyzer.Pass) parentMap {
	return parentMap{analyzer.Inspector(pass)}
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

// writeSet tells which references to a variable are writes. Most
// variables have a few writes: scanning them beats building a map for
// each variable; the map keeps variables with many writes linear.
type writeSet struct {
	writes []*luaast.Ident
	set    map[*luaast.Ident]bool // when there are many writes
}

func newWriteSet(v *luaast.Variable) writeSet {
	ws := writeSet{writes: v.Writes}
	if len(v.Writes) > 8 {
		ws.set = make(map[*luaast.Ident]bool, len(v.Writes))
		for _, w := range v.Writes {
			ws.set[w] = true
		}
	}
	return ws
}

// has reports whether id is one of the writes.
func (ws writeSet) has(id *luaast.Ident) bool {
	if ws.set != nil {
		return ws.set[id]
	}
	return slices.Contains(ws.writes, id)
}

// guardedBy reports whether n sits in the body of an if or elseif clause
// whose condition satisfies test, among the ifs that hold n in its own
// function (a test outside the function does not hold when it runs).
func guardedBy(in *luaast.Inspector, n luaast.Node, test func(cond luaast.Expr) bool) bool {
	found := false
	in.Ancestors(n, func(x luaast.Node) bool {
		switch x := x.(type) {
		case *luaast.FunctionExpr:
			return false
		case *luaast.IfStmt:
			for _, cl := range x.Clauses {
				if cl.Body != nil && contains(cl.Body, n) && test(cl.Cond) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
