//go:build devtools && unix

package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the tests run this test binary as the timed command: with
// TIMEIT_CHILD set it burns CPU for the given duration, or exits with the
// given status, instead of running the tests.
func TestMain(m *testing.M) {
	switch os.Getenv("TIMEIT_CHILD") {
	case "":
		os.Exit(m.Run())
	case "spin":
		// Spin until the process has used 60 ms of CPU, however loaded
		// the machine is.
		for selfCPU() < 60*time.Millisecond {
			continue
		}
		os.Exit(0)
	case "sleep":
		time.Sleep(200 * time.Millisecond)
		os.Exit(0)
	default:
		code, _ := strconv.Atoi(os.Getenv("TIMEIT_CHILD"))
		os.Exit(code)
	}
}

// selfCPU is the CPU time this process has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runChild times this test binary as a child doing mode and returns the
// four fields timeit prints.
func runChild(t *testing.T, mode string) []int64 {
	t.Helper()
	t.Setenv("TIMEIT_CHILD", mode)
	var out bytes.Buffer
	if err := run([]string{"--", os.Args[0], "-test.run=^$"}, &out); err != nil {
		t.Fatalf("run: %v", err)
	}
	line := out.String()
	if !strings.HasSuffix(line, "\n") || strings.Count(line, "\n") != 1 {
		t.Fatalf("output %q: want one line", line)
	}
	fields := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
	if len(fields) != 4 {
		t.Fatalf("output %q: want 4 tab-separated fields", line)
	}
	vals := make([]int64, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			t.Fatalf("field %d of %q: %v", i, line, err)
		}
		vals[i] = v
	}
	return vals
}

func TestMeasures(t *testing.T) {
	tests := []struct {
		mode            string
		minWall, minCPU int64 // µs
		maxCPU          int64 // µs; 0: no bound
		status          int64
	}{
		// A child that spins until it has used 60 ms of CPU: its CPU
		// time is counted (wall time may be a little less: the Go
		// runtime's other threads run alongside).
		{mode: "spin", minWall: 1, minCPU: 60_000, status: 0},
		// A child that sleeps 200 ms uses far less CPU than that: idle
		// time is not counted as CPU.
		{mode: "sleep", minWall: 200_000, maxCPU: 150_000, status: 0},
		// The child's exit status is reported, not turned into an error.
		{mode: "3", status: 3},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			v := runChild(t, tt.mode)
			wall, cpu, rss, status := v[0], v[1], v[2], v[3]
			if wall < tt.minWall {
				t.Errorf("wall %d µs, want at least %d", wall, tt.minWall)
			}
			if cpu < tt.minCPU {
				t.Errorf("cpu %d µs, want at least %d", cpu, tt.minCPU)
			}
			if tt.maxCPU > 0 && cpu > tt.maxCPU {
				t.Errorf("cpu %d µs, want at most %d", cpu, tt.maxCPU)
			}
			if rss <= 0 {
				t.Errorf("peak RSS %d KiB, want > 0", rss)
			}
			if status != tt.status {
				t.Errorf("status %d, want %d", status, tt.status)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	var out bytes.Buffer
	if err := run(nil, &out); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("no command: err %v, want a usage error", err)
	}
	if err := run([]string{"/nonexistent/timeit-test"}, &out); err == nil || !strings.Contains(err.Error(), "start /nonexistent/timeit-test") {
		t.Errorf("missing command: err %v, want a start error naming it", err)
	}
	if out.Len() != 0 {
		t.Errorf("output %q after errors, want none", out.String())
	}
}
