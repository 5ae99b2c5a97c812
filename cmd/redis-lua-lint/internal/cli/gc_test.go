package cli

import (
	"math"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

func TestTuneGC(t *testing.T) {
	big := make([]byte, smallInput+1)
	type settings struct {
		percent int
		limit   int64
	}
	memoryLimit := settings{-1, gcMemoryLimit}
	large := settings{gcPercentLarge, math.MaxInt64}
	defaults := settings{100, math.MaxInt64}
	tests := []struct {
		name  string
		env   map[string]string
		srcs  []lint.Source
		reads []int // file sizes reported by the engine, in order
		// want are the settings after tuneGC, then after each read.
		want []settings
	}{
		{"small files use the memory limit", nil,
			[]lint.Source{{Path: "small.lua", File: "small.lua"}, {Path: "-", Src: []byte("x")}},
			[]int{10, 20}, []settings{memoryLimit, memoryLimit, memoryLimit}},
		{"large stdin uses GOGC at once", nil,
			[]lint.Source{{Path: "small.lua", File: "small.lua"}, {Path: "-", Src: big}},
			[]int{10}, []settings{large, large}},
		{"the switch comes with the read that makes the input large", nil,
			[]lint.Source{{Path: "a.lua", File: "a.lua"}, {Path: "b.lua", File: "b.lua"}},
			// Files of largeFile bytes (not large) up to smallInput, then
			// one byte more.
			append(slices.Repeat([]int{largeFile}, smallInput/largeFile), 1, 5),
			append(slices.Repeat([]settings{memoryLimit}, smallInput/largeFile+1), large, large)},
		{"one large file switches at its read", nil,
			[]lint.Source{{Path: "a.lua", File: "a.lua"}, {Path: "b.lua", File: "b.lua"}, {Path: "c.lua", File: "c.lua"}},
			[]int{largeFile, largeFile + 1, 5}, []settings{memoryLimit, memoryLimit, large, large}},
		{"large stdin below smallInput uses GOGC at once", nil,
			[]lint.Source{{Path: "-", Src: make([]byte, largeFile+1)}},
			nil, []settings{large}},
		{"GOGC set by the user wins", map[string]string{"GOGC": "50"},
			[]lint.Source{{Path: "-", Src: big}}, nil, []settings{defaults}},
		{"GOMEMLIMIT set by the user wins", map[string]string{"GOMEMLIMIT": "1GiB"},
			[]lint.Source{{Path: "small.lua", File: "small.lua"}}, nil, []settings{defaults}},
	}
	// The test process runs with the defaults (GOGC=100, no limit); make
	// sure, since the assertions below read the settings back.
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	current := func() settings {
		percent := debug.SetGCPercent(-1)
		debug.SetGCPercent(percent)
		return settings{percent, debug.SetMemoryLimit(-1)} // -1 reads without changing
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &Command{Getenv: func(k string) string { return tt.env[k] }}
			read, add, restore := c.tuneGC()
			// Discovery tells the policy about sources given in memory
			// before the engine reads any file.
			for _, s := range tt.srcs {
				if s.Src != nil && add != nil {
					add(len(s.Src))
				}
			}
			got := []settings{current()}
			if tt.env == nil && (read == nil || add == nil) {
				t.Fatal("tuneGC returned no hooks")
			}
			for _, n := range tt.reads {
				if read == nil {
					t.Fatal("tuneGC returned no read hook")
				}
				read("f.lua", n)
				got = append(got, current())
			}
			restore()
			if tt.env != nil && (read != nil || add != nil) {
				t.Errorf("tuneGC returned hooks although the user's settings win")
			}
			for i := range tt.want {
				if i >= len(got) || got[i] != tt.want[i] {
					t.Fatalf("settings after step %d: got %v, want %v", i, got, tt.want)
				}
			}
			if s := current(); s != defaults {
				t.Errorf("after restore: %+v, want %+v", s, defaults)
			}
		})
	}
}
