package luaast_test

import (
	"fmt"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestAmbiguousCall checks Lua 5.1's "ambiguous syntax" error, which the
// parser finds from the bytes between a call's '(' and the token before
// it rather than from a line number saved per token: every kind of line
// break between them, in comments too, and the lookahead case, where Lua
// has already read the '(' when it consumes the name before it (no error).
// The expectations were checked against the line-number implementation.
func TestAmbiguousCall(t *testing.T) {
	const amb = "ambiguous syntax (function call x new statement) near '('"
	tests := []struct{ src, want string }{
		{"x = f(1)", ""},
		{"x = f (1)", ""},
		{"x = f --[[c]] (1)", ""},
		{"x = f\n(1)", "t.lua:2:1: " + amb},
		{"x = f\r(1)", "t.lua:2:1: " + amb},
		{"x = f\n\r(1)", "t.lua:2:1: " + amb},
		{"x = f --c\n(1)", "t.lua:2:1: " + amb},
		{"x = f --[[\n]] (1)", "t.lua:2:4: " + amb},
		{"x = f()\n(1)", "t.lua:2:1: " + amb},
		{"x = (f)\r\n(1)", "t.lua:2:1: " + amb},
		{"x = f:m()--[==[\r]==](1)", "t.lua:2:5: " + amb},
		{"x = f\n{1}", ""},         // only '(' is ambiguous
		{"x = f\n'a'", ""},         // likewise
		{"x = f[[a\nb]](1)", ""},   // the break is inside the previous token
		{"local t = {f\n(1)}", ""}, // the lookahead case
		{"local t = {f\n.x(1)}", ""},
		{"local t = {f.x\n(1)}", "t.lua:2:1: " + amb},
		{"local t = {f\n.x\n(1)}", "t.lua:3:1: " + amb},
		{"t = {a = f\n(2)}", "t.lua:2:1: " + amb},
	}
	for _, tt := range tests {
		_, err := luaast.Parse("t.lua", []byte(tt.src))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
	// A reused Parser must not carry a lookahead over to the next file.
	var ps luaast.Parser
	for _, tt := range tests {
		_, err := ps.Parse("t.lua", []byte(tt.src))
		if got := fmt.Sprint(err); (err == nil) != (tt.want == "") {
			t.Errorf("reused Parser: Parse(%q) = %s, want %q", tt.src, got, tt.want)
		}
	}
}
