package luaast_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/longtest"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// robustnessInput is a hostile input with the result it must give.
type robustnessInput struct {
	name string
	src  []byte
	// wantErr: a positioned syntax error; otherwise a tree.
	wantErr bool
	// errLine is the expected line of the first error (0: not checked).
	errLine int
}

func nested(opening, closing string, n int, mid string) []byte {
	return []byte(strings.Repeat(opening, n) + mid + strings.Repeat(closing, n))
}

// robustnessInputs returns odd inputs; big adds the multi-megabyte and
// 10,000-deep ones (kept out of the fuzz seeds).
func robustnessInputs(big bool) []robustnessInput {
	in := []robustnessInput{
		{name: "empty", src: nil},
		{name: "only newline", src: []byte("\n")},
		{name: "only comment", src: []byte("-- c")},
		{name: "nul bytes", src: []byte("\x00\x00\x00"), wantErr: true, errLine: 1},
		{name: "nul in string and comment", src: []byte("local s = '\x00' -- \x00\nreturn s")},
		{name: "invalid utf8 in code", src: []byte("local x = 1\n\xc3\x28 = 2"), wantErr: true, errLine: 2},
		{name: "invalid utf8 in string", src: []byte("return '\xc3\x28\xa0\xa1\xf0\x28\x8c\xbc'")},
		{name: "bom", src: []byte("\xef\xbb\xbflocal x = 1"), wantErr: true, errLine: 1},
		{name: "crlf", src: []byte("local x = 1\r\nlocal y = x\r\nreturn y\r\n")},
		{name: "crlf error line", src: []byte("local x = 1\r\n\r\nreturn +\r\n"), wantErr: true, errLine: 3},
		{name: "lone cr", src: []byte("local x = 1\rlocal y = x\rreturn y\r")},
		{name: "lone cr error line", src: []byte("local x = 1\r\rreturn +"), wantErr: true, errLine: 3},
		{name: "unterminated everything", src: []byte("local t = { f(\"abc"), wantErr: true, errLine: 1},
		{name: "only keywords", src: []byte("end end end"), wantErr: true, errLine: 1},
		{name: "100 nested parens", src: nested("(", ")", 100, "1"), wantErr: true, errLine: 1},
		{name: "100 nested parens in return", src: append([]byte("return "), nested("(", ")", 100, "1")...)},
	}
	if !big {
		return in
	}
	const deep = 10_000
	const tenMB, oneMB = 10 << 20, 1 << 20
	in = append(in,
		robustnessInput{name: "10000 nested parens", src: append([]byte("return "), nested("(", ")", deep, "1")...), wantErr: true, errLine: 1},
		robustnessInput{name: "10000 nested tables", src: append([]byte("return "), nested("{", "}", deep, "")...), wantErr: true, errLine: 1},
		robustnessInput{name: "10000 nested functions", src: append([]byte("return "), nested("function() return ", " end", deep, "1")...), wantErr: true, errLine: 1},
		robustnessInput{name: "10000 nested do blocks", src: nested("do ", " end", deep, ""), wantErr: true, errLine: 1},
		robustnessInput{name: "10000 nested index", src: append([]byte("return x"), nested("[x", "]", deep, "")...), wantErr: true, errLine: 1},
		robustnessInput{name: "10000 unary minus", src: []byte("return " + strings.Repeat("- ", deep) + "1"), wantErr: true, errLine: 1},
		robustnessInput{name: "10000 nested unclosed parens", src: append([]byte("return "), bytes.Repeat([]byte("("), deep)...), wantErr: true, errLine: 1},
		robustnessInput{name: "10MB single-line string", src: []byte("return '" + strings.Repeat("a", tenMB) + "'")},
		robustnessInput{name: "10MB single-line comment", src: []byte("--" + strings.Repeat("c", tenMB) + "\nreturn 1")},
		// Node-heavy lines are 1 MB: their speed is BenchmarkParseShapes'
		// business, and the suite must stay fast.
		robustnessInput{name: "1MB single line of statements", src: []byte("local a = 0 " + strings.Repeat("a = a + 1 ", oneMB/10))},
		robustnessInput{name: "1MB single-line table", src: []byte("return {" + strings.Repeat("1,", oneMB/2) + "}")},
		robustnessInput{name: "10MB unterminated long string", src: []byte("return [[" + strings.Repeat("x", tenMB)), wantErr: true, errLine: 1},
		robustnessInput{name: "1MB of newlines then error", src: []byte(strings.Repeat("\n", 1<<20) + "return +"), wantErr: true, errLine: 1<<20 + 1},
	)
	return in
}

func TestRobustness(t *testing.T) {
	for _, in := range robustnessInputs(longtest.Enabled) {
		t.Run(in.name, func(t *testing.T) {
			f, err := checkParse(t, in.src)
			if !in.wantErr {
				if err != nil {
					t.Fatalf("want a tree, got %v", err)
				}
				if f.Block == nil {
					t.Fatal("no Block")
				}
				return
			}
			var list luaast.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("want a positioned syntax error, got %v", err)
			}
			if in.errLine != 0 && list[0].Line != in.errLine {
				t.Errorf("error at line %d, want %d: %v", list[0].Line, in.errLine, list[0])
			}
		})
	}
}
