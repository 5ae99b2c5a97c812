package analyzer

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestReportGrowthDoubles checks that a Runner's findings buffer at least
// doubles when full (append alone grows a large slice by a quarter,
// leaving several times the final array behind on a big file), and keeps
// every finding in order.
func TestReportGrowthDoubles(t *testing.T) {
	src := []byte("local x = 1\n")
	fr := &Runner{file: &luaast.File{Src: src}, rule: &Rule{ID: "test-rule"}}
	const n = 100000
	lastCap := 0
	for i := range n {
		before := cap(fr.diags)
		fr.report(Diagnostic{Message: "m", Span: luaast.Span{Start: luaast.Pos(i % len(src)), End: luaast.Pos(i%len(src) + 1)}})
		if c := cap(fr.diags); c != before && before > 0 && c < 2*before {
			t.Fatalf("after %d findings the buffer grew from %d to %d, less than double", i, before, c)
		}
		lastCap = cap(fr.diags)
	}
	if len(fr.diags) != n {
		t.Fatalf("kept %d findings, want %d", len(fr.diags), n)
	}
	for i, d := range fr.diags {
		if d.RuleID != "test-rule" || int(d.Span.Start) != i%len(src) {
			t.Fatalf("finding %d = %+v, out of order or changed", i, d)
		}
	}
	if lastCap > 4*n {
		t.Fatalf("capacity %d for %d findings", lastCap, n)
	}
}
