package rules

import (
	"testing"
)

// Oracles of the shortcuts in the scope- and
// flow-based rules: each compares the fast path with the slow one it
// replaced, on the fixtures, the realistic scripts, generated scripts and
// broken sources.

// scopeSources returns walkSources plus more generated scripts and a few
// sources with syntax errors.
func scopeSources(t *testing.T) map[string][]byte {
	t.Helper()
	srcs := addGenerated(walkSources(t), "luagen-scope-", 123000, 200)
	srcs["broken-1"] = []byte("x = 1\nstring.trim = nil\nif y then\n  z = (\nend\nreturn x")
	srcs["broken-2"] = []byte("function g.h(\n  return t.u\nend\nprint(k)")
	srcs["broken-3"] = []byte("local a = _G[k]\n_G.x = 1\nreturn a +")
	return srcs
}
