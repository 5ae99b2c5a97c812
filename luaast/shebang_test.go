package luaast

import (
	"reflect"
	"testing"
)

func TestShebang(t *testing.T) {
	tests := []struct {
		src  string
		want *Shebang
		body string // dump of the parsed chunk
	}{
		{"return 1", nil, "return 1"},
		{"#!lua\nreturn 1", &Shebang{Span: Span{0, 5}, Text: "#!lua", Engine: "lua", HasNewline: true}, "return 1"},
		{"#!lua flags=no-writes,allow-stale\nreturn 1", &Shebang{
			Span: Span{0, 33}, Text: "#!lua flags=no-writes,allow-stale", Engine: "lua", HasNewline: true,
			Options: []ShebangOption{{Span: Span{6, 33}, Key: "flags", Value: "no-writes,allow-stale", HasValue: true}},
		}, "return 1"},
		{"#!lua  name=mylib\t x flags=\n", &Shebang{
			Span: Span{0, 27}, Text: "#!lua  name=mylib\t x flags=", Engine: "lua", HasNewline: true,
			Options: []ShebangOption{
				{Span: Span{7, 17}, Key: "name", Value: "mylib", HasValue: true},
				{Span: Span{19, 20}, Key: "x"},
				{Span: Span{21, 27}, Key: "flags", Value: "", HasValue: true},
			},
		}, ""},
		{"#!lua", &Shebang{Span: Span{0, 5}, Text: "#!lua", Engine: "lua"}, ""},
		{"#!lua\r\nreturn 1", &Shebang{Span: Span{0, 5}, Text: "#!lua", Engine: "lua", HasNewline: true}, "return 1"},
		// Without '\n' the whole input is the (invalid) shebang, as in Redis.
		{"#!lua\rreturn 1", &Shebang{Span: Span{0, 14}, Text: "#!lua\rreturn 1", Engine: "lua", Options: []ShebangOption{{Span: Span{6, 12}, Key: "return"}, {Span: Span{13, 14}, Key: "1"}}}, ""},
		{"#! lua\n", &Shebang{Span: Span{0, 6}, Text: "#! lua", Engine: "", HasNewline: true, Options: []ShebangOption{{Span: Span{3, 6}, Key: "lua"}}}, ""},
		{"#!/usr/bin/lua\n", &Shebang{Span: Span{0, 14}, Text: "#!/usr/bin/lua", Engine: "/usr/bin/lua", HasNewline: true}, ""},
	}
	for _, tt := range tests {
		f, err := Parse("t.lua", []byte(tt.src))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if !reflect.DeepEqual(f.Shebang, tt.want) {
			t.Errorf("Parse(%q) shebang:\n got %+v\nwant %+v", tt.src, f.Shebang, tt.want)
		}
		if got := dump(f); got != tt.body {
			t.Errorf("Parse(%q) body = %q, want %q", tt.src, got, tt.body)
		}
	}
}

// TestShebangLines checks that the shebang counts as line 1 for errors,
// as Redis reports them (a "\n\r" after the shebang is one line break).
func TestShebangLines(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{"#!lua\nreturn +", "2: unexpected symbol near '+'"},
		{"#!lua\r\nreturn +", "2: unexpected symbol near '+'"},
		{"#x\nreturn 1", "1: unexpected symbol near '#'"},
		{"# !lua\nreturn 1", "1: unexpected symbol near '#'"},
	}
	for _, tt := range tests {
		if got := firstError(tt.src); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.src, got, tt.want)
		}
	}
}
