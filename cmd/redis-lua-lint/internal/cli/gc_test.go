package cli

import (
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

func TestTuneGC(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.lua")
	if err := os.WriteFile(small, []byte("return 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := make([]byte, smallInput+1)
	tests := []struct {
		name        string
		env         map[string]string
		srcs        []analyzer.Source
		wantPercent int
		wantLimit   int64
	}{
		{"small files use the memory limit", nil, []analyzer.Source{{Path: "small.lua", File: small}, {Path: "-", Src: []byte("x")}}, -1, gcMemoryLimit},
		{"large input uses GOGC", nil, []analyzer.Source{{Path: "small.lua", File: small}, {Path: "-", Src: big}}, gcPercentLarge, math.MaxInt64},
		{"unreadable files count as empty", nil, []analyzer.Source{{Path: "gone.lua", File: filepath.Join(dir, "gone.lua")}}, -1, gcMemoryLimit},
		{"GOGC set by the user wins", map[string]string{"GOGC": "50"}, []analyzer.Source{{Path: "small.lua", File: small}}, 100, math.MaxInt64},
		{"GOMEMLIMIT set by the user wins", map[string]string{"GOMEMLIMIT": "1GiB"}, []analyzer.Source{{Path: "small.lua", File: small}}, 100, math.MaxInt64},
	}
	// The test process runs with the defaults (GOGC=100, no limit); make
	// sure, since the assertions below read the settings back.
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Command{Getenv: func(k string) string { return tt.env[k] }}
			restore := c.tuneGC(tt.srcs)
			percent := debug.SetGCPercent(-1)
			debug.SetGCPercent(percent)
			limit := debug.SetMemoryLimit(-1) // -1 reads without changing
			restore()
			if percent != tt.wantPercent || limit != tt.wantLimit {
				t.Errorf("GC percent %d, memory limit %d; want %d, %d", percent, limit, tt.wantPercent, tt.wantLimit)
			}
			if p, l := debug.SetGCPercent(100), debug.SetMemoryLimit(-1); p != 100 || l != math.MaxInt64 {
				t.Errorf("after restore: GC percent %d, memory limit %d; want 100, no limit", p, l)
			}
		})
	}
}
