package report

import (
	"io"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
)

func BenchmarkText100k(b *testing.B) {
	res := outputtest.BigResult("big.lua", 100_000)
	b.ReportAllocs()
	for b.Loop() {
		if err := Text(io.Discard, res, TextOptions{Color: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkJSON100k(b *testing.B) {
	res := outputtest.BigResult("big.lua", 100_000)
	b.ReportAllocs()
	for b.Loop() {
		if err := JSON(io.Discard, res, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGitHub100k(b *testing.B) {
	res := outputtest.BigResult("big.lua", 100_000)
	b.ReportAllocs()
	for b.Loop() {
		if err := GitHub(io.Discard, res); err != nil {
			b.Fatal(err)
		}
	}
}
