package analyzer_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// benchScripts is a corpus shaped like bench/gencorpus's: small luagen
// scripts (at most 2 KB, as real repositories of Redis scripts are mostly
// short), Functions libraries given their shebang.
var benchScripts = sync.OnceValue(func() [][]byte {
	var out [][]byte
	for seed := uint64(1 << 20); len(out) < 200; seed++ {
		src := luagen.Script(seed)
		if len(src) > 2048 {
			continue
		}
		if containsRegister(src) {
			src = append([]byte("#!lua name=lib"+strconv.FormatUint(seed, 10)+"\n"), src...)
		}
		out = append(out, src)
	}
	return out
})

// benchLarge is one ~1 MB program (many scripts in do blocks).
var benchLarge = sync.OnceValue(func() []byte { return luagen.Generate(42, 1<<20) })

func containsRegister(src []byte) bool {
	const s = "redis.register_function"
	for i := 0; i+len(s) <= len(src); i++ {
		if string(src[i:i+len(s)]) == s {
			return true
		}
	}
	return false
}

// cpuMeter reports the process CPU time per iteration (cpu-ns/op) of a
// benchmark: on this shared 2-core machine wall-clock ns/op mostly
// measures the scheduler, CPU time (garbage collection included) does not.
type cpuMeter struct {
	start time.Duration
	ok    bool
}

// startCPU starts measuring; call it just before the timed loop.
func startCPU() cpuMeter {
	t, ok := processCPU()
	return cpuMeter{t, ok}
}

// report adds the cpu-ns/op metric for b's iterations so far.
func (m cpuMeter) report(b *testing.B) {
	b.Helper()
	end, ok := processCPU()
	if !m.ok || !ok || b.N == 0 {
		return
	}
	b.ReportMetric(float64((end-m.start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

func totalSize(srcs [][]byte) int64 {
	var n int64
	for _, s := range srcs {
		n += int64(len(s))
	}
	return n
}

// BenchmarkPipeline measures the whole per-file pipeline (parse, every
// shared analysis, every rule with the default configuration,
// suppressions, sorting) on one goroutine: "corpus" is 200 small scripts
// per iteration (in memory, through CheckFiles as the CLI runs them),
// "large" one 1 MB file.
func BenchmarkPipeline(b *testing.B) {
	eng := lint.NewEngine(rules.All(), lint.DefaultConfig("."), 1)
	b.Run("corpus", func(b *testing.B) {
		var srcs []lint.Source
		for i, src := range benchScripts() {
			srcs = append(srcs, lint.Source{Path: "s" + strconv.Itoa(i) + ".lua", Src: src})
		}
		b.SetBytes(totalSize(benchScripts()))
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			for _, r := range eng.CheckFiles(context.Background(), srcs) {
				if r.Err != nil {
					b.Fatal(r.Err)
				}
			}
		}
		cpu.report(b)
	})
	b.Run("large", func(b *testing.B) {
		src := benchLarge()
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			if r := eng.CheckSource("large.lua", src); r.Err != nil {
				b.Fatal(r.Err)
			}
		}
		cpu.report(b)
	})
}

// BenchmarkCheckFiles measures CheckFiles on the corpus written to disk
// (reading included) with 1 and 2 workers.
func BenchmarkCheckFiles(b *testing.B) {
	dir := b.TempDir()
	var srcs []lint.Source
	var size int64
	for i, src := range benchScripts() {
		p := filepath.Join(dir, "s"+strconv.Itoa(i)+".lua")
		if err := os.WriteFile(p, src, 0o644); err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, lint.Source{Path: p, File: p})
		size += int64(len(src))
	}
	for _, jobs := range []int{1, 2} {
		b.Run("j"+strconv.Itoa(jobs), func(b *testing.B) {
			eng := lint.NewEngine(rules.All(), lint.DefaultConfig(dir), jobs)
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				eng.CheckFiles(context.Background(), srcs)
			}
		})
	}
}

// parsedCorpus parses srcs once (outside the timed loop).
func parsedCorpus(b *testing.B, srcs [][]byte) []*luaast.File {
	b.Helper()
	files := make([]*luaast.File, len(srcs))
	for i, src := range srcs {
		f, err := luaast.Parse("s"+strconv.Itoa(i)+".lua", src)
		if err != nil {
			b.Fatal(err)
		}
		files[i] = f
	}
	return files
}

// benchAnalyses are the shared analyses, each measured alone: what it
// requires is computed outside the timed region.
var benchAnalyses = []*analyzer.Analysis{
	analyzer.ScriptAnalysis,
	analyzer.CallsAnalysis,
	analyzer.FlowAnalysis,
	analyzer.OriginsAnalysis,
	analyzer.InspectAnalysis,
}

// BenchmarkAnalysis measures each shared analysis on the parsed corpus
// (sub-benchmarks named after the analyses) and on the 1 MB program
// ("large/<name>": its cost per byte should be the corpus's, the analyses
// being linear in the size of a function).
func BenchmarkAnalysis(b *testing.B) {
	srcs := benchScripts()
	files := parsedCorpus(b, srcs)
	large := parsedCorpus(b, [][]byte{benchLarge()})
	for _, a := range benchAnalyses {
		b.Run(a.Name, func(b *testing.B) { benchAnalysis(b, a, files, totalSize(srcs)) })
	}
	for _, a := range benchAnalyses {
		b.Run("large/"+a.Name, func(b *testing.B) { benchAnalysis(b, a, large, int64(len(benchLarge()))) })
	}
}

// benchAnalysis measures analysis a on files, what it requires being
// computed outside the timed region. Like the engine's worker, it gives
// the analysis a scratch reused from file to file.
func benchAnalysis(b *testing.B, a *analyzer.Analysis, files []*luaast.File, size int64) {
	b.Helper()
	v := redisfacts.DefaultVersion
	deps := precomputed(files, v, a.Requires...)
	benchScratchPasses(b, files, v, deps, size, func(_ int, p *analyzer.Pass) { p.ResultOf(a) })
}

// benchScratchPasses times run on a pass over every file, each pass given
// a copy of the file's precomputed results and, like the engine's worker,
// a scratch reused from file to file (released after each).
func benchScratchPasses(b *testing.B, files []*luaast.File, v redisfacts.Version, deps []map[*analyzer.Analysis]any, size int64, run func(i int, p *analyzer.Pass)) {
	b.Helper()
	var s analyzer.Scratch
	b.SetBytes(size)
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		for i, f := range files {
			p := analyzer.NewPass(f, v, nil, nil, cloneResults(deps[i]), func(analyzer.Diagnostic) {})
			run(i, analyzer.NewScratchPass(p, &s))
			s.Release()
		}
	}
	cpu.report(b)
}

// precomputed computes analyses on every file, each file into its own
// results map, outside any timed region.
func precomputed(files []*luaast.File, v redisfacts.Version, analyses ...*analyzer.Analysis) []map[*analyzer.Analysis]any {
	results := make([]map[*analyzer.Analysis]any, len(files))
	for i, f := range files {
		results[i] = map[*analyzer.Analysis]any{}
		p := analyzer.NewPass(f, v, nil, nil, results[i], func(analyzer.Diagnostic) {})
		for _, a := range analyses {
			p.ResultOf(a)
		}
	}
	return results
}

// cloneResults copies precomputed results, so that a timed iteration
// starts from them and not from what an earlier iteration added.
func cloneResults(m map[*analyzer.Analysis]any) map[*analyzer.Analysis]any {
	c := make(map[*analyzer.Analysis]any, len(m)+2)
	for k, r := range m {
		c[k] = r
	}
	return c
}

// BenchmarkRule measures each rule alone on the parsed corpus, with the
// shared analyses it requires computed outside the timed region (lazily
// requested analyses, and the analyses' own lazy queries, are counted in
// the rule).
func BenchmarkRule(b *testing.B) {
	srcs := benchScripts()
	files := parsedCorpus(b, srcs)
	v := redisfacts.DefaultVersion
	cfg := lint.DefaultConfig(".")
	for _, r := range rules.All() {
		if r.Run == nil {
			continue
		}
		b.Run(r.ID, func(b *testing.B) {
			opts := cfg.Setting(r, "x.lua").Options
			results := precomputed(files, v, benchAnalyses...)
			b.SetBytes(totalSize(srcs))
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				for i, f := range files {
					r.Run(analyzer.NewPass(f, v, r, opts, results[i], func(analyzer.Diagnostic) {}))
				}
			}
			cpu.report(b)
		})
	}
}

// BenchmarkOriginQueries measures the lazy parts of the flow and origins
// analyses, as the rules use them: the parameter fixpoint, Of on every
// operand and call argument, and WritesBefore at every Redis call, on the
// corpus and on the 1 MB program (script, calls and flow are computed
// outside the timed region; every iteration starts from a fresh FlowInfo
// and OriginInfo, so nothing is memoized across iterations).
func BenchmarkOriginQueries(b *testing.B) {
	srcs := benchScripts()
	b.Run("corpus", func(b *testing.B) { benchQueries(b, parsedCorpus(b, srcs), totalSize(srcs)) })
	b.Run("large", func(b *testing.B) {
		benchQueries(b, parsedCorpus(b, [][]byte{benchLarge()}), int64(len(benchLarge())))
	})
}

func benchQueries(b *testing.B, files []*luaast.File, size int64) {
	b.Helper()
	v := redisfacts.DefaultVersion
	deps := precomputed(files, v, analyzer.ScriptAnalysis, analyzer.CallsAnalysis)
	exprs := make([][]luaast.Expr, len(files))
	for i, f := range files {
		luaast.Inspect(f, func(n luaast.Node) bool {
			switch x := n.(type) {
			case *luaast.BinaryExpr:
				exprs[i] = append(exprs[i], x.X, x.Y)
			case *luaast.CallExpr:
				exprs[i] = append(exprs[i], x.Args...)
			}
			return true
		})
	}
	benchScratchPasses(b, files, v, deps, size, func(i int, p *analyzer.Pass) {
		o := analyzer.Origins(p)
		for _, e := range exprs[i] {
			o.Of(e)
		}
		flow := analyzer.Flow(p)
		for _, rc := range analyzer.Calls(p).List {
			flow.HasWriteBefore(rc.Call, rc)
		}
	})
}
