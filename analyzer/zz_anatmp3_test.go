package analyzer

import (
	"os"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

func BenchmarkZZEager(b *testing.B) {
	src, err := os.ReadFile(os.Getenv("ZZBIG"))
	if err != nil {
		b.Skip(err)
	}
	f, _ := luaast.Parse("big.lua", src)
	b.ReportAllocs()
	for b.Loop() {
		res := map[*Analysis]any{}
		p := NewPass(f, redisfacts.DefaultVersion, nil, nil, res, func(Diagnostic) {})
		Flow(p).solveAll()
		Origins(p).ensureParams()
	}
}
