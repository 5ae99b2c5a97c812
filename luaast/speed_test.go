//go:build unix

package luaast_test

import (
	"bytes"
	"syscall"
	"testing"
	"time"

	"github.com/yuin/gopher-lua/parse"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// cpuTime returns the CPU time (user+system) the process has used so far,
// GC workers included.
func cpuTime(b *testing.B) time.Duration {
	b.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchCPU runs op on every input once per iteration and reports the
// process CPU time per iteration (cpu-ns/op) and the matching throughput
// (cpu-MB/s): on a loaded machine wall-clock ns/op mostly measures the
// scheduler, CPU time does not.
func benchCPU(b *testing.B, inputs [][]byte, op func([]byte) error) {
	b.Helper()
	total := 0
	for _, src := range inputs {
		total += len(src)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	start := cpuTime(b)
	n := 0
	for b.Loop() {
		for _, src := range inputs {
			if err := op(src); err != nil {
				b.Fatal(err)
			}
		}
		n++
	}
	cpu := cpuTime(b) - start
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(n), "cpu-ns/op")
	b.ReportMetric(float64(total)*float64(n)/cpu.Seconds()/1e6, "cpu-MB/s")
}

// BenchmarkCPUParse is BenchmarkParse reporting CPU time.
func BenchmarkCPUParse(b *testing.B) {
	benchCPU(b, [][]byte{benchInput()}, func(src []byte) error {
		_, err := luaast.Parse("bench.lua", src)
		return err
	})
}

// BenchmarkCPUParseGopherLua is BenchmarkParseGopherLua reporting CPU time.
func BenchmarkCPUParseGopherLua(b *testing.B) {
	benchCPU(b, [][]byte{benchInput()}, func(src []byte) error {
		_, err := parse.Parse(bytes.NewReader(src), "bench.lua")
		return err
	})
}

// BenchmarkCPUParseSmallFiles is BenchmarkParseSmallFiles reporting CPU
// time per op (all of smallInputs).
func BenchmarkCPUParseSmallFiles(b *testing.B) {
	benchCPU(b, smallInputs(), func(src []byte) error {
		_, err := luaast.Parse("small.lua", src)
		return err
	})
}

// BenchmarkCPULex is BenchmarkLex reporting CPU time.
func BenchmarkCPULex(b *testing.B) {
	benchCPU(b, [][]byte{benchInput()}, func(src []byte) error {
		luaast.LexAll(src)
		return nil
	})
}

// BenchmarkCPUParseSmallFilesReuse is BenchmarkCPUParseSmallFiles with
// one Parser for all the files, as a linter's worker uses it.
func BenchmarkCPUParseSmallFilesReuse(b *testing.B) {
	var ps luaast.Parser
	benchCPU(b, smallInputs(), func(src []byte) error {
		_, err := ps.Parse("small.lua", src)
		return err
	})
}

// BenchmarkCPUInspectorSmall builds the Inspector of each of 200 small
// parsed scripts into reused buffers, as the linter's workers do, and
// runs the kind-filtered traversals rules run most (calls, strings,
// statements), reporting CPU time per op (all 200 files).
func BenchmarkCPUInspectorSmall(b *testing.B) {
	var files []*luaast.File
	var srcs [][]byte
	for _, src := range smallInputs()[:200] {
		f, err := luaast.Parse("s.lua", src)
		if err != nil {
			b.Fatal(err)
		}
		files, srcs = append(files, f), append(srcs, src)
	}
	var ib luaast.InspectorBuilder
	b.Run("BuildTransient", func(b *testing.B) {
		i := 0
		benchCPU(b, srcs, func([]byte) error {
			ib.BuildTransient(files[i%len(files)])
			ib.Release()
			i++
			return nil
		})
	})
	b.Run("Preorder", func(b *testing.B) {
		i, n := 0, 0
		count := func(luaast.Node) { n++ }
		benchCPU(b, srcs, func([]byte) error {
			in := ib.BuildTransient(files[i%len(files)])
			in.Preorder(luaast.KindCallExpr, count)
			in.Preorder(luaast.KindStringLit, count)
			in.Preorder(luaast.KindLocalStmt|luaast.KindAssignStmt, count)
			in.Preorder(luaast.KindLoop, count)
			in.Preorder(luaast.KindStmt|luaast.KindExpr, count)
			ib.Release()
			i++
			return nil
		})
	})
}

// BenchmarkCPUParseReuse is BenchmarkCPUParse with one Parser reused for
// every iteration, as a linter's worker parses file after file: the tree's
// memory is recycled instead of allocated and collected each time.
func BenchmarkCPUParseReuse(b *testing.B) {
	var ps luaast.Parser
	benchCPU(b, [][]byte{benchInput()}, func(src []byte) error {
		_, err := ps.Parse("bench.lua", src)
		return err
	})
}
