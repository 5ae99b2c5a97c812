package luaast_test

import (
	"bytes"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/yuin/gopher-lua/parse"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// benchInput is the shared ~1 MB realistic program both parsers parse.
var benchInput = sync.OnceValue(func() []byte { return luagen.Generate(42, 1<<20) })

// BenchmarkParse measures our parser on benchInput; compare its MB/s with
// BenchmarkParseGopherLua (target: at least 10x).
func BenchmarkParse(b *testing.B) {
	src := benchInput()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := luaast.Parse("bench.lua", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseGopherLua measures gopher-lua's parser on the same input.
func BenchmarkParseGopherLua(b *testing.B) {
	src := benchInput()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parse.Parse(bytes.NewReader(src), "bench.lua"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseShapes measures pathological but valid shapes: one huge
// table constructor, a long run of statements on one line, a long string.
func BenchmarkParseShapes(b *testing.B) {
	const size = 1 << 20
	shapes := []struct{ name, src string }{
		{"table", "return {" + strings.Repeat("1,", size/2) + "}"},
		{"statements", "local a = 0 " + strings.Repeat("a = a + 1 ", size/10)},
		{"string", "return '" + strings.Repeat("a", size) + "'"},
		{"comments", strings.Repeat("-- a comment line\n", size/18) + "return 1"},
	}
	for _, s := range shapes {
		b.Run(s.name, func(b *testing.B) {
			src := []byte(s.src)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := luaast.Parse("shape.lua", src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// smallInputs is a deterministic corpus of small scripts picked like
// bench/gencorpus picks bench/out/corpus (1,100 luagen scripts of at most
// 1,906 bytes, about 1 KB on average, Functions libraries with their
// shebang): it measures the per-file fixed costs of a parse, which
// dominate when a repository of short scripts is linted.
var smallInputs = sync.OnceValue(func() [][]byte {
	var files [][]byte
	for seed := uint64(1 << 20); len(files) < 1100; seed++ {
		src := luagen.Script(seed)
		if bytes.Contains(src, []byte("redis.register_function")) {
			src = append([]byte("#!lua name=lib"+strconv.FormatUint(seed, 10)+"\n"), src...)
		}
		if len(src) <= 1906 {
			files = append(files, src)
		}
	}
	return files
})

// BenchmarkParseSmallFiles parses every script of smallInputs once per op.
func BenchmarkParseSmallFiles(b *testing.B) {
	files := smallInputs()
	total := 0
	for _, src := range files {
		total += len(src)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range files {
			if _, err := luaast.Parse("small.lua", src); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLex measures the lexer alone on benchInput.
func BenchmarkLex(b *testing.B) {
	src := benchInput()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		luaast.LexAll(src)
	}
}
