package cli

import (
	"os"
	"runtime/debug"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

// GC policy for check. Linting allocates about 100 bytes per byte of
// source, nearly all of it garbage once a file is done, while what the
// run keeps (sources and findings) stays small. With the default GOGC=100
// and its 4 MiB minimum heap, the collector runs every few megabytes and
// takes a third of the CPU time on a typical repository. So, for inputs of
// at most smallInput bytes, the collector is driven by a memory limit
// instead of GOGC: it runs only when the heap nears gcMemoryLimit, which
// keeps peak RSS under 40 MiB (the target of bench/RESULTS.md). Larger
// inputs (whose live trees alone can exceed the limit, where a limit would
// make the collector run back to back) get GOGC=gcPercentLarge. A GOGC or
// GOMEMLIMIT set by the user always wins.
const (
	smallInput     = 4 << 20
	gcMemoryLimit  = 28 << 20
	gcPercentLarge = 200
)

// tuneGC applies the policy above for srcs and returns a function that
// restores the previous settings.
func (c *Command) tuneGC(srcs []analyzer.Source) (restore func()) {
	if c.Getenv("GOGC") != "" || c.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	var total int64
	for _, s := range srcs {
		if s.Src != nil {
			total += int64(len(s.Src))
		} else if fi, err := os.Stat(s.File); err == nil {
			total += fi.Size()
		}
		if total > smallInput {
			break
		}
	}
	if total <= smallInput {
		limit := debug.SetMemoryLimit(gcMemoryLimit)
		percent := debug.SetGCPercent(-1)
		return func() {
			debug.SetGCPercent(percent)
			debug.SetMemoryLimit(limit)
		}
	}
	percent := debug.SetGCPercent(gcPercentLarge)
	return func() { debug.SetGCPercent(percent) }
}
