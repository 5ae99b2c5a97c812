package analyzer_test

import (
	"os"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

func TestProfBig(t *testing.T) {
	p := os.Getenv("RLL_PROF_FILE")
	if p == "" {
		t.Skip()
	}
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	eng := analyzer.NewEngine(rules.All(), analyzer.DefaultConfig("."), 1)
	eng.CheckSource("big.lua", src)
}
