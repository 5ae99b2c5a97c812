package analyzer_test

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// BenchmarkOriginRules measures every rule on the corpus with the other
// shared analyses precomputed and a fresh OriginInfo per file and
// iteration: the origin queries the rules make (the parameter fixpoint,
// the per-use resolution, solveVars) are timed as the pipeline runs them,
// without the noise of parsing and the other analyses.
func BenchmarkOriginRules(b *testing.B) {
	srcs := benchScripts()
	files := parsedCorpus(b, srcs)
	v := redisfacts.DefaultVersion
	cfg := lint.DefaultConfig(".")
	all := rules.All()
	opts := make([]analyzer.Options, len(all))
	for i, r := range all {
		opts[i] = cfg.Setting(r, "x.lua").Options
	}
	deps := precomputed(files, v, analyzer.ScriptAnalysis, analyzer.CallsAnalysis,
		analyzer.FlowAnalysis, analyzer.InspectAnalysis)
	var s analyzer.Scratch
	b.SetBytes(totalSize(srcs))
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		for i, f := range files {
			res := cloneResults(deps[i])
			p := analyzer.NewPass(f, v, nil, nil, res, func(analyzer.Diagnostic) {})
			analyzer.NewScratchPass(p, &s).ResultOf(analyzer.OriginsAnalysis)
			for j, r := range all {
				if r.Run != nil {
					r.Run(analyzer.NewPass(f, v, r, opts[j], res, func(analyzer.Diagnostic) {}))
				}
			}
			s.Release()
		}
	}
	cpu.report(b)
}
