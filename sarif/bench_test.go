package sarif

import (
	"fmt"
	"io"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

func BenchmarkWrite100k(b *testing.B) {
	res := outputtest.BigResult("/repo/big.lua", 100_000)
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(io.Discard, res, nil, Options{BaseDir: "/repo"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteFiles writes a log of 1,000 files with 10 findings each,
// like a repository's (BenchmarkWrite100k has one file).
func BenchmarkWriteFiles(b *testing.B) {
	var res []lint.FileResult
	for i := range 1000 {
		res = append(res, outputtest.BigResult(fmt.Sprintf("/repo/f%04d.lua", i), 10)...)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(io.Discard, res, nil, Options{BaseDir: "/repo"}); err != nil {
			b.Fatal(err)
		}
	}
}
