package luaast

import (
	"errors"
	"fmt"
	"testing"
)

// TestErrorMessages checks the first error of each input: its line:column
// and message. Every expectation was checked against Redis 7.0.15's
// SCRIPT LOAD (same line, same Lua 5.1 message); where we reword an error
// because the input uses a construct of a later Lua (Error.Lua52), the
// third column holds the message Redis gives.
func TestErrorMessages(t *testing.T) {
	tests := []struct {
		src   string
		want  string // "line:col: msg", or "" when src is valid
		redis string // Redis's message when ours is a Lua 5.2+ rewording
	}{
		{"(a) = 1", "1:5: syntax error near '='", ""},
		{"(x)", "1:4: syntax error near '<eof>'", ""},
		{"--[[\nabc\n", "3:1: unfinished long comment near '<eof>'", ""},
		{"// x", "1:1: '//' does not start a comment in Lua: Redis runs Lua 5.1, where comments start with '--'", "unexpected symbol near '/'"},
		{":: a ::", "1:1: label '::a::' is Lua 5.2 syntax: Redis runs Lua 5.1, which has no goto or labels (restructure the code with if, loops and break)", "unexpected symbol near ':'"},
		{"::a::", "1:1: label '::a::' is Lua 5.2 syntax: Redis runs Lua 5.1, which has no goto or labels (restructure the code with if, loops and break)", "unexpected symbol near ':'"},
		{";", "1:1: unexpected symbol near ';'", ""},
		{"a\n'x'", "", ""},
		{"a\n{1}", "", ""},
		{"a = b / / c", "1:9: unexpected symbol near '/'", ""},
		{"a = b // c", "1:7: integer division '//' is Lua 5.3 syntax: Redis runs Lua 5.1 (use math.floor(a / b))", "unexpected symbol near '/'"},
		{"a.b\n(c)", "2:1: ambiguous syntax (function call x new statement) near '('", ""},
		{"a.b.c:d.e()", "1:8: function arguments expected near '.'", ""},
		{"a.b:c = 1", "1:7: function arguments expected near '='", ""},
		{"a:b", "1:4: function arguments expected near '<eof>'", ""},
		{"a:b\n(c)", "2:1: ambiguous syntax (function call x new statement) near '('", ""},
		{"break", "1:6: no loop to break near '<eof>'", ""},
		{"do\nx = 1\n", "3:1: 'end' expected (to close 'do' at line 1) near '<eof>'", ""},
		{"do ; end", "1:4: unexpected symbol near ';'", ""},
		{"do break end", "1:10: no loop to break near 'end'", ""},
		{"do end end", "1:8: '<eof>' expected near 'end'", ""},
		{"do return end x = 1", "", ""},
		{"else", "1:1: '<eof>' expected near 'else'", ""},
		{"elseif", "1:1: '<eof>' expected near 'elseif'", ""},
		{"end", "1:1: '<eof>' expected near 'end'", ""},
		{"f\n(1)", "2:1: ambiguous syntax (function call x new statement) near '('", ""},
		{"f(\n1\n", "3:1: ')' expected (to close '(' at line 1) near '<eof>'", ""},
		{"f(\n1,\n2\n", "4:1: ')' expected (to close '(' at line 1) near '<eof>'", ""},
		{"f() = 1", "1:5: unexpected symbol near '='", ""},
		{"f();", "", ""},
		{"for 1 = 1, 2 do end", "1:5: '<name>' expected near '1'", ""},
		{"for a in do end", "1:10: unexpected symbol near 'do'", ""},
		{"for a, b do end", "1:10: 'in' expected near 'do'", ""},
		{"for i = 1 do end", "1:11: ',' expected near 'do'", ""},
		{"for i = 1, 2, 3, 4 do end", "1:16: 'do' expected near ','", ""},
		{"for i do end", "1:7: '=' or 'in' expected near 'do'", ""},
		{"for i in x, y z do end", "1:15: 'do' expected near 'z'", ""},
		{"for i, 1 in x do end", "1:8: '<name>' expected near '1'", ""},
		{"for i=1,2 do\n", "2:1: 'end' expected (to close 'for' at line 1) near '<eof>'", ""},
		{"for i=1,2 do\n goto continue\n ::continue::\nend", "2:2: goto statement is Lua 5.2 syntax: Redis runs Lua 5.1 (restructure the code with if, loops and break)", "'=' expected near 'continue'"},
		{"for i=1,2 do return 1 end", "", ""},
		{"function (a) end", "1:10: '<name>' expected near '('", ""},
		{"function a:b.c() end", "1:13: '(' expected near '.'", ""},
		{"function f()\n", "2:1: 'end' expected (to close 'function' at line 1) near '<eof>'", ""},
		{"function f(..., a) end", "1:15: ')' expected near ','", ""},
		{"function f(1) end", "1:12: <name> or '...' expected near '1'", ""},
		{"function f(a b) end", "1:14: ')' expected near 'b'", ""},
		{"function f(a, ...) local arg = 1 end", "", ""},
		{"function f(a, b, ) end", "1:18: <name> or '...' expected near ')'", ""},
		{"function f.() end", "1:12: '<name>' expected near '('", ""},
		{"function f:() end", "1:12: '<name>' expected near '('", ""},
		{"function f:a:b() end", "1:13: '(' expected near ':'", ""},
		{"goto = 1", "", ""},
		{"goto continue", "1:1: goto statement is Lua 5.2 syntax: Redis runs Lua 5.1 (restructure the code with if, loops and break)", "'=' expected near 'continue'"},
		{"if x then", "1:10: 'end' expected near '<eof>'", ""},
		{"if x then\n\nelse\n", "4:1: 'end' expected (to close 'if' at line 1) near '<eof>'", ""},
		{"if x then else else end", "1:16: 'end' expected near 'else'", ""},
		{"if x then elseif end", "1:18: unexpected symbol near 'end'", ""},
		{"local a <close> = nil", "1:9: variable attribute '<close>' is Lua 5.4 syntax: Redis runs Lua 5.1 (remove it)", "unexpected symbol near '<'"},
		{"local a = {} a.b.c = 1 a:b().c = 2 a[1][2] = 3", "", ""},
		{"local a, b <const> = 1, 2", "1:12: variable attribute '<const>' is Lua 5.4 syntax: Redis runs Lua 5.1 (remove it)", "unexpected symbol near '<'"},
		{"local a, b, = 1", "1:13: '<name>' expected near '='", ""},
		{"local a.b = 1", "1:8: unexpected symbol near '.'", ""},
		{"local a;;", "1:9: unexpected symbol near ';'", ""},
		{"local function 1() end", "1:16: '<name>' expected near '1'", ""},
		{"local function a.b() end", "1:17: '(' expected near '.'", ""},
		{"local function f()\n", "2:1: 'end' expected (to close 'function' at line 1) near '<eof>'", ""},
		{"local function f() break end", "1:26: no loop to break near 'end'", ""},
		{"local function f() for i=1,2 do local g = function() break end end end", "1:60: no loop to break near 'end'", ""},
		{"local function f(...) return function() return ... end end", "1:48: cannot use '...' outside a vararg function near '...'", ""},
		{"local goto\ngoto = 1", "", ""},
		{"local t = {\n1,\n2\n", "4:1: '}' expected (to close '{' at line 1) near '<eof>'", ""},
		{"local t = { 'a' = 1 }", "1:17: '}' expected near '='", ""},
		{"local t = { [1] }", "1:17: '=' expected near '}'", ""},
		{"local t = { a.b = 1 }", "1:17: '}' expected near '='", ""},
		{"local t = {1,,}", "1:14: unexpected symbol near ','", ""},
		{"local t = {1;;}", "1:14: unexpected symbol near ';'", ""},
		{"local t = {;}", "1:12: unexpected symbol near ';'", ""},
		{"local t = {a = 1 = 2}", "1:18: '}' expected near '='", ""},
		{"local x <const> = 1", "1:9: variable attribute '<const>' is Lua 5.4 syntax: Redis runs Lua 5.1 (remove it)", "unexpected symbol near '<'"},
		{"local x = 1\n(f)(1)", "", ""},
		{"local x = 1e", "1:11: malformed number near '1e'", ""},
		{"local x = 1e+", "1:11: malformed number near '1e+'", ""},
		{"local x = a\n(b)()", "2:1: ambiguous syntax (function call x new statement) near '('", ""},
		{"local x<close>", "1:8: variable attribute '<close>' is Lua 5.4 syntax: Redis runs Lua 5.1 (remove it)", "unexpected symbol near '<'"},
		{"repeat\n", "2:1: 'until' expected (to close 'repeat' at line 1) near '<eof>'", ""},
		{"repeat break until true", "", ""},
		{"repeat local x until x == nil", "", ""},
		{"repeat until", "1:13: unexpected symbol near '<eof>'", ""},
		{"repeat x = 1", "1:13: 'until' expected near '<eof>'", ""},
		{"return\n", "", ""},
		{"return $", "1:8: unexpected symbol near '$'", ""},
		{"return '\\400'", "1:9: escape sequence too large near '''", ""},
		{"return 'a'.x", "1:11: '<eof>' expected near '.'", ""},
		{"return ('a'):upper()", "", ""},
		{"return (...)", "", ""},
		{"return -", "1:9: unexpected symbol near '<eof>'", ""},
		{"return .5.5", "1:8: malformed number near '.5.5'", ""},
		{"return .5e1", "", ""},
		{"return 00x10", "1:8: malformed number near '00x10'", ""},
		{"return 08", "", ""},
		{"return 0B11", "1:8: malformed number near '0B11': binary literals are not Lua syntax and Redis runs Lua 5.1 (write the value in decimal or hex)", "malformed number near '0B11'"},
		{"return 0b1", "1:8: malformed number near '0b1': binary literals are not Lua syntax and Redis runs Lua 5.1 (write the value in decimal or hex)", "malformed number near '0b1'"},
		{"return 0x", "1:8: malformed number near '0x'", ""},
		{"return 0x1P4", "", ""},
		{"return 0x1e+4", "", ""},
		{"return 0x_1", "1:8: malformed number near '0x_1': digit separators '_' are not Lua syntax and Redis runs Lua 5.1 (write 0x1)", "malformed number near '0x_1'"},
		{"return 0xep4", "", ""},
		{"return 0xff_ff", "1:8: malformed number near '0xff_ff': digit separators '_' are not Lua syntax and Redis runs Lua 5.1 (write 0xffff)", "malformed number near '0xff_ff'"},
		{"return 0xg", "1:8: malformed number near '0xg'", ""},
		{"return 1 +", "1:11: unexpected symbol near '<eof>'", ""},
		{"return 1 + + 2", "1:12: unexpected symbol near '+'", ""},
		{"return 1 ..", "1:12: unexpected symbol near '<eof>'", ""},
		{"return 1 // 2", "1:10: integer division '//' is Lua 5.3 syntax: Redis runs Lua 5.1 (use math.floor(a / b))", "unexpected symbol near '/'"},
		{"return 1..2", "1:8: malformed number near '1..2'", ""},
		{"return 1.5e3", "", ""},
		{"return 1.e5", "", ""},
		{"return 1; return 2", "1:11: '<eof>' expected near 'return'", ""},
		{"return 1_0", "1:8: malformed number near '1_0': digit separators '_' are not Lua syntax and Redis runs Lua 5.1 (write 10)", "malformed number near '1_0'"},
		{"return 1e+4", "", ""},
		{"return 1e1_0", "1:8: malformed number near '1e1_0': digit separators '_' are not Lua syntax and Redis runs Lua 5.1 (write 1e10)", "malformed number near '1e1_0'"},
		{"return 3x", "1:8: malformed number near '3x'", ""},
		{"return 5 .. 6", "", ""},
		{"return @", "1:8: unexpected symbol near '@'", ""},
		{"return `a`", "1:8: unexpected symbol near '`'", ""},
		{"return a::b", "1:10: '<name>' expected near ':'", ""},
		{"return f\n(x)", "2:1: ambiguous syntax (function call x new statement) near '('", ""},
		{"return f{}.x", "", ""},
		{"return nil[1]", "1:11: '<eof>' expected near '['", ""},
		{"return return", "1:8: unexpected symbol near 'return'", ""},
		{"return true.x", "1:12: '<eof>' expected near '.'", ""},
		{"return {...}", "", ""},
		{"return {}.x", "1:10: '<eof>' expected near '.'", ""},
		{"return ~=", "1:8: unexpected symbol near '~='", ""},
		{"return;;", "1:8: '<eof>' expected near ';'", ""},
		{"t = {\n1\n", "3:1: '}' expected (to close '{' at line 1) near '<eof>'", ""},
		{"until x", "1:1: '<eof>' expected near 'until'", ""},
		{"while 1 do local function f() break end end", "1:37: no loop to break near 'end'", ""},
		{"while true do break break end", "1:21: 'end' expected near 'break'", ""},
		{"while x do", "1:11: 'end' expected near '<eof>'", ""},
		{"while x do\n", "2:1: 'end' expected (to close 'while' at line 1) near '<eof>'", ""},
		{"x = !a", "1:5: unexpected symbol near '!'", ""},
		{"x = \"\\\"\"", "", ""},
		{"x = \"\\256\"", "1:6: escape sequence too large near '\"'", ""},
		{"x = \"\\u{1F600}\"", "", ""},
		{"x = \"\\z\n   y\"", "1:6: escape '\\z' (skip whitespace) is Lua 5.2 syntax: Redis runs Lua 5.1, where \"\\z\" is just \"z\" and the string ends at the line break (join the lines with ..)", "unfinished string near '\"z'"},
		{"x = #", "1:6: unexpected symbol near '<eof>'", ""},
		{"x = '\\1234'", "", ""},
		{"x = '\\255'", "", ""},
		{"x = '\\2555'", "", ""},
		{"x = '\\97\\98\\99'", "", ""},
		{"x = '\\z'", "", ""},
		{"x = 'a\\", "1:8: unfinished string near '<eof>'", ""},
		{"x = 'a\\300b'", "1:7: escape sequence too large near ''a'", ""},
		{"x = 'abc\\\ndef'", "", ""},
		{"x = 'abc\\\r\ndef'", "", ""},
		{"x = (\n1\n", "3:1: ')' expected (to close '(' at line 1) near '<eof>'", ""},
		{"x = (1", "1:7: ')' expected near '<eof>'", ""},
		{"x = -{}.x", "1:8: unexpected symbol near '.'", ""},
		{"x = ...", "", ""},
		{"x = 1\n;", "", ""},
		{"x = 1 +\n\n", "3:1: unexpected symbol near '<eof>'", ""},
		{"x = 1 + \n\n\n", "4:1: unexpected symbol near '<eof>'", ""},
		{"x = 1 // 2 // 3", "1:7: integer division '//' is Lua 5.3 syntax: Redis runs Lua 5.1 (use math.floor(a / b))", "unexpected symbol near '/'"},
		{"x = 1 2", "1:7: unexpected symbol near '2'", ""},
		{"x = 1 y = 2 z", "1:14: '=' expected near '<eof>'", ""},
		{"x = 1 | 2", "1:7: bitwise operator '|' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.bor(a, b))", "unexpected symbol near '|'"},
		{"x = 1..2", "1:5: malformed number near '1..2'", ""},
		{"x = 5 ~ 3", "1:7: bitwise xor operator '~' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.bxor(a, b))", "unexpected symbol near '~'"},
		{"x = [==[ a ]=]", "1:15: unfinished long string near '<eof>'", ""},
		{"x = [[\nabc\n", "3:1: unfinished long string near '<eof>'", ""},
		{"x = a != b", "1:7: unexpected symbol near '!'", ""},
		{"x = a & b", "1:7: bitwise operator '&' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.band(a, b))", "unexpected symbol near '&'"},
		{"x = a .. 1 .. 2", "", ""},
		{"x = a < < 1", "1:9: unexpected symbol near '<'", ""},
		{"x = a << 1", "1:7: shift operator '<<' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.lshift(a, n))", "unexpected symbol near '<'"},
		{"x = a >> 1", "1:7: shift operator '>>' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.rshift(a, n))", "unexpected symbol near '>'"},
		{"x = a ~ b", "1:7: bitwise xor operator '~' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.bxor(a, b))", "unexpected symbol near '~'"},
		{"x = a ~= b", "", ""},
		{"x = a..1", "", ""},
		{"x = a.1", "1:6: unexpected symbol near '.1'", ""},
		{"x = a[1", "1:8: ']' expected near '<eof>'", ""},
		{"x = f()\n// comment", "2:1: integer division '//' is Lua 5.3 syntax: Redis runs Lua 5.1 (use math.floor(a / b))", "unexpected symbol near '/'"},
		{"x = f(1", "1:8: ')' expected near '<eof>'", ""},
		{"x = function", "1:13: '(' expected near '<eof>'", ""},
		{"x = function()\n", "2:1: 'end' expected (to close 'function' at line 1) near '<eof>'", ""},
		{"x = function(...) return ... end", "", ""},
		{"x = not", "1:8: unexpected symbol near '<eof>'", ""},
		{"x = y z", "1:8: '=' expected near '<eof>'", ""},
		{"x = {1 2}", "1:8: '}' expected near '2'", ""},
		{"x = {[1] 2}", "1:10: '=' expected near '2'", ""},
		{"x = {a = }", "1:10: unexpected symbol near '}'", ""},
		{"x = ~a", "1:5: bitwise not operator '~' is Lua 5.3 syntax: Redis runs Lua 5.1 (use bit.bnot(x))", "unexpected symbol near '~'"},
		{"x, f() = 1", "1:8: syntax error near '='", ""},
		{"x.y", "1:4: '=' expected near '<eof>'", ""},
		{"x:y", "1:4: function arguments expected near '<eof>'", ""},
		{"x:y()", "", ""},
		{"x[1]", "1:5: '=' expected near '<eof>'", ""},
		// Lua reports the line where the offending token ends.
		{"return [[a\nb]] [[c\nd]]", "3:1: '<eof>' expected near '[[c d]]'", ""},
		{"x = 'a\\\nb\n'", "2:1: unfinished string near ''a b'", ""},
		{"x = [[\n\n", "3:1: unfinished long string near '<eof>'", ""},
	}
	for _, tt := range tests {
		_, err := Parse("t.lua", []byte(tt.src))
		if tt.want == "" {
			if err != nil {
				t.Errorf("Parse(%q): unexpected error %v", tt.src, err)
			}
			continue
		}
		var el ErrorList
		if !errors.As(err, &el) || len(el) == 0 {
			t.Errorf("Parse(%q): got %v, want error %s", tt.src, err, tt.want)
			continue
		}
		e := el[0]
		if got := fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg); got != tt.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", tt.src, got, tt.want)
		}
		if e.Lua52 != (tt.redis != "") {
			t.Errorf("Parse(%q): Lua52 = %v", tt.src, e.Lua52)
		}
		if e.Filename != "t.lua" || e.End < e.Pos {
			t.Errorf("Parse(%q): filename %q span [%d,%d)", tt.src, e.Filename, e.Pos, e.End)
		}
	}
}

// TestErrorSpans checks the offending token's span for a few errors.
func TestErrorSpans(t *testing.T) {
	tests := []struct{ src, span string }{
		{"if x do end", "do"},
		{"x = 'abc\n", "'abc"},
		{"return 0b101 + 1", "0b101"},
		{"x = a // b", "//"},
		{"x = a << b", "<<"},
		{"local x <const> = 1", "<const>"},
		{"goto done", "goto done"},
		{"::top:: x()", "::top::"},
		{"x = '\\300'", "\\300"},
		{"x = \"a\\z\n\"", "\\z"},
		{"return 1 break", "break"},
	}
	for _, tt := range tests {
		_, err := Parse("t.lua", []byte(tt.src))
		var el ErrorList
		if !errors.As(err, &el) {
			t.Errorf("Parse(%q): no error", tt.src)
			continue
		}
		if got := tt.src[el[0].Pos:el[0].End]; got != tt.span {
			t.Errorf("Parse(%q): error span %q, want %q", tt.src, got, tt.span)
		}
	}
}

func TestErrorStrings(t *testing.T) {
	_, err := Parse("dir/x.lua", []byte("\n\nif x do end"))
	if got, want := err.Error(), "dir/x.lua:3:6: 'then' expected near 'do'"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	el := ErrorList{{Filename: "a", Line: 1, Column: 2, Msg: "m"}, {Filename: "a", Line: 3, Column: 4, Msg: "n"}}
	if got, want := el.Error(), "a:1:2: m (and 1 more errors)"; got != want {
		t.Errorf("ErrorList.Error() = %q, want %q", got, want)
	}
	if got := (ErrorList{}).Error(); got != "no errors" {
		t.Errorf("empty ErrorList.Error() = %q", got)
	}
}

// TestErrorPartialTree checks that the tree built before an error is kept.
func TestErrorPartialTree(t *testing.T) {
	f, err := Parse("t.lua", []byte("-- c\nlocal a = 1\nx = = 2"))
	if err == nil {
		t.Fatal("no error")
	}
	if len(f.Comments) != 1 || f.Lines == nil || f.Block == nil || f.Main == nil {
		t.Errorf("partial file: %+v", f)
	}
	if got := dump(f); got != "local a = 1" {
		t.Errorf("partial tree = %q", got)
	}
	f, _ = Parse("t.lua", []byte("x = 1\nfunction f()\n  local y = 2\n  if y then z( end\nend"))
	if got := dump(f); got != "x = 1" {
		t.Errorf("partial tree with an error in a nested block = %q", got)
	}
}
