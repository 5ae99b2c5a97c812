package lint

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"weak"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// localsRule reports every local statement ("local NAME").
func engineLocalsRule(id string, sev analyzer.Severity) *analyzer.Rule {
	return &analyzer.Rule{ID: id, Severity: sev, Run: func(p *analyzer.Pass) {
		luaast.Inspect(p.File.Block, func(n luaast.Node) bool {
			if s, ok := n.(*luaast.LocalStmt); ok {
				p.Reportf(s, "local %s", s.Names[0].Name)
			}
			return true
		})
	}}
}

func engineTestRules(extra ...*analyzer.Rule) []*analyzer.Rule {
	rs := []*analyzer.Rule{
		engineLocalsRule("hardcoded-key", analyzer.SeverityWarning),
		{ID: analyzer.SyntaxErrorRuleID, Severity: analyzer.SeverityError, Run: func(*analyzer.Pass) {}},
		{ID: analyzer.UnusedSuppressionRuleID, Severity: analyzer.SeverityInfo, Run: func(*analyzer.Pass) {}},
	}
	return append(rs, extra...)
}

// summary renders results compactly: "path:line:col rule severity message".
func engineSummary(rs []FileResult) []string {
	var out []string
	for _, r := range rs {
		if r.Err != nil {
			out = append(out, r.Path+": ERR "+r.Err.Error())
		}
		for _, d := range r.Diagnostics {
			p := r.Lines.Position(d.Span.Start)
			out = append(out, fmt.Sprintf("%s:%d:%d %s %s %s", r.Path, p.Line, p.Column, d.RuleID, d.Severity, d.Message))
		}
	}
	return out
}

func TestEngineParallelDeterminism(t *testing.T) {
	var srcs []Source
	for i := range 40 {
		var b strings.Builder
		for j := range i%5 + 1 {
			fmt.Fprintf(&b, "local v%d_%d = %d\n", i, j, j)
		}
		if i%7 == 3 {
			b.WriteString("return 7 // 2\n")
		}
		srcs = append(srcs, Source{Path: fmt.Sprintf("f%02d.lua", 39-i), Src: []byte(b.String())})
	}
	run := func(jobs int) []FileResult {
		return NewEngine(engineTestRules(), nil, jobs).CheckFiles(context.Background(), srcs)
	}
	one, four := run(1), run(4)
	if len(one) != 40 {
		t.Fatalf("got %d results", len(one))
	}
	for i := 1; i < len(one); i++ {
		if one[i-1].Path >= one[i].Path {
			t.Fatalf("results not sorted by path: %s before %s", one[i-1].Path, one[i].Path)
		}
	}
	if !reflect.DeepEqual(engineSummary(one), engineSummary(four)) {
		t.Errorf("-j 1 and -j 4 differ:\n%s\n---\n%s", engineSummary(one), engineSummary(four))
	}
	// Errors are compared by text: DeepEqual on error values compares
	// their implementation, not what they report.
	for i := range one {
		if fmt.Sprint(one[i].Err) != fmt.Sprint(four[i].Err) {
			t.Errorf("%s: -j 1 error %v, -j 4 error %v", one[i].Path, one[i].Err, four[i].Err)
		}
		a, b := one[i], four[i]
		if a.Path != b.Path || !bytes.Equal(a.Src, b.Src) || !reflect.DeepEqual(a.Lines, b.Lines) ||
			!reflect.DeepEqual(a.Diagnostics, b.Diagnostics) {
			t.Errorf("%s: -j 1 and -j 4 results differ", a.Path)
		}
	}
}

func TestEngineSyntaxError(t *testing.T) {
	ran := false
	spy := &analyzer.Rule{ID: "spy", Severity: analyzer.SeverityWarning, Run: func(*analyzer.Pass) { ran = true }}
	e := NewEngine(engineTestRules(spy), nil, 1)
	r := e.CheckSource("x.lua", []byte("local a = 1\nreturn a // 2\n"))
	got := engineSummary([]FileResult{r})
	if len(got) != 1 || !strings.HasPrefix(got[0], "x.lua:2:10 syntax-error error ") || !strings.Contains(got[0], "//") {
		t.Errorf("got %q, want one syntax-error at 2:10 naming //", got)
	}
	if ran {
		t.Errorf("a rule ran on a file that does not parse")
	}
	if r.Err != nil {
		t.Errorf("Err = %v", r.Err)
	}

	// syntax-error off: nothing reported.
	cfg, err := ParseConfig("c.yaml", "/", []byte("rules:\n  syntax-error: off\n"), e.Rules)
	if err != nil {
		t.Fatal(err)
	}
	e.Config = cfg
	if r := e.CheckSource("x.lua", []byte("return 1 // 2\n")); len(r.Diagnostics) != 0 {
		t.Errorf("syntax-error off still reports %v", engineSummary([]FileResult{r}))
	}
}

func TestEnginePanicRecovery(t *testing.T) {
	boom := &analyzer.Rule{ID: "boom", Severity: analyzer.SeverityError, Run: func(p *analyzer.Pass) {
		if strings.Contains(string(p.File.Src), "boom") {
			p.Reportf(p.File.Block, "before the panic")
			var m map[string]int
			m["x"]++ //nolint:govet,staticcheck // deliberate nil map write: the test needs a runtime panic raised in the rule's own frame
		}
	}}
	e := NewEngine(engineTestRules(boom), nil, 2)
	rs := e.CheckFiles(context.Background(), []Source{
		{Path: "a.lua", Src: []byte("local a = 'boom'\n")},
		{Path: "b.lua", Src: []byte("local b = 1\n")},
	})
	if len(rs) != 2 {
		t.Fatalf("got %d results", len(rs))
	}
	if rs[0].Path != "a.lua" || rs[0].Err == nil || !strings.HasPrefix(rs[0].Err.Error(), `internal error in rule "boom": assignment to entry in nil map (at `) || !strings.Contains(rs[0].Err.Error(), "engine_test.go:") {
		t.Errorf("a.lua Err = %v, want an internal error naming the rule and the panicking line", rs[0].Err)
	}
	want := []string{
		"a.lua: ERR " + rs[0].Err.Error(),
		"a.lua:1:1 boom error before the panic",
		"a.lua:1:1 hardcoded-key warning local a",
		"b.lua:1:1 hardcoded-key warning local b",
	}
	if got := engineSummary(rs); !reflect.DeepEqual(got, want) {
		t.Errorf("got\n  %q\nwant\n  %q", got, want)
	}
	if rs[1].Err != nil {
		t.Errorf("b.lua Err = %v", rs[1].Err)
	}
}

func TestEngineConfigSeverityOffOptionsAndOverrides(t *testing.T) {
	var seen sync.Map
	opt := &analyzer.Rule{ID: "opt", Severity: analyzer.SeverityInfo, Options: []analyzer.OptionSpec{{Name: "n", Default: 1}}, Run: func(p *analyzer.Pass) {
		seen.Store(p.File.Name, p.Options.Int("n"))
		p.Reportf(p.File.Block, "n=%d", p.Options.Int("n"))
	}}
	rules := engineTestRules(opt)
	cfg, err := ParseConfig("c.yaml", "/proj", []byte(`
rules:
  hardcoded-key: error
  opt:
    options: {n: 5}
overrides:
  - files: ["tests/**"]
    rules:
      hardcoded-key: off
      opt: {severity: warning, options: {n: 9}}
`), rules)
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(rules, cfg, 1)
	got := engineSummary(e.CheckFiles(context.Background(), []Source{
		{Path: "/proj/a.lua", Src: []byte("local a = 1\n")},
		{Path: "/proj/tests/b.lua", Src: []byte("local b = 1\n")},
	}))
	want := []string{
		"/proj/a.lua:1:1 hardcoded-key error local a",
		"/proj/a.lua:1:1 opt info n=5",
		"/proj/tests/b.lua:1:1 opt warning n=9",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n  %q\nwant\n  %q", got, want)
	}
}

func TestEngineDedupeSortAndSharedAnalysis(t *testing.T) {
	var runs atomic.Int32
	shared := &analyzer.Analysis{Name: "count", Run: func(p *analyzer.Pass) any { runs.Add(1); return len(p.File.Src) }}
	dup := &analyzer.Rule{ID: "dup", Severity: analyzer.SeverityWarning, Requires: []*analyzer.Analysis{shared}, Run: func(p *analyzer.Pass) {
		_ = p.ResultOf(shared)
		last := p.File.Block.Stmts[len(p.File.Block.Stmts)-1]
		p.Reportf(last, "same")
		p.Reportf(last, "same")
		p.Reportf(p.File.Block.Stmts[0], "first")
	}}
	also := &analyzer.Rule{ID: "also", Severity: analyzer.SeverityWarning, Run: func(p *analyzer.Pass) {
		_ = p.ResultOf(shared)
		p.Reportf(p.File.Block.Stmts[0], "first too")
	}}
	e := NewEngine([]*analyzer.Rule{dup, also}, nil, 1)
	r := e.CheckSource("s.lua", []byte("local a = 1\nlocal b = 2\n"))
	want := []string{
		"s.lua:1:1 also warning first too",
		"s.lua:1:1 dup warning first",
		"s.lua:2:1 dup warning same",
	}
	if got := engineSummary([]FileResult{r}); !reflect.DeepEqual(got, want) {
		t.Errorf("got\n  %q\nwant\n  %q", got, want)
	}
	if runs.Load() != 1 {
		t.Errorf("shared analysis ran %d times, want once per file", runs.Load())
	}
}

func TestEngineSuppressionAndUnused(t *testing.T) {
	src := "local a = 1 -- redis-lua-lint: ignore hardcoded-key\nlocal b = 2 -- redis-lua-lint: ignore hardcoded-key\n-- redis-lua-lint: ignore hardcoded-key\n\nlocal c = 3\n"
	e := NewEngine(engineTestRules(), nil, 1)
	got := engineSummary([]FileResult{e.CheckSource("s.lua", []byte(src))})
	want := []string{
		`s.lua:3:27 unused-suppression info suppression of "hardcoded-key" has no effect: it is followed by a blank line or the end of the file, not by code`,
		"s.lua:5:1 hardcoded-key warning local c",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n  %q\nwant\n  %q", got, want)
	}

	// hardcoded-key off: its directives are not reported as unused.
	cfg := DefaultConfig("/")
	cfg.SetRuleEnabled("hardcoded-key", false)
	e.Config = cfg
	if got := engineSummary([]FileResult{e.CheckSource("s.lua", []byte(src))}); len(got) != 0 {
		t.Errorf("with hardcoded-key off got %q", got)
	}
}

func TestEngineReadErrorsAndBinary(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin.lua")
	if err := os.WriteFile(bin, []byte("\x1bLuaQ\x00\x01\x04\x08"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.lua")
	if err := os.WriteFile(good, []byte("local g = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var skipped []string
	e := NewEngine(engineTestRules(), nil, 1)
	e.Skip = func(path, reason string) { skipped = append(skipped, reason+" "+path) }
	rs := e.CheckFiles(context.Background(), []Source{
		{Path: "bin.lua", File: bin},
		{Path: "dir.lua", File: dir}, // a directory cannot be read as a file
		{Path: "good.lua", File: good},
	})
	got := engineSummary(rs)
	if len(got) != 2 || !strings.HasPrefix(got[0], "dir.lua: ERR cannot read: ") || got[1] != "good.lua:1:1 hardcoded-key warning local g" {
		t.Errorf("got %q", got)
	}
	if !reflect.DeepEqual(skipped, []string{"binary file bin.lua"}) {
		t.Errorf("skipped = %q", skipped)
	}
}

func TestEngineInvalidSpan(t *testing.T) {
	bad := &analyzer.Rule{ID: "bad-span", Severity: analyzer.SeverityWarning, Run: func(p *analyzer.Pass) {
		p.Report(analyzer.Diagnostic{Span: luaast.Span{Start: 5, End: 500}, Message: "out of range"})
		p.Report(analyzer.Diagnostic{Span: luaast.Span{Start: 0, End: 1}, Message: "bad related", Related: []analyzer.Related{{Span: luaast.Span{Start: -1, End: 0}}}})
		p.Report(analyzer.Diagnostic{Span: luaast.Span{Start: 0, End: 1}, Message: "fine"})
	}}
	r := NewEngine([]*analyzer.Rule{bad}, nil, 1).CheckSource("s.lua", []byte("return 1\n"))
	if r.Err == nil || !strings.Contains(r.Err.Error(), `internal error in rule "bad-span": invalid span in finding "out of range" (span [5, 500)`) {
		t.Errorf("Err = %v, want an invalid-span error naming the rule", r.Err)
	}
	if got := engineSummary([]FileResult{r}); len(got) != 2 || got[1] != "s.lua:1:1 bad-span warning fine" {
		t.Errorf("got %q", got)
	}
}

func TestEngineCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rs := NewEngine(engineTestRules(), nil, 1).CheckFiles(ctx, []Source{{Path: "a.lua", Src: []byte("local a = 1\n")}})
	if len(rs) != 1 || rs[0].Err == nil || len(rs[0].Diagnostics) != 0 {
		t.Errorf("cancelled run = %+v", rs)
	}
}

func BenchmarkEngine(b *testing.B) {
	var srcs []Source
	for i := range 50 {
		srcs = append(srcs, Source{Path: fmt.Sprintf("f%d.lua", i), Src: []byte(strings.Repeat("local a = redis.call('GET', KEYS[1])\n", 100))})
	}
	e := NewEngine(engineTestRules(), nil, 0)
	for b.Loop() {
		e.CheckFiles(context.Background(), srcs)
	}
}

// TestEngineResultsDoNotKeepTrees checks that a FileResult does not keep
// its file's syntax tree alive (through the line index, which the parser
// allocates with the File): over a thousand files, that would be most of
// the heap.
func TestEngineResultsDoNotKeepTrees(t *testing.T) {
	var file weak.Pointer[luaast.File]
	spy := &analyzer.Rule{ID: "spy", Run: func(p *analyzer.Pass) {
		file = weak.Make(p.File)
		p.Reportf(p.File.Block, "seen")
	}}
	e := NewEngine(engineTestRules(spy), nil, 1)
	results := e.CheckFiles(context.Background(), []Source{{Path: "a.lua", Src: []byte("local a = 1\nreturn a\n")}})
	runtime.GC()
	runtime.GC()
	if file.Value() != nil {
		t.Error("the File is still reachable after CheckFiles: a FileResult keeps the syntax tree alive")
	}
	if got := engineSummary(results); len(got) == 0 || results[0].Lines.LineCount() != 3 {
		t.Errorf("results = %q, %d lines", got, results[0].Lines.LineCount())
	}
}

// TestEngineWorkerStateDoesNotLeak checks that what a worker reuses from
// file to file (the Pass, the analyses' results, the settings of files
// that overrides match, the findings buffer, including one large enough
// to be handed to its file) never carries anything from one file to the
// next: one worker over many files gives what each file gives alone.
func TestEngineWorkerStateDoesNotLeak(t *testing.T) {
	name := &analyzer.Analysis{Name: "name", Run: func(p *analyzer.Pass) any { return p.File.Name }}
	many := &analyzer.Rule{ID: "many", Severity: analyzer.SeverityWarning, Requires: []*analyzer.Analysis{name}, Run: func(p *analyzer.Pass) {
		// "-- many N" asks for N findings.
		_, n, ok := strings.Cut(string(p.File.Src), "-- many ")
		count := 0
		if ok {
			if _, err := fmt.Sscan(n, &count); err != nil {
				panic(fmt.Sprintf("fixture: bad '-- many' count: %v", err))
			}
		}
		for i := range count {
			p.Reportf(p.File.Block, "finding %d of %s", i, p.ResultOf(name))
		}
	}}
	opt := &analyzer.Rule{ID: "opt", Severity: analyzer.SeverityInfo, Options: []analyzer.OptionSpec{{Name: "n", Default: 1}}, Run: func(p *analyzer.Pass) {
		p.Reportf(p.File.Block, "n=%d in %s (rule %s)", p.Options.Int("n"), p.ResultOf(name), p.Rule.ID)
	}}
	rules := engineTestRules(many, opt)
	cfg, err := ParseConfig("c.yaml", "/proj", []byte("overrides:\n  - files: [\"tests/**\"]\n    rules:\n      hardcoded-key: off\n      opt: {options: {n: 9}}\n  - files: [\"tests/x/**\"]\n    rules:\n      opt: {options: {n: 7}}\n"), rules)
	if err != nil {
		t.Fatal(err)
	}
	srcs := []Source{
		{Path: "/proj/a.lua", Src: []byte("local a = 1 -- many 3\n")},
		{Path: "/proj/b.lua", Src: []byte("local b = 1 -- many 300\n")},
		{Path: "/proj/c.lua", Src: []byte("local c = -- a syntax error\n")},
		{Path: "/proj/d.lua", Src: []byte("local d = 1 -- many 2\nlocal dd = 2 -- redis-lua-lint: ignore hardcoded-key\n")},
		{Path: "/proj/e.lua", Src: []byte("local e = 1\n")},
		{Path: "/proj/tests/f.lua", Src: []byte("local f = 1 -- many 1\n")},
		{Path: "/proj/tests/g.lua", Src: []byte("local g = 1\n")},
		{Path: "/proj/tests/x/h.lua", Src: []byte("local h = 1\n")},
		{Path: "/proj/z.lua", Src: []byte("local z = 1\n")},
	}
	var want []string
	for _, s := range srcs {
		want = append(want, engineSummary([]FileResult{NewEngine(rules, cfg, 1).CheckSource(s.Path, s.Src)})...)
	}
	if len(want) < 300 {
		t.Fatalf("only %d findings: the test does not exercise a large buffer", len(want))
	}
	results := NewEngine(rules, cfg, 1).CheckFiles(context.Background(), srcs)
	if got := engineSummary(results); !reflect.DeepEqual(got, want) {
		t.Errorf("one worker over all files differs from each file alone:\n%s", strings.Join(firstDiffs(got, want), "\n"))
	}
	// The results do not share memory: changing one leaves the others.
	for i := range results {
		for j := range results[i].Diagnostics {
			results[i].Diagnostics[j].Message = "changed"
		}
		for k := i + 1; k < len(results); k++ {
			for _, d := range results[k].Diagnostics {
				if d.Message == "changed" {
					t.Fatalf("changing %s's findings changed %s's", results[i].Path, results[k].Path)
				}
			}
		}
	}
}

// firstDiffs describes the first differences of two string lists.
func firstDiffs(got, want []string) []string {
	var out []string
	for i := 0; i < max(len(got), len(want)) && len(out) < 5; i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			out = append(out, fmt.Sprintf("  %d: got %q, want %q", i, g, w))
		}
	}
	return out
}

// TestEngineSeveritiesOfInterleavedRuleIDs checks the severity pass on
// findings whose rule IDs alternate (a rule may report under another
// rule's ID): each finding gets its own rule's configured severity, the
// findings of a disabled rule are dropped wherever they come, and an
// unknown ID keeps the severity the reporting rule gave it.
func TestEngineSeveritiesOfInterleavedRuleIDs(t *testing.T) {
	mix := &analyzer.Rule{ID: "mix", Severity: analyzer.SeverityInfo, Run: func(p *analyzer.Pass) {
		first := p.File.Block.Stmts[0]
		for _, id := range []string{"mix", "loud", "mix", "quiet", "loud", "elsewhere", "loud", "mix"} {
			p.Report(analyzer.Diagnostic{RuleID: id, Span: luaast.SpanOf(first), Message: "from " + id + " " + fmt.Sprint(len(p.File.Src))})
		}
	}}
	loud := &analyzer.Rule{ID: "loud", Severity: analyzer.SeverityInfo, Run: func(*analyzer.Pass) {}}
	quiet := &analyzer.Rule{ID: "quiet", Severity: analyzer.SeverityInfo, Run: func(*analyzer.Pass) {}}
	rules := []*analyzer.Rule{mix, loud, quiet}
	cfg, err := ParseConfig("c.yaml", "/proj", []byte("rules:\n  loud: error\n  quiet: off\n"), rules)
	if err != nil {
		t.Fatal(err)
	}
	got := engineSummary([]FileResult{NewEngine(rules, cfg, 1).CheckSource("/proj/s.lua", []byte("local a = 1\n"))})
	want := []string{
		"/proj/s.lua:1:1 elsewhere info from elsewhere 12", // the reporting rule's default
		"/proj/s.lua:1:1 loud error from loud 12",
		"/proj/s.lua:1:1 mix info from mix 12",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n  %q\nwant\n  %q", got, want)
	}
}
