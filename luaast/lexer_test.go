package luaast

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
)

// lexAll scans src to the end and renders each token as kind text, with
// the value for names, numbers and strings: `<name>:x`, `<number>:255`,
// `<string>:"a\n"`. A lexical error ends the list with "error: msg".
func lexAll(src string) (toks []string, comments []*Comment) {
	f := &File{Name: "t.lua", Src: []byte(src), Lines: NewLineIndex([]byte(src))}
	p := &parser{file: f, fs: &funcState{}}
	p.src, p.s, p.line = f.Src, src, 1
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			toks = append(toks, "error: "+p.errs[0].Msg)
			comments = p.comments
		}
	}()
	for {
		p.next()
		t := p.tok
		if t.kind == tEOF {
			return toks, p.comments
		}
		s := kindText(t.kind)
		switch t.kind {
		case tName:
			s += ":" + src[t.pos:t.end]
		case tNumber:
			s += ":" + strconv.FormatFloat(t.nval, 'g', -1, 64)
		case tString:
			s += ":" + strconv.Quote(t.sval)
		}
		if src[t.pos:t.end] == "" && t.kind != tEOF {
			s += "(empty span)"
		}
		toks = append(toks, s)
	}
}

func TestLexTokens(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{"and break do else elseif end false for function if in local nil not or repeat return then true until while",
			"and break do else elseif end false for function if in local nil not or repeat return then true until while"},
		{"goto continue _x x1 _ self", "<name>:goto <name>:continue <name>:_x <name>:x1 <name>:_ <name>:self"},
		{"+ - * / % ^ # == ~= <= >= < > = ( ) { } [ ] ; : , . .. ...",
			"+ - * / % ^ # == ~= <= >= < > = ( ) { } [ ] ; : , . .. ..."},
		{"a.b:c", "<name>:a . <name>:b : <name>:c"},
		{"....", "... ."},
		{"~ & | @ $ ! ?", "~ & | @ $ ! ?"},
		{"\x00", "char(0)"},
		{"\x01 \x7f", "char(1) char(127)"},
		{"\xef\xbb\xbf", "\xef \xbb \xbf"},
		{"é", "\xc3 \xa9"},
		{"a\tb\vc\fd\re\nf", "<name>:a <name>:b <name>:c <name>:d <name>:e <name>:f"},
		// NUL counts as a match in llex.c's check_next ("1\0" is a number, ".\0" is "..").
		{"1\x00 x", "<number>:1 <name>:x"},
		{".\x00", ".."},
		{".\x00\x00", "..."},
	}
	for _, tt := range tests {
		toks, _ := lexAll(tt.src)
		if got := strings.Join(toks, " "); got != tt.want {
			t.Errorf("lex %q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestLexNumbers(t *testing.T) {
	tests := []struct {
		src  string
		want float64
		err  string // expected error message, "" for none
	}{
		{"0", 0, ""},
		{"42", 42, ""},
		{"3.", 3, ""},
		{".5", 0.5, ""},
		{"3.25", 3.25, ""},
		{"1e3", 1000, ""},
		{"1E+3", 1000, ""},
		{"2.5e-1", 0.25, ""},
		{"0xFF", 255, ""},
		{"0Xff", 255, ""},
		{"0x1p4", 16, ""},
		{"0x1P4", 16, ""},
		{"0x1P+4", 0, "malformed number near '0x1P'"},
		{"0xAp0", 10, ""},
		{"0x10000000000000000", 18446744073709551616, ""},
		{"0x1p00000000000004", 16, ""},
		{"0x1p99999999999999999", math.Inf(1), ""},
		{"0x1p-99999999999999999", 0, "malformed number near '0x1p'"},
		{"0x0p99999999999999999", 0, ""},
		{"0x" + strings.Repeat("F", 200), 0x1p800, ""},
		{"0x" + strings.Repeat("F", 300), math.Inf(1), ""},
		{"1e999", math.Inf(1), ""},
		{"1e-999", 0, ""},
		{"0x1p-4", 0, "malformed number near '0x1p'"},
		{"0x.8", 0, "malformed number near '0x'"},
		{"0x", 0, "malformed number near '0x'"},
		{"0xg", 0, "malformed number near '0xg'"},
		{"3x", 0, "malformed number near '3x'"},
		{"1e", 0, "malformed number near '1e'"},
		{"1e+", 0, "malformed number near '1e+'"},
		{"1..2", 0, "malformed number near '1..2'"},
		{"1.2.3", 0, "malformed number near '1.2.3'"},
		{"08", 8, ""},
		{"1\x00", 1, ""},
		{"0b101", 0, "malformed number near '0b101': binary literals are not Lua syntax and Redis runs Lua 5.1 (write the value in decimal or hex)"},
		{"1_000", 0, "malformed number near '1_000': digit separators '_' are not Lua syntax and Redis runs Lua 5.1 (write 1000)"},
		{"1_x", 0, "malformed number near '1_x'"},
	}
	for _, tt := range tests {
		toks, _ := lexAll(tt.src)
		if tt.err != "" {
			if len(toks) != 1 || toks[0] != "error: "+tt.err {
				t.Errorf("lex %q = %v, want error %q", tt.src, toks, tt.err)
			}
			continue
		}
		want := "<number>:" + strconv.FormatFloat(tt.want, 'g', -1, 64)
		if len(toks) != 1 || toks[0] != want {
			t.Errorf("lex %q = %v, want %s", tt.src, toks, want)
		}
	}
}

func TestLexStrings(t *testing.T) {
	tests := []struct {
		src  string
		want string // decoded value, or "error: ..."
	}{
		{`"abc"`, "abc"},
		{`'abc'`, "abc"},
		{`"it's"`, "it's"},
		{`'say "hi"'`, `say "hi"`},
		{`""`, ""},
		{`"\a\b\f\n\r\t\v\\\"\'"`, "\a\b\f\n\r\t\v\\\"'"},
		{`"\65\066\0677"`, "ABC7"},
		{`"\0"`, "\x00"},
		{`"\255"`, "\xff"},
		{`"\x41"`, "x41"},
		{`"\u{48}"`, "u{48}"},
		{`"\z  b"`, "z  b"},
		{`"\q"`, "q"},
		{"\"a\\\nb\"", "a\nb"},
		{"\"a\\\r\nb\"", "a\nb"},
		{"\"a\\\n\rb\"", "a\nb"},
		{"\"a\\\rb\"", "a\nb"},
		{"\"a\x00b\"", "a\x00b"},
		{`"\300"`, `error: escape sequence too large near '"'`},
		{`"ab\256"`, `error: escape sequence too large near '"ab'`},
		{"\"abc\ndef\"", `error: unfinished string near '"abc'`},
		{"'abc", "error: unfinished string near '<eof>'"},
		{`"abc\`, "error: unfinished string near '<eof>'"},
		{"\"a\\z\n  b\"", `error: escape '\z' (skip whitespace) is Lua 5.2 syntax: Redis runs Lua 5.1, where "\z" is just "z" and the string ends at the line break (join the lines with ..)`},
		{"\"a\\z  x\n  b\"", `error: unfinished string near '"az  x'`},
		// Long strings.
		{"[[abc]]", "abc"},
		{"[[\nabc]]", "abc"},
		{"[[\r\nabc]]", "abc"},
		{"[[\n\nabc]]", "\nabc"},
		{"[[a\r\nb\rc\n\rd]]", "a\nb\nc\nd"},
		{"[==[a]]b]=]c]==]", "a]]b]=]c"},
		{"[=[a[[b]]c]=]", "a[[b]]c"},
		{"[[a [[b]]", "a [[b"},
		{`[[\n]]`, `\n`},
		{"[==[abc]=]", "error: unfinished long string near '<eof>'"},
		{"[=", "error: invalid long string delimiter near '[='"},
		{"[==x", "error: invalid long string delimiter near '[=='"},
	}
	for _, tt := range tests {
		toks, _ := lexAll(tt.src)
		want := "<string>:" + strconv.Quote(tt.want)
		if strings.HasPrefix(tt.want, "error: ") {
			want = tt.want
		}
		if len(toks) != 1 || toks[0] != want {
			t.Errorf("lex %s = %q, want %q", tt.src, toks, want)
		}
	}
}

func TestLexComments(t *testing.T) {
	tests := []struct {
		src      string
		toks     string
		comments []Comment
	}{
		{"-- hi\nx", "<name>:x", []Comment{{Span{0, 5}, " hi", false}}},
		{"x -- hi", "<name>:x", []Comment{{Span{2, 7}, " hi", false}}},
		{"--[[ a\nb ]] x", "<name>:x", []Comment{{Span{0, 11}, " a\nb ", true}}},
		{"--[==[\na]]b]==]x", "<name>:x", []Comment{{Span{0, 15}, "a]]b", true}}},
		{"--[= x\ny", "<name>:y", []Comment{{Span{0, 6}, "[= x", false}}},
		{"--[x\ny", "<name>:y", []Comment{{Span{0, 4}, "[x", false}}},
		{"--\r\ny", "<name>:y", []Comment{{Span{0, 2}, "", false}}},
		{"---x", "", []Comment{{Span{0, 4}, "-x", false}}},
		{"- -x", "- - <name>:x", nil},
		{"--[[ x", "error: unfinished long comment near '<eof>'", nil},
	}
	for _, tt := range tests {
		toks, comments := lexAll(tt.src)
		if got := strings.Join(toks, " "); got != tt.toks {
			t.Errorf("lex %q: tokens %q, want %q", tt.src, got, tt.toks)
		}
		if tt.comments == nil {
			continue
		}
		if len(comments) != len(tt.comments) {
			t.Errorf("lex %q: %d comments, want %d", tt.src, len(comments), len(tt.comments))
			continue
		}
		for i, c := range comments {
			if *c != tt.comments[i] {
				t.Errorf("lex %q: comment %d = %+v, want %+v", tt.src, i, *c, tt.comments[i])
			}
		}
	}
}

// TestLexLineCount checks that the lexer counts lines as Lua does (\r\n and
// \n\r are one break, a lone \r is one), through error positions.
func TestLexLineCount(t *testing.T) {
	tests := []struct {
		src  string
		line int
	}{
		{"\n\n@", 3},
		{"\r\n\r\n@", 3},
		{"\n\r\n\r@", 3},
		{"\r\r@", 3},
		{"\n\n\r@", 3},
		{"x = [[\r\n\r\n]] @", 3},
		{"x = '\\\r\n' @", 2},
		{"--[[\r\r]] @", 3},
	}
	for _, tt := range tests {
		_, err := Parse("t.lua", []byte(tt.src))
		var el ErrorList
		if !errors.As(err, &el) {
			t.Errorf("parse %q: no error", tt.src)
			continue
		}
		if el[0].Line != tt.line {
			t.Errorf("parse %q: error at line %d, want %d", tt.src, el[0].Line, tt.line)
		}
	}
}

// TestStr2NumberDecimal checks str2number's exact fast path against
// strconv.ParseFloat (correctly rounded, as glibc's strtod) on decimal
// numerals around its limits: 15 and 16 significant digits, powers of
// ten up to and past 1e22, leading and trailing zeros.
func TestStr2NumberDecimal(t *testing.T) {
	cases := []string{
		"0", "00", "0.0", "0e5", "0.000e-7", "1", "9", "10", "3.", ".5", "487.025",
		"0.14184144253250064", "123456789012345", "1234567890123456",
		"12345678901234567890", "999999999999999", "9999999999999999",
		"9007199254740993", "0.000000000000000000001", "1e22", "1e23", "9e22",
		"123456789012345e7", "123456789012345e8", "1.5e-22", "1.5e-23",
		"0.1", "0.2", "0.3", "1e-5", "100000000000000000000000", "1.0000000000000000",
		"0000000000000000001.5", "4.35", "2.2250738585072014e-308", "1e308", "1e309",
		"5e-324", "1.7976931348623157e308", "0.000001234567890123456",
	}
	// Deterministic pseudo-random numerals of up to 18 digits with a
	// point and an exponent in the fast path's range and just outside.
	x := uint64(0x9E3779B97F4A7C15)
	rnd := func(n uint64) uint64 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return x % n
	}
	for range 20000 {
		nd := 1 + int(rnd(18))
		b := make([]byte, 0, 32)
		for range nd {
			b = append(b, byte('0'+rnd(10)))
		}
		if pt := int(rnd(uint64(nd + 1))); rnd(2) == 0 {
			b = append(b[:pt], append([]byte{'.'}, b[pt:]...)...)
		}
		if rnd(3) == 0 {
			b = append(b, 'e')
			b = strconv.AppendInt(b, int64(rnd(60))-30, 10)
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		want, err := strconv.ParseFloat(s, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			t.Fatalf("bad test case %q: %v", s, err)
		}
		got, ok := str2number(s)
		if !ok || math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("str2number(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
}

func TestIsReserved(t *testing.T) {
	for _, w := range []string{"and", "break", "do", "else", "elseif", "end", "false", "for", "function", "if", "in",
		"local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"} {
		if !IsReserved(w) {
			t.Errorf("IsReserved(%q) = false", w)
		}
	}
	for _, w := range []string{"", "goto", "End", "self", "elsebreak", "redis", "KEYS"} {
		if IsReserved(w) {
			t.Errorf("IsReserved(%q) = true", w)
		}
	}
}
