package analyzer

import (
	"fmt"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

func TestZZStats(t *testing.T) {
	src, err := os.ReadFile(os.Getenv("ZZBIG"))
	if err != nil {
		t.Skip(err)
	}
	f, _ := luaast.Parse("big.lua", src)
	res := map[*Analysis]any{}
	p := NewPass(f, redisfacts.DefaultVersion, nil, nil, res, func(Diagnostic) {})
	t0 := time.Now()
	s := Script(p)
	t1 := time.Now()
	c := Calls(p)
	t2 := time.Now()
	fl := Flow(p)
	t3 := time.Now()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	fl.solveAll()
	runtime.ReadMemStats(&m1)
	fmt.Println("solveAll alloc MB", (m1.TotalAlloc-m0.TotalAlloc)>>20)
	t4 := time.Now()
	o := Origins(p)
	o.ensureParams()
	t5 := time.Now()
	nodes, chains := 0, 0
	for _, g := range fl.graphs {
		nodes += len(g.nodes)
		chains += len(g.chains.set)
	}
	fmt.Println("funcs", len(s.idx.funcs), "calls", len(s.idx.calls), "defs", len(s.idx.defs), "redis", len(c.List), "writes", len(c.writes), "words", fl.words, "nodes", nodes, "chains", chains, "main nodes", len(fl.graphs[0].nodes), "callsites", len(fl.callSites))
	fmt.Println("script", t1.Sub(t0), "calls", t2.Sub(t1), "flow", t3.Sub(t2), "solveAll", t4.Sub(t3), "params", t5.Sub(t4))
}
