package luaast

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// locals returns n lines "local vI = I".
func locals(n int) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("local v%d = %d", i, i)
	}
	return strings.Join(lines, "\n")
}

// names returns "pI,pI+1,..." for n names.
func names(prefix string, n int) string {
	s := make([]string, n)
	for i := range s {
		s[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return strings.Join(s, ",")
}

// firstError returns "line: msg" of src's first error, or "OK".
func firstError(src string) string {
	_, err := Parse("t.lua", []byte(src))
	if err == nil {
		return "OK"
	}
	var el ErrorList
	if !errors.As(err, &el) {
		return "not an ErrorList: " + err.Error()
	}
	return fmt.Sprintf("%d: %s", el[0].Line, el[0].Msg)
}

// TestLimits checks Lua 5.1's compiler limits. Every expectation is what
// Redis 7.0.15 answered to SCRIPT LOAD of the same source.
func TestLimits(t *testing.T) {
	upvals := func(n int) string {
		return locals(n) + "\nlocal function f()\n return " + names("v", n) + "\nend"
	}
	tests := []struct{ name, src, want string }{
		{"200 locals", locals(200), "OK"},
		{"201 locals", locals(201), "201: main function has more than 200 local variables"},
		{"201 in one statement", "local " + names("a", 201), "1: main function has more than 200 local variables"},
		{"200 in one statement", "local " + names("a", 200), "OK"},
		{"201 in a local function", "local function f()\n" + locals(201) + "\nend", "202: function at line 1 has more than 200 local variables"},
		{"201 in a function expression", "x = function()\n" + locals(201) + "\nend", "202: function at line 1 has more than 200 local variables"},
		// A local function's line is that of its '(' (lparser.c localfunc).
		{"line of a local function", "local function f\n()\n" + locals(201) + "\nend", "203: function at line 2 has more than 200 local variables"},
		{"201 parameters", "function f(" + names("a", 201) + ") end", "1: function at line 1 has more than 200 local variables"},
		{"199 parameters and vararg", "function f(" + names("a", 199) + ", ...) end", "OK"},
		// The vararg's implicit "arg" local counts.
		{"200 parameters and vararg", "function f(" + names("a", 200) + ", ...) end", "1: function at line 1 has more than 200 local variables"},
		{"method self counts", "function t:f(" + names("a", 200) + ") end", "1: function at line 1 has more than 200 local variables"},
		// A numeric for has 3 hidden locals, a generic for too.
		{"numeric for at 197", locals(197) + "\nfor i = 1, 2 do end", "198: main function has more than 200 local variables"},
		{"numeric for at 196", locals(196) + "\nfor i = 1, 2 do end", "OK"},
		{"generic for at 196", locals(196) + "\nfor k, v in next, {} do end", "197: main function has more than 200 local variables"},
		{"generic for at 195", locals(195) + "\nfor k, v in next, {} do end", "OK"},
		{"60 upvalues", upvals(60), "OK"},
		{"61 upvalues", upvals(61), "64: function at line 62 has more than 60 upvalues"},
		{"upvalues through a nested function",
			locals(70) + "\nlocal function f()\n local function g()\n return " + names("v", 61) + "\n end\nend",
			"74: function at line 71 has more than 60 upvalues"},
		{"200 assignment targets", names("a", 200) + " = 1", "OK"},
		{"201 assignment targets", names("a", 201) + " = 1", "1: main function has more than 199 variables in assignment"},
		{"assignment targets nested", "do " + names("a", 200) + " = 1 end", "1: main function has more than 198 variables in assignment"},
	}
	for _, tt := range tests {
		if got := firstError(tt.src); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestSyntaxLevels checks the nesting bound (LUAI_MAXCCALLS = 200) at the
// exact depth where Redis starts to refuse each shape.
func TestSyntaxLevels(t *testing.T) {
	const tooDeep = "1: chunk has too many syntax levels"
	shapes := []struct {
		name   string
		gen    func(n int) string
		maxOK  int // the deepest nesting Redis accepts
		errMsg string
	}{
		{"parentheses", func(n int) string { return "return " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) }, 198, tooDeep},
		{"do blocks", func(n int) string { return strings.Repeat("do ", n) + strings.Repeat("end ", n) }, 199, tooDeep},
		{"if blocks", func(n int) string { return strings.Repeat("if x then ", n) + strings.Repeat("end ", n) }, 199, tooDeep},
		{"tables", func(n int) string { return "return " + strings.Repeat("{", n) + strings.Repeat("}", n) }, 199, tooDeep},
		{"concatenation", func(n int) string { return "local a return a" + strings.Repeat(" .. a", n) }, 198, tooDeep},
		{"power", func(n int) string { return "local a return a" + strings.Repeat(" ^ a", n) }, 198, tooDeep},
		{"unary minus", func(n int) string { return "return " + strings.Repeat("- ", n) + "1" }, 198, tooDeep},
		{"functions", func(n int) string {
			return "return " + strings.Repeat("function() return ", n) + "1" + strings.Repeat(" end", n)
		}, 99, tooDeep},
	}
	for _, s := range shapes {
		if got := firstError(s.gen(s.maxOK)); got != "OK" {
			t.Errorf("%s at depth %d: got %q, want OK", s.name, s.maxOK, got)
		}
		if got := firstError(s.gen(s.maxOK + 1)); got != s.errMsg {
			t.Errorf("%s at depth %d: got %q, want %q", s.name, s.maxOK+1, got, s.errMsg)
		}
	}
}

// TestRegisterLimit checks "function or expression too complex" (MAXSTACK
// = 250 registers) for value lists, as Redis reports it. The parser keeps a
// lower bound of the registers in use, so it never reports this error where
// Lua would not, but may miss it where an operand needs hidden temporaries
// (see the last case).
func TestRegisterLimit(t *testing.T) {
	ones := func(n int) string { return strings.TrimSuffix(strings.Repeat("1,", n), ",") }
	const tooComplex = "1: function or expression too complex near "
	tests := []struct{ name, src, want string }{
		{"248 arguments", "f(" + ones(248) + ")", "OK"},
		{"249 arguments", "f(" + ones(249) + ")", tooComplex + "'<eof>'"},
		{"250 arguments", "f(" + ones(250) + ")", tooComplex + "'1'"},
		{"method 247 arguments", "a:b(" + ones(247) + ")", "OK"},
		{"method 248 arguments", "a:b(" + ones(248) + ")", tooComplex + "'<eof>'"},
		{"249 return values", "return " + ones(249), "OK"},
		{"250 return values", "return " + ones(250), tooComplex + "'<eof>'"},
		{"250 table items are flushed", "local t = {" + ones(250) + "}", "OK"},
		{"nested tables", "x = {" + ones(249) + ", {" + ones(249) + "}}", "OK"},
		{"vararg last", "f(" + ones(248) + ", ...)", tooComplex + "')'"},
		{"call last", "f(" + ones(248) + ", g())", tooComplex + "'('"},
		{"nested call", "f(g(" + ones(248) + "))", tooComplex + "')'"},
		{"table argument", "f(" + ones(247) + ", f{})", tooComplex + "'{'"},
		{"string argument", "f(" + ones(248) + ", \"s\")", tooComplex + "'<eof>'"},
		{"assignment", "x, y = " + ones(250), tooComplex + "'<eof>'"},
		{"local", "local a, b = " + ones(250), tooComplex + "'<eof>'"},
		{"locals use registers", locals(150) + "\nf(" + ones(98) + ")", "OK"},
		{"locals use registers 2", locals(150) + "\nf(" + ones(100) + ")", "151: function or expression too complex near '1'"},
		{"for loop", locals(190) + "\nfor k in next, t do f(" + ones(50) + ") end", "OK"},
		// Redis refuses this one ("near ')'"): x + y needs temporaries we
		// do not count.
		{"missed: operand temporaries", "f(" + ones(247) + ", x + y)", "OK"},
	}
	for _, tt := range tests {
		if got := firstError(tt.src); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestJumpLimit checks "control structure too long" (a jump over more
// than 131071 instructions). Expectations are Redis's answers; the parser
// counts a lower bound of the instructions (each f() is two), so it may
// miss the error on the edge but never reports it wrongly.
func TestJumpLimit(t *testing.T) {
	calls := func(n int) string { return strings.Repeat("f()\n", n) }
	const tooLong = ": control structure too long"
	tests := []struct{ name, src, want string }{
		{"if 65535 calls", "if x then\n" + calls(65535) + "end", "OK"},
		{"if 65536 calls", "if x then\n" + calls(65536) + "end", "65538" + tooLong + " near '<eof>'"},
		{"if then else", "if x then\n" + calls(65536) + "else\nf()\nend", "65539" + tooLong + " near 'f'"},
		{"if followed by code", "if x then\n" + calls(65536) + "end\nf()\n", "65539" + tooLong + " near 'f'"},
		{"if true has no jump", "if true then\n" + calls(65536) + "end", "OK"},
		{"for 65535 calls", "for i = 1, 2 do\n" + calls(65535) + "end", "OK"},
		{"for 65536 calls", "for i = 1, 2 do\n" + calls(65536) + "end", "65538" + tooLong + " near 'end'"},
		{"while true 65535 calls", "while true do\n" + calls(65535) + "end", "OK"},
		{"assignments", "if x then\n" + strings.Repeat("a = 1\n", 65536) + "end", "65538" + tooLong + " near '<eof>'"},
	}
	for _, tt := range tests {
		if got := firstError(tt.src); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestConstantLimit checks "constant table overflow": a function has at
// most 262143 distinct constants (Redis's message has no line).
func TestConstantLimit(t *testing.T) {
	table := func(n int) string {
		var b strings.Builder
		b.WriteString("local t = {")
		for i := range n {
			fmt.Fprintf(&b, "%q,", fmt.Sprint("s", i))
		}
		b.WriteString("}")
		return b.String()
	}
	if got := firstError(table(262143)); got != "OK" {
		t.Errorf("262143 constants: %s", got)
	}
	if got := firstError(table(262144)); !strings.HasSuffix(got, ": constant table overflow") {
		t.Errorf("262144 constants: %s", got)
	}
	// A nested function's constants are its own, not its parent's (the
	// bound that decides whether to count them is kept per function).
	if got := firstError("local a = 1\nlocal f = function() " + table(262144) + " end"); !strings.HasSuffix(got, ": constant table overflow") {
		t.Errorf("262144 constants in a nested function: %s", got)
	}
	// Repeated constants count once.
	if got := firstError("local t = {" + strings.Repeat("'s', 1, x, ", 100000) + "}"); got != "OK" {
		t.Errorf("repeated constants: %s", got)
	}
}
