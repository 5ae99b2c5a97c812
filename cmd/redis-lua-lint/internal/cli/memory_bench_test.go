package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
)

// The memory benchmarks of issue #20: `check` run in process, with its
// own GC policy (tuneGC), on one generated script of 1, 4, 16 and 64 MiB
// and on a tree of 1x, 16x and 64x a corpus like bench/gencorpus's (1,100
// scripts, about 1 MB). Each reports, besides ns/op:
//
//   - peak-B/srcB: the peak of the heap's objects (live and not yet
//     collected, sampled every 200 µs) above what was in use before the
//     run, per byte of source: the memory the run costs, which the target
//     bounds at 10;
//   - alloc-B/srcB: bytes allocated per byte of source;
//   - ns/srcB: wall time per byte of source, and cpu-ns/srcB the
//     process's CPU time (user + system, the collector's included) per
//     byte, which other load on a shared machine disturbs less: linear
//     time is a flat cpu-ns/srcB across sizes.
//
// Run: go test -run '^$' -bench 'CheckMemory' -benchtime 1x ./cmd/redis-lua-lint/internal/cli/
// (the 64 MiB script takes about 4 GB and a minute; -bench 'CheckMemory/script-(1|4|16)MiB' skips it).
func BenchmarkCheckMemory(b *testing.B) {
	for _, mib := range []int{1, 4, 16, 64} {
		b.Run(fmt.Sprintf("script-%dMiB", mib), func(b *testing.B) {
			dir := b.TempDir()
			p := filepath.Join(dir, "big.lua")
			src := luagen.Generate(uint64(mib)+7, mib<<20)
			if err := os.WriteFile(p, src, 0o644); err != nil {
				b.Fatal(err)
			}
			n := int64(len(src))
			src = nil //nolint:ineffassign,wastedassign // drop it before measuring
			benchCheckMemory(b, n, "--max-file-size", "1GB", p)
		})
	}
	for _, copies := range []int{1, 16, 64} {
		b.Run(fmt.Sprintf("tree-%dx", copies), func(b *testing.B) {
			dir := b.TempDir()
			n := writeBenchTree(b, dir, copies)
			benchCheckMemory(b, n, dir)
		})
	}
}

// benchCheckMemory runs check with args in a loop and reports the metrics
// above for srcBytes of input.
func benchCheckMemory(b *testing.B, srcBytes int64, args ...string) {
	b.Helper()
	// GOGC and GOMEMLIMIT pass through, so that the policy can be
	// compared with the runtime's (GOGC=100) or a tight one (GOGC=10,
	// close to the live peak): set, they win over tuneGC, as for users.
	getenv := func(k string) string {
		if k == "GOGC" || k == "GOMEMLIMIT" {
			return os.Getenv(k)
		}
		return ""
	}
	var peakSum, allocSum float64
	var elapsed, cpu time.Duration
	cpuOK := true
	iters := 0
	for b.Loop() {
		runtime.GC()
		base := heapObjects()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		allocBefore := ms.TotalAlloc
		stop := sampleHeapPeak()
		t0 := time.Now()
		c0, ok0 := processCPU()
		c := &Command{Stdout: io.Discard, Stderr: discardWriter{}, Getenv: getenv}
		code := c.Main(append([]string{"check", "--color", "never", "--format", "json"}, args...))
		elapsed += time.Since(t0)
		c1, ok1 := processCPU()
		cpu += c1 - c0
		cpuOK = cpuOK && ok0 && ok1
		peak := stop()
		runtime.ReadMemStats(&ms)
		if code == ExitError {
			b.Fatalf("exit code %d", code)
		}
		peakSum += float64(peak-base) / float64(srcBytes)
		allocSum += float64(ms.TotalAlloc-allocBefore) / float64(srcBytes)
		iters++
	}
	b.ReportMetric(peakSum/float64(iters), "peak-B/srcB")
	b.ReportMetric(allocSum/float64(iters), "alloc-B/srcB")
	b.ReportMetric(float64(elapsed.Nanoseconds())/float64(iters)/float64(srcBytes), "ns/srcB")
	if cpuOK {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(iters)/float64(srcBytes), "cpu-ns/srcB")
	}
	b.ReportMetric(float64(srcBytes), "srcB")
}

// heapObjects returns the bytes of heap objects (live or not yet swept).
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// sampleHeapPeak samples heapObjects every 200 µs until the returned
// function is called, which returns the highest value seen.
func sampleHeapPeak() (stop func() uint64) {
	var mu sync.Mutex
	peak := heapObjects()
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				v := heapObjects()
				mu.Lock()
				peak = max(peak, v)
				mu.Unlock()
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-finished
		mu.Lock()
		defer mu.Unlock()
		return max(peak, heapObjects())
	}
}

// writeBenchTree writes copies of a corpus shaped like bench/gencorpus's
// (1,100 scripts of at most 2 KB, about 1 MB, 23 service directories, a
// .gitignore) under dir and returns the bytes written.
func writeBenchTree(b *testing.B, dir string, copies int) int64 {
	b.Helper()
	var scripts [][]byte
	for s := uint64(1 << 20); len(scripts) < 1100; s++ {
		src := luagen.Script(s)
		if len(src) > 2048 {
			continue
		}
		if bytes.Contains(src, []byte("redis.register_function")) {
			src = append([]byte(fmt.Sprintf("#!lua name=lib%d\n", s)), src...)
		}
		scripts = append(scripts, src)
	}
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("/build/\n*.tmp.lua\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	var total int64
	for c := range copies {
		for i, src := range scripts {
			p := filepath.Join(dir, fmt.Sprintf("copy%02d", c), fmt.Sprintf("service%02d", i%23), fmt.Sprintf("script_%04d.lua", i))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(p, src, 0o644); err != nil {
				b.Fatal(err)
			}
			total += int64(len(src))
		}
	}
	return total
}
