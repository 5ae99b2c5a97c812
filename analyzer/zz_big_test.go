package analyzer_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

func BenchmarkZZBig(b *testing.B) {
	mb, _ := strconv.Atoi(os.Getenv("MB"))
	src := luagen.Generate(8, mb<<20)
	eng := analyzer.NewEngine(rules.All(), analyzer.DefaultConfig("."), 1)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		eng.CheckSource("big.lua", src)
	}
}
