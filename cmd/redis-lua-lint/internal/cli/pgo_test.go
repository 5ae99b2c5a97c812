package cli

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkPGOProfile runs `check` in process on the paths listed in
// RLL_PGO_PATHS (separated as in PATH), text output discarded: run under
// -test.cpuprofile, it gives the profiles bench/pgo.sh merges into
// cmd/redis-lua-lint/default.pgo, the profile `go build` uses to optimise
// the command (profile-guided optimisation). It is skipped unless
// RLL_PGO_PATHS is set.
func BenchmarkPGOProfile(b *testing.B) {
	list := os.Getenv("RLL_PGO_PATHS")
	if list == "" {
		b.Skip("RLL_PGO_PATHS not set (bench/pgo.sh sets it)")
	}
	paths := filepath.SplitList(list)
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			b.Fatalf("RLL_PGO_PATHS: %v", err)
		}
	}
	getenv := func(string) string { return "" }
	args := append([]string{"check", "--color", "never"}, paths...)
	for b.Loop() {
		c := &Command{Stdout: io.Discard, Stderr: io.Discard, Getenv: getenv}
		if code := c.Main(args); code == ExitError {
			b.Fatalf("exit code %d", code)
		}
	}
}
