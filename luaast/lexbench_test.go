package luaast

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
)

// BenchmarkLex measures the lexer alone on the BenchmarkParse input.
func BenchmarkLex(b *testing.B) {
	src := luagen.Generate(42, 1<<20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		f := &File{Name: "bench.lua", Src: src}
		p := &parser{file: f}
		p.src, p.s, p.line = src, string(src), 1
		var t token
		for p.scan(&t); t.kind != tEOF; p.scan(&t) {
		}
	}
}
