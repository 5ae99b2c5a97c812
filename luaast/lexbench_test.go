package luaast

import (
	"testing"
	"unsafe"

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
		// As Parse does: token texts share src's memory (a copy would
		// make the benchmark measure a 1 MB allocation per op).
		p.src, p.s, p.line = src, unsafe.String(unsafe.SliceData(src), len(src)), 1
		var t token
		for p.scan(&t); t.kind != tEOF; {
			p.scan(&t)
		}
	}
}
