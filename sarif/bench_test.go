package sarif

import (
	"io"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

func BenchmarkWrite100k(b *testing.B) {
	const n = 100_000
	line := "\tredis.call('SET', 'key:' .. ARGV[1], '日本語', KEYS[1]) -- x\n"
	src := []byte(strings.Repeat(line, n/10+1))
	diags := make([]analyzer.Diagnostic, n)
	for i := range diags {
		start := luaast.Pos((i/10)*len(line) + 1 + i%10*3)
		d := analyzer.Diagnostic{
			RuleID: "dynamic-key", Severity: analyzer.Severity(i%3 + 1),
			Message: "key built by concatenation: pass the whole key in KEYS",
			Span:    luaast.Span{Start: start, End: start + 12},
		}
		if i%5 == 0 {
			d.Related = []analyzer.Related{{Span: luaast.Span{Start: 1, End: 11}, Message: "first write here"}}
			d.Fixes = []analyzer.Fix{{Message: "use KEYS", Edits: []analyzer.Edit{{Span: d.Span, NewText: "KEYS[2]"}}}}
		}
		diags[i] = d
	}
	res := []analyzer.FileResult{{Path: "/repo/big.lua", Src: src, Lines: luaast.NewLineIndex(src), Diagnostics: diags}}
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(io.Discard, res, nil, Options{BaseDir: "/repo"}); err != nil {
			b.Fatal(err)
		}
	}
}
