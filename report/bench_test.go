package report

import (
	"context"
	"io"
	"strconv"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
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

// BenchmarkTextCorpus prints the findings of all rules on 200 small
// generated scripts (like bench/gencorpus's corpus), as the CLI does on
// a corpus run: mostly ASCII lines, many short findings per file.
func BenchmarkTextCorpus(b *testing.B) {
	var srcs []lint.Source
	for seed := uint64(1 << 20); len(srcs) < 200; seed++ {
		if src := luagen.Script(seed); len(src) <= 2048 {
			srcs = append(srcs, lint.Source{Path: "s" + strconv.FormatUint(seed, 10) + ".lua", Src: src})
		}
	}
	res := lint.NewEngine(rules.All(), nil, 1).CheckFiles(context.Background(), srcs)
	b.ReportAllocs()
	for b.Loop() {
		if err := Text(io.Discard, res, TextOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
