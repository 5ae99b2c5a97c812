// Package longtest says whether the long test suites run: mutation runs
// against Redis, large generated inputs, long differential runs. They are
// behind the `longtest` build tag, so that a plain `go test ./...` stays
// within a few minutes on a small machine with a cold build cache, while
// CI (.ci/run: go test -tags longtest ./...) runs everything:
//
//	if !longtest.Enabled {
//		n = 300 // the short variant: the same assertions on fewer inputs
//	}
//
// A test that only makes sense at full size calls Skip(t) instead.
package longtest

import "testing"

// Skip skips the calling test unless the long suites run, saying how to
// run it.
func Skip(t testing.TB) {
	t.Helper()
	if !Enabled {
		t.Skip("a long suite: run with go test -tags longtest")
	}
}
