package sarif

import (
	"io"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
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
