package lint

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestEngineRunsEveryRuleAfterFailures: rules that panic or report an
// invalid span fail alone: every other enabled rule still runs on the
// file, in order, what the failing rules reported before failing is kept,
// the errors name each failing rule in order, and the next file starts
// clean (one worker, so it reuses the state of the first).
func TestEngineRunsEveryRuleAfterFailures(t *testing.T) {
	var ran []string
	report := func(id string) *analyzer.Rule {
		return &analyzer.Rule{ID: id, Severity: analyzer.SeverityWarning, Run: func(p *analyzer.Pass) {
			ran = append(ran, id)
			p.Reportf(p.File.Block, "from %s", id)
		}}
	}
	panics := func(id string) *analyzer.Rule {
		return &analyzer.Rule{ID: id, Severity: analyzer.SeverityError, Run: func(p *analyzer.Pass) {
			ran = append(ran, id)
			p.Reportf(p.File.Block, "from %s", id)
			if strings.Contains(string(p.File.Src), "boom") {
				panic("kaboom " + id)
			}
		}}
	}
	badSpan := &analyzer.Rule{ID: "bad-span", Severity: analyzer.SeverityWarning, Run: func(p *analyzer.Pass) {
		ran = append(ran, "bad-span")
		if strings.Contains(string(p.File.Src), "boom") {
			p.Report(analyzer.Diagnostic{Message: "out of range", Span: luaast.Span{Start: 5, End: 500}})
		}
	}}
	rules := []*analyzer.Rule{
		report("first"), panics("panics-1"), report("second"), badSpan,
		{ID: "no-run", Severity: analyzer.SeverityWarning},
		panics("panics-2"), report("off"), report("last"),
	}
	cfg := &Config{Rules: map[string]RuleConfig{"off": {Off: true}}}
	rs := NewEngine(rules, cfg, 1).CheckFiles(context.Background(), []Source{
		{Path: "a.lua", Src: []byte("local a = 'boom'\n")},
		{Path: "b.lua", Src: []byte("local b = 1\n")},
	})
	wantRan := []string{"first", "panics-1", "second", "bad-span", "panics-2", "last"}
	if want := append(append([]string(nil), wantRan...), wantRan...); !reflect.DeepEqual(ran, want) {
		t.Errorf("rules ran %q, want %q", ran, want)
	}
	if len(rs) != 2 {
		t.Fatalf("got %d results", len(rs))
	}
	errs := strings.Split(rs[0].Err.Error(), "\n")
	wantErrs := []string{`internal error in rule "panics-1": kaboom panics-1 (at `, `internal error in rule "bad-span": invalid span`, `internal error in rule "panics-2": kaboom panics-2 (at `}
	if len(errs) != len(wantErrs) {
		t.Fatalf("a.lua errors %q, want %d", errs, len(wantErrs))
	}
	for i, want := range wantErrs {
		if !strings.HasPrefix(errs[i], want) {
			t.Errorf("a.lua error %d = %q, want it to start with %q", i, errs[i], want)
		}
	}
	if rs[1].Err != nil {
		t.Errorf("b.lua: error %v, want none", rs[1].Err)
	}
	for _, r := range rs {
		var got []string
		for _, d := range r.Diagnostics {
			got = append(got, d.Message)
		}
		want := []string{"from first", "from last", "from panics-1", "from panics-2", "from second"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: findings %q, want %q", r.Path, got, want)
		}
	}
}
