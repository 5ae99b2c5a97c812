package analyzer

import (
	"regexp"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Script loaders of queue libraries assemble one EVAL script from several
// files: the script names its helpers with a directive comment
// (`--- @include "includes/removeJob"`), and each helper file only declares
// local functions that use names of the assembled script (its `rcall`
// alias, its KEYS-derived locals). Linted alone, such a fragment reads
// names it does not declare and declares names it never uses; both are
// normal for it, so the rules that judge a whole script's names
// (undefined-global, unused-variable) hold back on fragments.

// includeDirective matches the text of an include comment after "--":
// `- @include "x"` (BullMQ's `--- @include`), `@include 'x'`,
// `#include "x"`. The directive must open the comment, so prose that
// mentions @include does not count.
var includeDirective = regexp.MustCompile(`^-*\s*[@#]include\s*\(?\s*["']([^"']+)["']`)

// includeDirectives returns the targets of the file's include directive
// comments, in source order.
func includeDirectives(f *luaast.File) []string {
	var out []string
	for _, c := range f.Comments {
		if c == nil || c.Long {
			continue
		}
		if m := includeDirective.FindStringSubmatch(strings.TrimSpace(c.Text)); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// onlyDeclaresHelpers reports whether the main chunk does nothing but
// declare locals, at least one of them a function, without calling
// anything or returning: run by EVAL such a file has no effect at all, so
// it is a helper file meant to be included in other scripts.
func onlyDeclaresHelpers(f *luaast.File) bool {
	if f == nil || f.Block == nil || len(f.Block.Stmts) == 0 {
		return false
	}
	funcs := 0
	for _, st := range f.Block.Stmts {
		switch st := st.(type) {
		case *luaast.LocalFunctionStmt:
			funcs++
		case *luaast.LocalStmt:
			for _, e := range st.Exprs {
				if callsAtLoad(e) {
					return false
				}
				if _, ok := e.(*luaast.FunctionExpr); ok {
					funcs++
				}
			}
		default:
			return false
		}
	}
	return funcs > 0
}

// callsAtLoad reports whether evaluating e calls a function (calls inside
// a function literal's body run later, not when e is evaluated).
func callsAtLoad(e luaast.Expr) bool {
	found := false
	luaast.Inspect(e, func(n luaast.Node) bool {
		switch n.(type) {
		case *luaast.CallExpr, *luaast.MethodCallExpr:
			found = true
		case *luaast.FunctionExpr:
			return false
		}
		return !found
	})
	return found
}
