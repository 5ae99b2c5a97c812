//go:build unix

package luaast

import (
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
)

// BenchmarkCPULex is BenchmarkLex reporting the process CPU time per op
// (cpu-ns/op) and the matching throughput (cpu-MB/s), which a loaded
// machine disturbs less than wall-clock time.
func BenchmarkCPULex(b *testing.B) {
	src := luagen.Generate(42, 1<<20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatalf("getrusage: %v", err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start, n := cpu(), 0
	for b.Loop() {
		p := &parser{file: &File{Name: "bench.lua", Src: src}}
		p.src, p.s, p.line = src, unsafe.String(unsafe.SliceData(src), len(src)), 1
		var t token
		for p.scan(&t); t.kind != tEOF; {
			p.scan(&t)
		}
		n++
	}
	used := cpu() - start
	b.ReportMetric(float64(used.Nanoseconds())/float64(n), "cpu-ns/op")
	b.ReportMetric(float64(len(src))*float64(n)/used.Seconds()/1e6, "cpu-MB/s")
}
