package rules

import (
	"fmt"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var shadowedVariableRule = &analyzer.Rule{
	ID:       "shadowed-variable",
	Severity: analyzer.SeverityInfo,
	Requires: []*analyzer.Analysis{analyzer.DeclaredVariablesAnalysis},
	Doc: analyzer.Doc{
		Title: "a local that hides a local of an enclosing scope",
		Rationale: "A local, parameter or loop variable with the name of a local of an enclosing block or " +
			"function hides it for the rest of its scope: code that meant the outer value (a key taken from " +
			"KEYS at the top, a counter) silently reads the inner one. `local x = x` in a nested block is " +
			"shadowing too and is reported. A redeclaration in the same block (`local a = 1 local a = 2`) is " +
			"not: the first variable is then simply out of use, which unused-variable reports if it was never " +
			"read. Names that are `_` or start with `_` are exempt.",
		Bad:       "local key = KEYS[1]\nfor _, key in ipairs(ARGV) do\n  redis.call('SADD', KEYS[1], key)\nend\nreturn redis.call('SCARD', key)\n",
		Good:      "local key = KEYS[1]\nfor _, member in ipairs(ARGV) do\n  redis.call('SADD', key, member)\nend\nreturn redis.call('SCARD', key)\n",
		Tags:      []string{"maintainability"},
		Precision: "very-high",
	},
	Run: runShadowedVariable,
}

func init() { register(shadowedVariableRule) }

func runShadowedVariable(pass *analyzer.Pass) {
	for _, v := range analyzer.DeclaredVariables(pass) {
		outer := v.Shadows
		if outer == nil || strings.HasPrefix(v.Name, "_") || outer.Scope == v.Scope {
			continue
		}
		d := analyzer.Diagnostic{Span: luaast.SpanOf(v.Decl)}
		where := "an enclosing scope"
		if outer.Decl != nil {
			line := pass.File.Position(outer.Decl.Pos()).Line
			where = fmt.Sprintf("line %d", line)
			d.Related = []analyzer.Related{{Span: luaast.SpanOf(outer.Decl), Message: fmt.Sprintf("the hidden %s '%s'", variableKind(outer), outer.Name)}}
		}
		d.Message = fmt.Sprintf("%s '%s' shadows the %s declared at %s: rename one of them", variableKind(v), v.Name, variableKind(outer), where)
		pass.Report(d)
	}
}

// variableKind names how a variable was declared, for messages.
func variableKind(v *luaast.Variable) string {
	switch v.Kind {
	case luaast.VarParam, luaast.VarSelf:
		return "parameter"
	case luaast.VarForNum, luaast.VarForIn:
		return "loop variable"
	case luaast.VarLocalFunc:
		return "local function"
	}
	return "local"
}
