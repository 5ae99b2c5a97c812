package baseline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// benchResults returns files results of 10 findings each, every finding
// on a line of its own.
func benchResults(files int) []lint.FileResult {
	out := make([]lint.FileResult, files)
	for i := range out {
		var src strings.Builder
		var diags []analyzer.Diagnostic
		for j := range 10 {
			off := src.Len()
			fmt.Fprintf(&src, "redis.call('GET', 'key:%d:%d')\n", i, j)
			diags = append(diags, analyzer.Diagnostic{RuleID: "hardcoded-key", Message: "m", Span: luaast.Span{Start: luaast.Pos(off), End: luaast.Pos(off + 5)}})
		}
		b := []byte(src.String())
		out[i] = lint.FileResult{Path: fmt.Sprintf("d%d/f%d.lua", i%100, i), Src: b, Lines: luaast.NewLineIndex(b), Diagnostics: diags}
	}
	return out
}

// BenchmarkFilter matches 10,000 findings against a baseline holding
// them all, their files moved to another folder (the second pass).
func BenchmarkFilter(b *testing.B) {
	res := benchResults(1000)
	base := FromResults("bench", res, nil)
	moved := func(p string) string { return "moved/" + p }
	b.ResetTimer()
	for range b.N {
		if m := base.Filter(res, moved, nil); m.Known != 10000 {
			b.Fatalf("known %d", m.Known)
		}
	}
}

// BenchmarkParse reads a baseline of 10,000 findings.
func BenchmarkParse(b *testing.B) {
	var buf strings.Builder
	if err := FromResults("bench", benchResults(1000), nil).Encode(&buf); err != nil {
		b.Fatal(err)
	}
	data := []byte(buf.String())
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for range b.N {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
