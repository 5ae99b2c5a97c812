package lint

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

// spin runs until the monotonic clock has visibly advanced, so that a
// phase that contains it measures more than zero.
func spin() {
	t0 := time.Now()
	for time.Since(t0) <= 0 { //nolint:revive // busy-wait on purpose: the clock must advance
	}
}

// TestFileStatsPhases checks that the engine attributes time spent in
// Pass.ResultOf (wherever a rule first asks for an analysis, nested
// analyses included once) to Analyses and the rest of the rules' time to
// Rules.
func TestFileStatsPhases(t *testing.T) {
	inner := &analyzer.Analysis{Name: "inner", Run: func(*analyzer.Pass) any { spin(); return 1 }}
	outer := &analyzer.Analysis{Name: "outer", Requires: []*analyzer.Analysis{inner}, Run: func(p *analyzer.Pass) any {
		spin()
		return p.ResultOf(inner).(int) + 1
	}}
	usesAnalysis := &analyzer.Rule{ID: "hardcoded-key", Requires: []*analyzer.Analysis{outer}, Run: func(p *analyzer.Pass) {
		if p.ResultOf(outer).(int) != 2 || p.ResultOf(inner).(int) != 1 {
			t.Error("wrong analysis results")
		}
	}}
	plain := &analyzer.Rule{ID: "hardcoded-key", Run: func(*analyzer.Pass) { spin() }}
	for _, tt := range []struct {
		name         string
		rule         *analyzer.Rule
		wantAnalyses bool
	}{{"rule with analyses", usesAnalysis, true}, {"rule without", plain, false}} {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			var stats []FileStats
			e := NewEngine([]*analyzer.Rule{tt.rule}, nil, 1)
			e.Observe = func(s FileStats) {
				mu.Lock()
				defer mu.Unlock()
				stats = append(stats, s)
			}
			t0 := time.Now()
			e.CheckFiles(context.Background(), []Source{{Path: "a.lua", Src: []byte("local x = 1\n")}})
			wall := time.Since(t0)
			if len(stats) != 1 {
				t.Fatalf("Observe called %d times, want 1", len(stats))
			}
			s := stats[0]
			if got := s.Analyses > 0; got != tt.wantAnalyses {
				t.Errorf("Analyses = %v, want > 0: %v", s.Analyses, tt.wantAnalyses)
			}
			if s.Parse <= 0 || s.Rules < 0 || s.Read != 0 {
				t.Errorf("phases: %+v", s)
			}
			if s.Total() != s.Read+s.Parse+s.Analyses+s.Rules || s.Total() > wall {
				t.Errorf("Total %v of %+v exceeds the run's %v", s.Total(), s, wall)
			}
		})
	}
}
