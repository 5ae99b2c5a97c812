package rules

import (
	"reflect"
	"testing"
)

// TestSplitShebangArgs checks the splitter against how Redis's
// sdssplitargs reads a shebang line (cases confirmed with EVAL and
// FUNCTION LOAD on 7.0.15, see testdata/invalid-shebang).
func TestSplitShebangArgs(t *testing.T) {
	tests := []struct {
		line string
		want []string
		ok   bool
	}{
		{"#!lua", []string{"#!lua"}, true},
		{"#!lua  flags=no-writes\t flags=allow-oom\r", []string{"#!lua", "flags=no-writes", "flags=allow-oom"}, true},
		{`#!lua flags="no-writes"`, []string{"#!lua", "flags=no-writes"}, true},
		{`#!lua "flags=no-writes"`, []string{"#!lua", "flags=no-writes"}, true},
		{`#!lua name="quoted lib"`, []string{"#!lua", "name=quoted lib"}, true},
		{`#!lua 'it\'s'`, []string{"#!lua", "it's"}, true},
		{`#!lua "\x41\n"`, []string{"#!lua", "A\n"}, true},
		{`#!lua "flags=no-writes`, nil, false},
		{`#!lua "flags"x`, nil, false},
		{`#!lua 'a`, nil, false},
		{"", nil, true},
	}
	for _, tt := range tests {
		toks, ok := splitShebangArgs(tt.line)
		var got []string
		for _, tok := range toks {
			got = append(got, tok.Text)
		}
		if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitShebangArgs(%q) = %q, %v; want %q, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
	toks, _ := splitShebangArgs(`#!lua flags=a "b c"`)
	if len(toks) != 3 || !toks[1].Plain || toks[1].Start != 6 || toks[1].End != 13 || toks[2].Plain || toks[2].Start != 14 || toks[2].End != 19 {
		t.Errorf("token spans = %+v", toks)
	}
}

func TestFindLua52Escapes(t *testing.T) {
	tests := []struct {
		raw  string
		want []lua52Escape
	}{
		{`"\x41"`, []lua52Escape{{1, 5, `\065`}}},
		{`"\\x41"`, nil},
		{`"\\\x41"`, []lua52Escape{{3, 7, `\065`}}},
		{`"\x4"`, []lua52Escape{{1, 3, ""}}},
		{`"\u{48}\u{110000}"`, []lua52Escape{{1, 7, `\072`}, {7, 17, ""}}},
		{`"\u{}"`, []lua52Escape{{1, 3, ""}}},
		{`'\u{D800}'`, []lua52Escape{{1, 9, ""}}},
		{`"\n\t\\"`, nil},
	}
	for _, tt := range tests {
		if got := findLua52Escapes(tt.raw); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("findLua52Escapes(%s) = %+v, want %+v", tt.raw, got, tt.want)
		}
	}
}
