package report

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// FuzzPrinters feeds arbitrary sources, spans and messages to every
// printer: none may fail or panic, the plain text output must not contain
// a control character other than the line break, and the JSON must parse.
func FuzzPrinters(f *testing.F) {
	f.Add([]byte("redis.call('GET', KEYS[1])\n"), 5, 10, 0, 3, "msg")
	f.Add([]byte("\t日本\r\n😀\x1b[31m\xff\u202e\n"), 1, 30, 2, 1, "a\nb\x1b")
	f.Add([]byte(""), 0, 0, -5, 100, "")
	f.Fuzz(func(t *testing.T, src []byte, start, end, relStart, relEnd int, msg string) {
		r := lint.FileResult{
			Path: "f\x1b.lua", Src: src, Lines: luaast.NewLineIndex(src),
			Diagnostics: []analyzer.Diagnostic{{
				RuleID: "r", Severity: analyzer.Severity(len(msg) % 5), Message: msg,
				Span:    luaast.Span{Start: luaast.Pos(start), End: luaast.Pos(end)},
				Related: []analyzer.Related{{Span: luaast.Span{Start: luaast.Pos(relStart), End: luaast.Pos(relEnd)}, Message: msg}},
				Fixes:   []analyzer.Fix{{Edits: []analyzer.Edit{{Span: luaast.Span{Start: luaast.Pos(relStart), End: luaast.Pos(end)}, NewText: msg}}}},
			}},
		}
		results := []lint.FileResult{r}
		var text bytes.Buffer
		if err := Text(&text, results, TextOptions{}); err != nil {
			t.Fatal(err)
		}
		for _, c := range text.Bytes() {
			if c < 0x20 && c != '\n' || c == 0x7f {
				t.Fatalf("control byte %#x in text output:\n%q", c, text.String())
			}
		}
		if !utf8.Valid(text.Bytes()) {
			t.Fatalf("text output is not UTF-8: %q", text.String())
		}
		var js bytes.Buffer
		if err := JSON(&js, results, nil); err != nil {
			t.Fatal(err)
		}
		if !json.Valid(js.Bytes()) {
			t.Fatalf("invalid JSON:\n%s", js.String())
		}
		if err := GitHub(io.Discard, results); err != nil {
			t.Fatal(err)
		}
		if err := Text(io.Discard, results, TextOptions{Color: true}); err != nil {
			t.Fatal(err)
		}
	})
}
