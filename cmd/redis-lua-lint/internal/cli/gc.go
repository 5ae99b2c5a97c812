package cli

import (
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// GC policy for check. Linting allocates more than the size of its input
// (about 2 bytes per byte of source on the benchmark corpus, where most
// memory is reused from file to file), nearly all of it garbage once a
// file is done, while what the run keeps (sources and findings) stays
// small. With the default GOGC=100 and its 4 MiB
// minimum heap, the collector runs every few megabytes (it took a third of
// the CPU time on a typical repository when this policy came). So, while the
// input read so far is at most smallInput bytes, the collector is driven
// by a memory limit instead of GOGC: it runs only when the heap nears
// gcMemoryLimit, which keeps peak RSS under 40 MiB (the target of
// bench/RESULTS.md). The limit only suits inputs whose live data stays
// well under it: the run switches to GOGC=gcPercentLarge once the input
// grows past smallInput (a run keeps every source until it is reported)
// or as soon as one file is larger than largeFile. While a file is
// linted, its syntax tree, Inspector, analyses and findings take about 40
// bytes per byte of source, and two workers may lint two such files at
// once: under the limit, a 1 MiB script made the collector run back to
// back (3x the time of the same run with GOGC; a 2 MiB script: 29 cycles
// instead of 3, twice the time). The engine reports every file's size after
// reading it and before linting it, so the switch comes in time for that
// file, and no file has to be stat'ed up front. A GOGC or GOMEMLIMIT set
// by the user always wins.
const (
	smallInput     = 4 << 20
	largeFile      = 256 << 10
	gcMemoryLimit  = 28 << 20
	gcPercentLarge = 200
)

// gcPolicy applies the policy above to one run.
type gcPolicy struct {
	total     atomic.Int64
	switchBig sync.Once
	// The settings before the run, restored at its end.
	percent int
	limit   int64
}

// tuneGC starts the policy above and returns read, for Engine.Read, and
// add, to be told the size of every source given in memory (stdin), both
// nil when the user's settings win, and a function that restores the
// previous settings. restore must be called after the last read; calling it
// again is harmless (it sets the same settings).
func (c *Command) tuneGC() (read func(path string, size int), add func(size int), restore func()) {
	if c.Getenv("GOGC") != "" || c.Getenv("GOMEMLIMIT") != "" {
		return nil, nil, func() {}
	}
	g := &gcPolicy{}
	g.limit = debug.SetMemoryLimit(gcMemoryLimit)
	g.percent = debug.SetGCPercent(-1)
	return func(_ string, size int) { g.add(size) }, g.add, g.restore
}

// add counts a source of size bytes, leaving the memory-limit regime once
// the input or this source is large.
func (g *gcPolicy) add(size int) {
	if total := g.total.Add(int64(size)); total > smallInput || size > largeFile {
		g.switchBig.Do(func() {
			debug.SetGCPercent(gcPercentLarge)
			debug.SetMemoryLimit(g.limit)
		})
	}
}

func (g *gcPolicy) restore() {
	debug.SetGCPercent(g.percent)
	debug.SetMemoryLimit(g.limit)
}
