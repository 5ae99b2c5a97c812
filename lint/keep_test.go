package lint

import (
	"slices"
	"strconv"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestFileRunKeepOwnMemory checks that the findings keep returns are in
// memory of their own, whatever part of the worker's scratch they are
// (Suppress and the severity filter may return any part of the slice they
// are given): the next file, which reuses the scratch, must not change
// them.
func TestFileRunKeepOwnMemory(t *testing.T) {
	// findings returns n findings in reverse order (keep sorts them),
	// with one duplicate.
	findings := func(n int) []analyzer.Diagnostic {
		ds := make([]analyzer.Diagnostic, n)
		for i := range ds {
			start := luaast.Pos(n - i)
			ds[i] = analyzer.Diagnostic{RuleID: "r", Message: "m" + strconv.Itoa(int(start)), Span: luaast.Span{Start: start, End: start + 1}}
		}
		ds[n-1] = ds[n-2]
		return ds
	}
	tests := []struct {
		name string
		n    int
		part func([]analyzer.Diagnostic) []analyzer.Diagnostic
	}{
		{"whole", 8, func(s []analyzer.Diagnostic) []analyzer.Diagnostic { return s }},
		{"prefix", 8, func(s []analyzer.Diagnostic) []analyzer.Diagnostic { return s[:5] }},
		{"middle", 8, func(s []analyzer.Diagnostic) []analyzer.Diagnostic { return s[2:6] }},
		{"middle, capacity cut", 8, func(s []analyzer.Diagnostic) []analyzer.Diagnostic { return s[2:6:6] }},
		{"suffix", 8, func(s []analyzer.Diagnostic) []analyzer.Diagnostic { return s[3:] }},
		{"large whole", 400, func(s []analyzer.Diagnostic) []analyzer.Diagnostic { return s }},
		{"large middle", 400, func(s []analyzer.Diagnostic) []analyzer.Diagnostic { return s[1:399] }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fr := &fileRun{}
			scratch := findings(tt.n)
			part := tt.part(scratch)
			want := analyzer.SortDiagnostics(slices.Clone(part))
			got := fr.keep(part)
			// The next file's findings overwrite the scratch.
			next := scratch[:cap(scratch)]
			for i := range next {
				next[i] = analyzer.Diagnostic{RuleID: "next-file", Message: "overwritten"}
			}
			if !slices.EqualFunc(got, want, func(a, b analyzer.Diagnostic) bool {
				return a.RuleID == b.RuleID && a.Span == b.Span && a.Message == b.Message
			}) {
				t.Errorf("keep's result changed with the scratch: got %d findings, first %+v; want %d, first %+v", len(got), got[0], len(want), want[0])
			}
		})
	}
}
