package luaast_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/longtest"
	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/internal/redistest"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// outcome is what Redis 7.0.15 (Lua 5.1.5) does with a script on SCRIPT LOAD.
type outcome int

const (
	// compiles: SCRIPT LOAD returns a SHA1.
	compiles outcome = iota
	// syntaxError: "ERR Error compiling script (new function):
	// user_script:N: ..."; our parser must reject it at the same line.
	syntaxError
	// shebangError: Redis rejects the "#!" line itself (unknown engine,
	// option or flag; no newline). That is not Lua syntax: the parser must
	// accept the chunk and expose File.Shebang for the rules to check.
	shebangError
)

func (o outcome) String() string {
	return [...]string{"compiles", "syntax error", "shebang error"}[o]
}

// snippet is one verified case: what Redis does with src.
type snippet struct {
	name string
	src  string
	want outcome
	line int // for syntaxError: the N of "user_script:N:"
}

func ok(name, src string) snippet { return snippet{name: name, src: src, want: compiles} }
func bad(name, src string, line int) snippet {
	return snippet{name: name, src: src, want: syntaxError, line: line}
}
func badShebang(name, src string) snippet {
	return snippet{name: name, src: src, want: shebangError}
}

// snippets is the hand-written table of Lua 5.1 edge cases, each verified
// against redis-server 7.0.15 by TestSnippetsMatchRedis (and against our
// parser, without a server, by TestSnippetsParse). See also
// /work/shared/docs/redis-semantics.md §6.
var snippets = []snippet{
	// Lua 5.2+ syntax that Lua 5.1 rejects.
	bad("goto", "goto done ::done:: return 1", 1),
	bad("label", "::lbl:: return 1", 1),
	bad("label later line", "local x = 1\n::top::\nreturn x", 2),
	bad("floor division", "return 7 // 2", 1),
	bad("double slash comment", "// comment\nreturn 1", 1),
	bad("band", "return 5 & 3", 1),
	bad("bor", "return 5 | 3", 1),
	bad("bxor", "return 5 ~ 3", 1),
	bad("bnot", "return ~5", 1),
	bad("shl", "return 1 << 2", 1),
	bad("shr", "return 1 >> 2", 1),
	bad("const attrib", "local x <const> = 5 return x", 1),
	bad("close attrib", "local x <close> = nil", 1),
	bad("binary literal", "return 0b101", 1),
	bad("digit separator", "return 1_000", 1),
	bad("z escape before newline", "return \"a\\z\n   b\"", 1),
	ok("z escape same line", "return \"a\\z   b\""),
	ok("x escape kept literally", `return "\x41"`),
	ok("u escape kept literally", `return "\u{48}"`),
	bad("decimal escape too large", `return "\300"`, 1),
	bad("decimal escape 256", `return "\256"`, 1),
	bad("decimal escape 999", `return "\999"`, 1),
	ok("decimal escape 255", `return "\255"`),
	ok("decimal escape three digits max", `return "\1234"`),
	ok("decimal escape nul", `return "a\0b"`),
	ok("unknown escape kept", `return "\q\w"`),
	ok("escaped newline", "return \"a\\\nb\""),
	ok("escaped crlf", "return \"a\\\r\nb\""),
	bad("unfinished escape at eof", `return "a\`, 1),

	// Numbers: Lua 5.1 reads [0-9.]* then [eE][+-] then [A-Za-z0-9_]* and
	// converts the lot with strtod.
	ok("hex float exponent", "return 0x1p4"),
	bad("hex float negative exponent", "return 0x1p-4", 1),
	bad("hex float upper positive exponent", "return 0X1p+4", 1),
	bad("hex fraction", "return 0x.8", 1),
	bad("exponent without digits", "return 1e", 1),
	bad("exponent sign without digits", "return 1e+", 1),
	bad("exponent then letters", "return 1e+5x", 1),
	ok("trailing dot", "return 3."),
	ok("leading dot", "return .5"),
	ok("hex with e digit", "return 0x1e"),
	ok("leading zeros", "return 007"),
	ok("huge exponent", "return 1e999"),
	ok("huge hex", "return 0xfffffffffffffffffffff"),
	bad("hex without digits", "return 0x", 1),
	bad("number then letters", "x = 3abc = 1", 1),
	bad("two dots in number", "return 1..2", 1),
	ok("concat of numbers with spaces", "return 1 .. 2"),
	bad("lone dot", "return .", 1),
	ok("dot then exponent", "return 5.e3"),
	ok("hex float capital P", "return 0x1P4"),
	bad("hex then fraction", "return 0x1.5", 1),
	bad("three-part numeral", "return 1.2.3", 1),

	// Keywords and names.
	ok("goto is a name", "local goto = 1 return goto"),
	ok("goto as field", "local t = {} t.goto = 1 return t.goto"),
	ok("continue is a name", "local continue = 1 return continue"),
	bad("non-ascii name", "local \xc3\xa9 = 1", 1),
	bad("keyword as name", "local end = 1", 1),

	// Statements.
	bad("empty statement", ";", 1),
	bad("empty statement after statement", "local a = 1; ; return a", 1),
	bad("double semicolon", "local x = 1;;", 1),
	bad("empty statement in block", "do ; end", 1),
	ok("semicolon after statement", "local x = 1; local y = 2;"),
	ok("return semicolon", "return;"),
	bad("return double semicolon", "return 1;;", 1),
	bad("method call on string literal", `"abc":upper()`, 1),
	ok("method call on parenthesised string", `return ("abc"):upper()`),
	bad("return not last", "return 1 break", 1),
	bad("break not last", "while true do break print(1) end", 1),
	ok("break last", "while true do break end"),
	ok("break semicolon", "while x do break; end"),
	ok("duplicate parameters", "local function f(a, a) return a end"),
	bad("trailing comma in call", "f(a,)", 1),
	bad("trailing comma in return", "return 1,", 1),
	bad("chained assignment", "a = b = c", 1),
	bad("break outside loop", "break", 1),
	bad("break in function inside loop", "while true do local f = function() break end end", 1),
	bad("return two strings", `return "a" "b"`, 1),
	bad("lone name", "x", 1),
	bad("field as statement", "local t = {}\nt.x", 2),
	bad("parenthesised call statement", "(f())", 1),
	ok("parenthesised callee", "(f)()"),
	bad("assign to call", "f() = 1", 1),
	bad("assign to parens", "(a) = 1", 1),
	ok("assign to field of parens", "(a).b = 1"),
	bad("assign to call in list", "a, f() = 1, 2", 1),
	ok("multiple assignment short rhs", "local a, b, c = 1 a, b = 1"),
	ok("two statements one line", "x = 1 y = 2"),
	bad("local without value", "local a =", 1),
	ok("repeat scope", "repeat local x = 1 until x"),
	bad("else before elseif", "if x then else elseif y then end", 1),
	ok("if chain", "if x then elseif y then else end"),
	bad("if without then", "if x end", 1),
	bad("numeric for one bound", "for i = 1 do end", 1),
	bad("numeric for four parts", "for i = 1, 2, 3, 4 do end", 1),
	bad("numeric for two names", "for a, b = 1, 2 do end", 1),
	ok("generic for", "for k, v in pairs({}) do end"),
	bad("generic for field name", "for a.b in x do end", 1),
	ok("method definition", "local a = {b = {c = {}}}\nfunction a.b.c:d(x, ...) return ... end"),
	bad("method then field", "function a:b.c() end", 1),
	bad("local function with field", "local function a.b() end", 1),
	bad("trailing comma in params", "function f(a,) end", 1),
	bad("vararg not last param", "function f(..., a) end", 1),
	ok("vararg in main chunk", "return ..."),
	bad("vararg outside vararg function", "function f() return ... end", 1),
	bad("vararg in nested non-vararg function", "local function f(a, ...)\n  local g = function() return ... end\nend", 2),
	ok("method call forms", "local o = {}\no:m\"x\"\no:m{1}\no:m[[y]]"),
	bad("method without args", "local o = {}\no:m", 2),

	// Tables.
	ok("trailing separator", "return {1, 2, 3,}"),
	ok("mixed fields and separators", "return {[1]=2; x=3, 4;}"),
	bad("lone separator", "return {;}", 1),
	bad("double separator", "return {1;;2}", 1),
	bad("dotted key", "return {x.y = 1}", 1),

	// Operators.
	bad("c inequality", "return 1 != 2", 1),
	bad("triple equals", "return a === b", 1),
	ok("double negation", "return - -1"),
	ok("not not", "return not not nil == false"),
	ok("pow is right associative and binds tighter than unary", "return 2^-3^2"),
	ok("precedence soup", "return #t + -x * y % z ^ 2 .. 'a' == 'b' and c or d"),

	// Calls across lines (Lua 5.1: "ambiguous syntax" only for '(').
	bad("ambiguous call", "local f = print\n(f)(1)", 2),
	bad("ambiguous call after field", "local a = {}\na.b\n(1)", 3),
	bad("ambiguous call after parens", "local a = (f)\n(g)", 2),
	ok("semicolon resolves ambiguity", "local a = b\n;(f)(x)"),
	ok("string call across lines", "local x = f\n\"str\""),
	ok("table call across lines", "f\n{1}"),
	ok("index across lines", "local t = {} t\n[1] = 2"),

	// Comments and long brackets.
	ok("malformed long comment is a line comment", "--[=x\nreturn 1"),
	ok("long comment levels", "--[==[\n]]\n]==] return 1"),
	ok("comment at eof", "return 1 -- bye"),
	ok("long comment before code", "--[[x]]return 1"),
	bad("unterminated long comment", "--[[ unterminated\n\n", 3),
	ok("nested-looking long string", "x = [[ a [[ b ]]"),
	ok("long string levels", "return [=[ ]] ]=]"),
	ok("long string inner closer of other level", "return [==[ ]=] ]==]"),
	bad("invalid long string delimiter", "return [=x", 1),
	bad("unterminated long string", "return [[\n\n\nabc", 4),
	bad("error after multi-line token", "return [[a\nb]] [[c\nd]]", 3),
	bad("unfinished string", "return \"abc", 1),
	bad("newline in string", "return \"abc\ndef\"", 1),

	// Whitespace, line breaks and odd bytes.
	ok("form feed and vertical tab are spaces", "return 1\f+\v2"),
	bad("crlf lines", "local a = 1\r\nlocal b = 2\r\nreturn +", 3),
	bad("cr lines", "local a = 1\rlocal b = 2\rreturn +", 3),
	bad("lfcr lines", "local a = 1\n\rlocal b = 2\n\rreturn +", 3),
	bad("mixed breaks", "local a = 1\n\nlocal b = 2\r\r\nreturn +", 5),
	bad("error on last empty line", "return 1 +\n\n\n", 4),
	bad("bom", "\xef\xbb\xbfreturn 1", 1),
	ok("nul in string", "return \"a\x00b\""),
	ok("nul in long string", "return [[\x00]]"),
	ok("nul in comment", "-- c\x00c\nreturn 1"),
	// Lua 5.1's read_numeral calls check_next(ls, "Ee") and then
	// check_next(ls, "+-"), which use strchr: strchr(set, '\0') finds the
	// terminator, so up to two NUL bytes right after a numeral are read as
	// part of it (and strtod stops at them).
	ok("nul after numeral is part of it", "return 1\x00"),
	ok("two nuls after numeral", "return 1\x00\x00"),
	bad("three nuls after numeral", "return 1\x00\x00\x00", 1),
	ok("nul after decimal numeral", "local x = 1.5\x00\nreturn x"),
	bad("nul after exponent letter", "return 1e\x00", 1),
	bad("nul after exponent digits", "return 1e5\x00", 1),
	bad("nul after hex numeral", "return 0x1\x00", 1),
	bad("nul in expression", "return 1 +\x00 2", 1),
	bad("nul before statement", "\x00return 1", 1),
	bad("nul alone", "\x00", 1),
	ok("invalid utf8 in string", "return \"\xff\xfe\""),
	bad("invalid utf8 in code", "return \xff", 1),

	// Shebang lines: Redis validates and strips them (keeping the line).
	ok("shebang flags", "#!lua flags=no-writes\nreturn 1"),
	ok("shebang two flags", "#!lua flags=no-writes,allow-oom\nreturn 1"),
	ok("shebang empty flags", "#!lua flags=\nreturn 1"),
	ok("shebang crlf", "#!lua\r\nreturn 1"),
	ok("shebang double space", "#!lua  flags=no-writes\nreturn 1"),
	bad("shebang keeps line numbers", "#!lua\nreturn +", 2),
	bad("second shebang line", "#!lua\n#!lua\nreturn 1", 2),
	bad("hash line without bang", "#lua\nreturn 1", 1),
	bad("shebang not first", "return 1\n#!lua", 2),
	badShebang("shebang name in script", "#!lua name=lib\nreturn 1"),
	badShebang("shebang unknown option", "#!lua foo=bar\nreturn 1"),
	badShebang("shebang unknown flag", "#!lua flags=bogus\nreturn 1"),
	badShebang("shebang unknown engine", "#!notlua\nreturn 1"),
	badShebang("shebang no engine", "#!\nreturn 1"),
	badShebang("shebang space before engine", "#! lua\nreturn 1"),
	badShebang("shebang tab separates options", "#!lua\treturn 1\nreturn 2"),
	badShebang("shebang without newline", "#!lua"),
}

// nestingLimit describes a construct nested n times and the largest n Lua
// 5.1 (LUAI_MAXCCALLS = 200) accepts, as measured on Redis 7.0.15.
type nestingLimit struct {
	name string
	max  int
	gen  func(n int) string
}

func rep(s string, n int) string { return strings.Repeat(s, n) }

// Each level starts a new line, so the reported error line also checks
// where the level count overflows.
var nestingLimits = []nestingLimit{
	{"parens", 198, func(n int) string { return "return " + rep("(\n", n) + "1" + rep(")", n) }},
	{"tables", 199, func(n int) string { return "return " + rep("{\n", n) + rep("}", n) }},
	{"do blocks", 199, func(n int) string { return rep("do\n", n) + rep("end ", n) }},
	{"if blocks", 199, func(n int) string { return rep("if x then\n", n) + rep("end ", n) }},
	{"while blocks", 199, func(n int) string { return rep("while x do\n", n) + rep("end ", n) }},
	{"function expressions", 99, func(n int) string { return "return " + rep("function() return\n", n) + "1" + rep(" end", n) }},
	{"local functions", 199, func(n int) string { return rep("local function f()\n", n) + rep(" end", n) }},
	{"unary minus", 198, func(n int) string { return "return " + rep("-\n", n) + "1" }},
	{"not", 198, func(n int) string { return "return " + rep("not\n", n) + "1" }},
	{"concat", 198, func(n int) string { return "return x" + rep("\n..x", n) }},
	{"pow", 198, func(n int) string { return "return x" + rep("\n^x", n) }},
	{"index", 198, func(n int) string { return "return x" + rep("[\nx", n) + rep("]", n) }},
	{"call args", 198, func(n int) string { return "return " + rep("f(\n", n) + "1" + rep(")", n) }},
}

// limitSnippets builds the cases at and just past each Lua 5.1 limit. Error
// lines are left to be checked against Redis (line -1 = "as Redis says").
func limitSnippets() []snippet {
	var out []snippet
	for _, l := range nestingLimits {
		out = append(out,
			snippet{name: fmt.Sprintf("%s x%d", l.name, l.max), src: l.gen(l.max), want: compiles},
			snippet{name: fmt.Sprintf("%s x%d", l.name, l.max+1), src: l.gen(l.max + 1), want: syntaxError, line: -1},
		)
	}
	locals := func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "local v%d = %d\n", i, i)
		}
		return b.String()
	}
	upvalues := func(n int) string {
		var b strings.Builder
		b.WriteString(locals(n))
		b.WriteString("local function f()\n  return 0")
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "\n    + v%d", i)
		}
		b.WriteString("\nend\nreturn f()")
		return b.String()
	}
	out = append(out,
		ok("200 locals", locals(200)),
		bad("201 locals", locals(201), 201),
		ok("200 locals in one statement", "local "+names(200)),
		bad("201 locals in one statement", "local "+names(201), 1),
		ok("200 locals in a function", "local function f()\n"+locals(200)+"end"),
		bad("201 locals in a function", "local function f()\n"+locals(201)+"end", 202),
		// Numeric for loops hold three hidden locals.
		ok("for loop hidden locals", locals(196)+"for i = 1, 2 do end"),
		bad("for loop hidden locals overflow", locals(197)+"for i = 1, 2 do end", 198),
		ok("60 upvalues", upvalues(60)),
		// Lua checks the limit after reading the token that follows the
		// name, so the error is on the line of "end".
		bad("61 upvalues", upvalues(61), 125),
		bad("201st local name followed by newline", locals(200)+"local v201\n= 1", 202),
		// Registers: a Lua 5.1 function has at most 250 stack slots
		// (MAXSTACK); the parser must count them as lcode.c does.
		ok("call with 248 args", "f("+ones(248, ", ")+")"),
		bad("call with 249 args", "f("+ones(249, ", ")+")", 1),
		ok("method call with 247 args", "o:m("+ones(247, ", ")+")"),
		bad("method call with 248 args", "o:m("+ones(248, ", ")+")", 1),
		ok("return 249 values", "return "+ones(249, ", ")),
		bad("return 250 values", "return "+ones(250, ", "), 1),
		ok("local from 249 values", "local a, b = "+ones(249, ", ")),
		bad("local from 250 values", "local a, b = "+ones(250, ", "), 1),
		ok("vararg call with 246 args", "local function g(...) f("+ones(246, ", ")+", ...) end"),
		bad("vararg call with 247 args", "local function g(...) f("+ones(247, ", ")+", ...) end", 1),
		ok("nested calls 82 deep", "return "+rep("f(1, 1, ", 82)+"1"+rep(")", 82)),
		bad("nested calls 83 deep", "return "+rep("f(1, 1, ", 83)+"1"+rep(")", 83), 1),
		bad("call with 250 args on 250 lines", "f("+ones(250, ",\n")+")", 250),
		ok("200 locals and a call with 48 args", locals(200)+"f("+ones(48, ", ")+")"),
		bad("200 locals and a call with 49 args", locals(200)+"f("+ones(49, ", ")+")", 201),
		// Each extra assignment target is one C level (LUAI_MAXCCALLS).
		ok("200 assignment targets", names(200)+" = 1"),
		bad("201 assignment targets", names(201)+" = 1", 1),
		ok("197 nested assignment targets", "do do local function f()\n"+names(197)+" = 1 end end end"),
		bad("198 nested assignment targets", "do do local function f()\n"+names(198)+" = 1 end end end", 2),
		ok("table constructor flushes every 50 items", "return {"+ones(300, ", ")+"}"),
		ok("locals released by blocks", strings.Repeat("do\n"+locals(150)+"end\n", 3)),
		ok("190 locals on one line", strings.Repeat("local x = 1 ", 190)),
	)
	if longtest.Enabled {
		// A function holds at most 262143 constants (MAXARG_Bx); the
		// overflow error has no line. These inputs are 2.5 MB each.
		out = append(out,
			ok("262143 constants", constants(262143)),
			bad("262144 constants", constants(262144), 0),
			// A jump spans at most 131071 instructions (MAXARG_sBx); a
			// global call is two.
			ok("if body of 65535 calls", "if x then\n"+rep("a()\n", 65535)+"end"),
			bad("if body of 65536 calls", "if x then\n"+rep("a()\n", 65536)+"end", 65538),
		)
	}
	return out
}

// constants returns a table constructor with n distinct string constants.
func constants(n int) string {
	var b strings.Builder
	b.WriteString("local t = {")
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"s`)
		b.WriteString(strconv.Itoa(i))
		b.WriteByte('"')
	}
	b.WriteString("}")
	return b.String()
}

func ones(n int, sep string) string { return strings.TrimSuffix(strings.Repeat("1"+sep, n), sep) }

// names returns the comma-separated list a1, a2, ..., an.
func names(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = "a" + strconv.Itoa(i+1)
	}
	return strings.Join(parts, ", ")
}

func allSnippets() []snippet { return append(append([]snippet{}, snippets...), limitSnippets()...) }

// parseResult is how our parser treated a source.
type parseResult struct {
	file *luaast.File
	err  error
	line int // line of the first error; 0 when accepted
}

func parseOurs(t testing.TB, name, src string) parseResult {
	t.Helper()
	f, err := luaast.Parse(name, []byte(src))
	if f == nil {
		t.Fatalf("Parse(%q) returned a nil *File", name)
	}
	r := parseResult{file: f, err: err}
	if err != nil {
		var list luaast.ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			t.Fatalf("Parse(%q) error %v (%T) is not a non-empty luaast.ErrorList", name, err, err)
		}
		r.line = list[0].Line
	}
	return r
}

// TestSnippetsParse checks our parser against the verified table (no
// server needed).
func TestSnippetsParse(t *testing.T) {
	for _, s := range allSnippets() {
		t.Run(s.name, func(t *testing.T) {
			r := parseOurs(t, s.name, s.src)
			switch s.want {
			case compiles:
				if r.err != nil {
					t.Errorf("Redis compiles %q, our parser rejects it: %v", short(s.src), r.err)
				}
			case shebangError:
				if r.err != nil {
					t.Errorf("%q: only the shebang is invalid, our parser rejects the Lua: %v", short(s.src), r.err)
				}
				if r.file.Shebang == nil {
					t.Errorf("%q: File.Shebang is nil", short(s.src))
				}
			case syntaxError:
				if r.err == nil {
					t.Errorf("Redis rejects %q, our parser accepts it", short(s.src))
				} else if s.line > 0 && r.line != s.line {
					t.Errorf("%q: error at line %d, Redis says line %d: %v", short(s.src), r.line, s.line, r.err)
				}
			}
		})
	}
}

// compileErrRE matches a compile error reply. Errors raised outside the
// parser proper (such as "constant table overflow") carry no line.
// sameLuaMessage reports whether our message says what Lua 5.1's says:
// the same text up to " near ", so the parser may describe the offending
// token better than Lua does (Lua prints a BOM as a raw byte, for one).
func sameLuaMessage(ours, lua string) bool {
	if i := strings.Index(lua, " near "); i >= 0 {
		return strings.HasPrefix(ours, lua[:i+len(" near ")])
	}
	return ours == lua
}

var compileErrRE = regexp.MustCompile(`^ERR Error compiling script \(new function\): (?:user_script:(\d+): )?`)

// TestSnippetsMatchRedis loads every snippet into the real server with
// SCRIPT LOAD: it verifies the table itself (so a Redis upgrade that
// changes behaviour shows up here) and that our parser accepts exactly what
// Redis compiles, reporting errors at Redis's line.
func TestSnippetsMatchRedis(t *testing.T) {
	srv := redistest.Start(t)
	t.Cleanup(func() {
		if err := srv.ScriptFlush(); err != nil {
			t.Errorf("SCRIPT FLUSH: %v", err)
		}
	})
	for _, s := range allSnippets() {
		t.Run(s.name, func(t *testing.T) {
			_, err := srv.ScriptLoad(s.src)
			var re *redistest.ReplyError
			if err != nil && !errors.As(err, &re) {
				t.Fatalf("SCRIPT LOAD: %v", err)
			}
			got, line := compiles, 0
			if re != nil {
				if m := compileErrRE.FindStringSubmatch(re.Msg); m != nil {
					got = syntaxError
					line, _ = strconv.Atoi(m[1]) // 0 when the message has no line
				} else {
					got = shebangError
				}
			}
			if got != s.want {
				t.Fatalf("table says %s, Redis: %s (%v)", s.want, got, err)
			}
			if s.want == syntaxError && s.line > 0 && line != s.line {
				t.Errorf("table says line %d, Redis says %d: %s", s.line, line, re.Msg)
			}
			r := parseOurs(t, s.name, s.src)
			switch {
			case got == syntaxError && r.err == nil:
				t.Errorf("Redis rejects, our parser accepts: %s", re.Msg)
			case got != syntaxError && r.err != nil:
				t.Errorf("Redis has no syntax error (%v), our parser rejects: %v", err, r.err)
			case got == syntaxError && line > 0 && r.line != line:
				t.Errorf("our error is at line %d, Redis says line %d\n ours:  %v\n redis: %s", r.line, line, r.err, re.Msg)
			}
			// Lua 5.1's own wording is kept (up to " near "), except for
			// constructs of later Lua versions, which get a message naming
			// them. Redis turns line breaks in error replies into spaces.
			var list luaast.ErrorList
			if got == syntaxError && errors.As(r.err, &list) {
				first := list[0]
				ours := strings.NewReplacer("\r", " ", "\n", " ").Replace(first.Msg)
				if theirs := compileErrRE.ReplaceAllString(re.Msg, ""); !first.Lua52 && !sameLuaMessage(ours, theirs) {
					t.Errorf("message differs from Lua 5.1's\n ours:  %s\n redis: %s", ours, theirs)
				}
			}
		})
	}
}

// mutationTokens are inserted by mutate: fragments that often turn valid
// Lua into subtly invalid Lua (or into different valid Lua).
var mutationTokens = []string{
	"(", ")", "[", "]", "{", "}", "[[", "]]", "[=[", "]=]", "--", "--[[", "\"", "'", "\\",
	"=", "==", "~=", "..", "...", ".", ":", "::", ";", ",", "#", "-", "^", "%", "~", "//", "<<", "&",
	"end", "do", "then", "else", "elseif", "if", "while", "repeat", "until", "for", "in", "function",
	"local", "return", "break", "goto", "nil", "not", "and", "or",
	"0x", "1e", "3.", ".5", "0x1p4", "1e+", "09", "\\300", "\\z", "\x00", "\r", "\n", "\r\n", "\f", " ", "x", "_G",
}

// mutate applies 1-3 random edits (delete a range, duplicate a range,
// insert a token) to src.
func mutate(r *rand.Rand, src []byte) []byte {
	out := append([]byte(nil), src...)
	for n := 1 + r.IntN(3); n > 0; n-- {
		if len(out) == 0 {
			out = append(out, mutationTokens[r.IntN(len(mutationTokens))]...)
			continue
		}
		i := r.IntN(len(out))
		j := min(len(out), i+1+r.IntN(8))
		switch r.IntN(3) {
		case 0:
			out = append(out[:i:i], out[j:]...)
		case 1:
			out = append(out[:j:j], append(append([]byte(nil), out[i:j]...), out[j:]...)...)
		default:
			tok := mutationTokens[r.IntN(len(mutationTokens))]
			out = append(out[:i:i], append([]byte(tok), out[i:]...)...)
		}
	}
	return out
}

// TestMutationsMatchRedis is a differential fuzz test with Redis as the
// oracle: seeded random edits of generated scripts and of the snippets
// must be accepted by our parser exactly when Redis compiles them, with
// errors on Redis's line and, for Lua 5.1 errors, in Lua 5.1's words.
func TestMutationsMatchRedis(t *testing.T) {
	srv := redistest.Start(t)
	t.Cleanup(func() {
		if err := srv.ScriptFlush(); err != nil {
			t.Errorf("SCRIPT FLUSH: %v", err)
		}
	})
	n := 3000
	if !longtest.Enabled {
		n = 300
	}
	r := rand.New(rand.NewPCG(1, 2))
	var bases [][]byte
	for seed := range uint64(40) {
		bases = append(bases, luagen.Script(seed))
	}
	for _, s := range snippets {
		bases = append(bases, []byte(s.src))
	}
	failures := 0
	for i := 0; i < n && failures < 20; i++ {
		src := mutate(r, bases[r.IntN(len(bases))])
		if bytes.HasPrefix(src, []byte("#!")) {
			continue // shebang validation is not the parser's job
		}
		_, err := srv.ScriptLoad(string(src))
		var re *redistest.ReplyError
		if err != nil && !errors.As(err, &re) {
			t.Fatalf("SCRIPT LOAD: %v", err)
		}
		_, ourErr := luaast.Parse("m.lua", src)
		var list luaast.ErrorList
		errors.As(ourErr, &list)
		var msg string
		switch {
		case re == nil && ourErr != nil:
			msg = fmt.Sprintf("Redis compiles it, our parser rejects it: %v", ourErr)
		case re != nil && ourErr == nil:
			msg = fmt.Sprintf("Redis rejects it (%s), our parser accepts it", re.Msg)
		case re != nil:
			m := compileErrRE.FindStringSubmatch(re.Msg)
			if m == nil {
				msg = "unexpected Redis error: " + re.Msg
				break
			}
			line, _ := strconv.Atoi(m[1])
			theirs := compileErrRE.ReplaceAllString(re.Msg, "")
			ours := strings.NewReplacer("\r", " ", "\n", " ").Replace(list[0].Msg)
			if list[0].Line != line {
				msg = fmt.Sprintf("error line %d, Redis says %d\n ours:  %v\n redis: %s", list[0].Line, line, list[0], theirs)
			} else if !list[0].Lua52 && !sameLuaMessage(ours, theirs) {
				msg = fmt.Sprintf("message differs\n ours:  %s\n redis: %s", ours, theirs)
			}
		}
		if msg != "" {
			failures++
			t.Errorf("mutant %d %q:\n%s", i, short(string(src)), msg)
		}
	}
}
