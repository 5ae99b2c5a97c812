package report

import (
	"io"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// bigResult returns one file with n diagnostics, ten per line, some with
// related locations and fixes.
func bigResult(n int) []analyzer.FileResult {
	line := "\tredis.call('SET', 'key:' .. ARGV[1], '日本語', KEYS[1]) -- x\n"
	src := []byte(strings.Repeat(line, n/10+1))
	lines := luaast.NewLineIndex(src)
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
	return []analyzer.FileResult{{Path: "big.lua", Src: src, Lines: lines, Diagnostics: diags}}
}

func BenchmarkText100k(b *testing.B) {
	res := bigResult(100_000)
	b.ReportAllocs()
	for b.Loop() {
		if err := Text(io.Discard, res, TextOptions{Color: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkJSON100k(b *testing.B) {
	res := bigResult(100_000)
	b.ReportAllocs()
	for b.Loop() {
		if err := JSON(io.Discard, res, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGitHub100k(b *testing.B) {
	res := bigResult(100_000)
	b.ReportAllocs()
	for b.Loop() {
		if err := GitHub(io.Discard, res); err != nil {
			b.Fatal(err)
		}
	}
}
