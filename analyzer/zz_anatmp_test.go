package analyzer_test

import (
	"os"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

func BenchmarkZZBig(b *testing.B) {
	path := os.Getenv("ZZBIG")
	src, err := os.ReadFile(path)
	if err != nil {
		b.Skip(err)
	}
	f, _ := luaast.Parse("big.lua", src)
	v := redisfacts.DefaultVersion
	b.Run("analyses", func(b *testing.B) {
		for b.Loop() {
			res := map[*analyzer.Analysis]any{}
			p := analyzer.NewPass(f, v, nil, nil, res, func(analyzer.Diagnostic) {})
			for _, a := range benchAnalyses {
				p.ResultOf(a)
			}
		}
	})
	b.Run("pipeline", func(b *testing.B) {
		eng := analyzer.NewEngine(rules.All(), analyzer.DefaultConfig("."), 1)
		for b.Loop() {
			eng.CheckSource("big.lua", src)
		}
	})
}

func TestZZRounds(t *testing.T) {
	src, err := os.ReadFile(os.Getenv("ZZBIG"))
	if err != nil {
		t.Skip(err)
	}
	f, _ := luaast.Parse("big.lua", src)
	res := map[*analyzer.Analysis]any{}
	p := analyzer.NewPass(f, redisfacts.DefaultVersion, nil, nil, res, func(analyzer.Diagnostic) {})
	analyzer.Origins(p).Of(&luaast.NilLit{})
}
