package rules

import "github.com/redis-lua-lint/redis-lua-lint/analyzer"

// syntaxErrorRule documents the syntax-error rule. The engine produces its
// findings from luaast.Parse's errors (see lint.Engine and analyzer.SyntaxDiagnostics), so Run does
// nothing; the rule exists so users can see, configure and explain it.
var syntaxErrorRule = &analyzer.Rule{
	ID:       analyzer.SyntaxErrorRuleID,
	Severity: analyzer.SeverityError,
	Doc: analyzer.Doc{
		Title: "the script is not valid Lua 5.1",
		Rationale: "Redis runs Lua 5.1 (Valkey too): a script that does not compile is rejected by EVAL, " +
			"SCRIPT LOAD and FUNCTION LOAD with \"Error compiling script\", so nothing of it runs. " +
			"The usual cause is syntax from Lua 5.2 or later: goto and ::labels::, the // floor division, " +
			"the bitwise operators & | ~ << >>, <const> and <close> locals, 0b literals and _ digit " +
			"separators; Lua 5.1's own limits (200 local variables and 60 upvalues per function) also " +
			"fail at compile time. Rewrite with Lua 5.1 constructs: math.floor(a / b) for a // b, " +
			"the bit library (bit.band, bit.bor) for bitwise operators, a loop with break for goto. " +
			"The message adds a hint where the cause is clear: a template directive line (`<%= ... %>`) that " +
			"needs rendering first, a client library's parameter placeholder (StackExchange.Redis' @name, " +
			"Carmine's _:name) that the client replaces before sending the script, a placeholder of host-language " +
			"code at the error (a printf verb %s or %d, a format field {name}, an interpolated $name or ${name}, " +
			"the '.$x.' of a PHP concatenation: the text is a template), a statement after return or break, or a reserved word glued to the next " +
			"word (`elsebreak`, `thenredis.call`), as happens when host code joins a script from string " +
			"pieces and loses the space where two meet. " +
			"A file that parses once each StackExchange.Redis @name parameter is replaced by an opaque value is " +
			"such a template: it is linted that way (no syntax error, no finding at a parameter); otherwise the " +
			"error at the first parameter gets the template hint. " +
			"The rest of a file that does not parse is not analysed, so fix this first. " +
			"A UTF-8 byte order mark at the start of the file is one warning of its own (Redis rejects it, " +
			"\"unexpected symbol near '\\xEF'\", unless the loader strips it, as .NET's StreamReader and Python's " +
			"utf-8-sig do; Java's InputStreamReader and Node's readFileSync do not), and the rest of the file is " +
			"linted as if the mark were blank. " +
			"Findings of this rule can be silenced only with `-- redis-lua-lint: ignore-file syntax-error`.",
		Bad:       "local half = tonumber(ARGV[1]) // 2\nreturn half\n",
		Good:      "local half = math.floor(tonumber(ARGV[1]) / 2)\nreturn half\n",
		Tags:      []string{"correctness", "syntax"},
		Precision: "very-high",
	},
	// Run is a no-op: the engine reports syntax errors itself, before any
	// rule runs, because no rule can run on a file that does not parse.
	Run: func(*analyzer.Pass) {},
}

func init() { register(syntaxErrorRule) }
