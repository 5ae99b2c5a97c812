package sarif

import (
	"bytes"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// FuzzWrite checks that any path, source, span and message gives a log
// that is valid SARIF 2.1.0 (URIs included) and that Write and Build
// agree.
func FuzzWrite(f *testing.F) {
	f.Add("/repo/a b/c:d.lua", []byte("x = '😀' .. y\r\n"), 3, 9, "m [a](1)")
	f.Add("rel/%41.lua", []byte(""), -1, 99, "\x00\u2028")
	f.Add("/elsewhere/#?.lua", []byte("\xff\xfe\n\n"), 2, 1, "")
	sch, err := loadSchema()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, path string, src []byte, start, end int, msg string) {
		res := []lint.FileResult{{
			Path: path, Src: src, Lines: luaast.NewLineIndex(src),
			Diagnostics: []analyzer.Diagnostic{{
				RuleID: msg, Severity: analyzer.Severity(len(msg) % 4), Message: msg,
				Span:    luaast.Span{Start: luaast.Pos(start), End: luaast.Pos(end)},
				Related: []analyzer.Related{{Span: luaast.Span{Start: luaast.Pos(end), End: luaast.Pos(start)}, Message: msg}},
				Fixes:   []analyzer.Fix{{Message: msg, Edits: []analyzer.Edit{{Span: luaast.Span{Start: luaast.Pos(start), End: luaast.Pos(end)}, NewText: msg}}}},
			}},
		}}
		var buf bytes.Buffer
		if err := Write(&buf, res, nil, Options{BaseDir: "/repo"}); err != nil {
			t.Fatal(err)
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("invalid JSON: %v\n%s", err, buf.String())
		}
		if err := sch.Validate(inst); err != nil {
			t.Fatalf("invalid SARIF: %v\n%s", err, buf.String())
		}
	})
}
