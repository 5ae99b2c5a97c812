package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/fix"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// globalsRule reports every `name = value` statement of the main chunk
// with a safe fix adding `local`; onRelint runs when it lints a text that
// starts with "local" (check --fix re-linting its fixed text, before it
// writes the file).
func globalsRule(onRelint func()) *analyzer.Rule {
	return &analyzer.Rule{ID: "globals", Severity: analyzer.SeverityError, Doc: analyzer.Doc{Title: "t"}, Run: func(p *analyzer.Pass) {
		if strings.HasPrefix(string(p.File.Src), "local") && onRelint != nil {
			onRelint()
		}
		for _, s := range p.File.Block.Stmts {
			if a, ok := s.(*luaast.AssignStmt); ok {
				p.Report(analyzer.Diagnostic{Span: luaast.SpanOf(a), Message: "global", Fixes: []analyzer.Fix{{
					Message: "add local", Safe: true,
					Edits: []analyzer.Edit{{Span: luaast.Span{Start: a.Pos(), End: a.Pos()}, NewText: "local "}},
				}}})
			}
		}
	}}
}

// TestFixFileChangedSinceRead changes the file while check --fix fixes
// it (from the rule, when the fixed text is re-linted): the file is not
// written, stderr says why, and the exit status is 2.
func TestFixFileChangedSinceRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.lua")
	if err := os.WriteFile(path, []byte("x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	changed := "x = 2 -- edited meanwhile\n"
	rule := globalsRule(func() {
		if err := os.WriteFile(path, []byte(changed), 0o644); err != nil {
			t.Error(err)
		}
	})
	code, _, stderr := runCLI(t, []*analyzer.Rule{rule}, "", "check", "--fix", "a.lua")
	if code != ExitError {
		t.Errorf("exit %d, want %d", code, ExitError)
	}
	if !strings.Contains(stderr, "redis-lua-lint: a.lua: changed since it was read: not fixed (run again)\n") {
		t.Errorf("stderr = %q", stderr)
	}
	if got, _ := os.ReadFile(path); string(got) != changed {
		t.Errorf("the file holds %q, want the other program's %q", got, changed)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries in the directory, want the file alone", len(entries))
	}
}

// TestFixExitStatus checks that the exit status is that of the findings
// left after fixing: 1 before, 0 once every finding is fixed, with --fix
// and with --diff (which writes nothing but counts what would be left),
// and that the report of --fix is the fixed text's.
func TestFixExitStatus(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.lua")
	if err := os.WriteFile(path, []byte("x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	rules := []*analyzer.Rule{globalsRule(nil)}
	if code, _, _ := runCLI(t, rules, "", "check", "a.lua"); code != ExitFindings {
		t.Fatalf("exit %d before fixing, want %d", code, ExitFindings)
	}
	code, stdout, _ := runCLI(t, rules, "", "check", "--fix", "--diff", "a.lua")
	if code != ExitOK || !strings.Contains(stdout, "+local x = 1\n") {
		t.Errorf("--fix --diff: exit %d, stdout %q", code, stdout)
	}
	if got, _ := os.ReadFile(path); string(got) != "x = 1\n" {
		t.Errorf("--diff wrote the file: %q", got)
	}
	code, stdout, _ = runCLI(t, rules, "", "check", "--fix", "a.lua")
	if code != ExitOK || !strings.Contains(stdout, "no problems found") {
		t.Errorf("--fix: exit %d, stdout %q", code, stdout)
	}
	if got, _ := os.ReadFile(path); string(got) != "local x = 1\n" {
		t.Errorf("the file holds %q", got)
	}
}

// TestCarryCallSiteFindings checks that a fixed Go file keeps the
// call-site findings found with types, moved with the text before them,
// without their fixes, beside the findings of the re-lint.
func TestCarryCallSiteFindings(t *testing.T) {
	span := func(s, e int) luaast.Span { return luaast.Span{Start: luaast.Pos(s), End: luaast.Pos(e)} }
	before := []analyzer.Diagnostic{
		{RuleID: "numkeys-mismatch", Span: span(40, 45), Related: []analyzer.Related{{Span: span(5, 8), Message: "script"}},
			Fixes: []analyzer.Fix{{Message: "m", Edits: []analyzer.Edit{{Span: span(40, 45), NewText: "x"}}}}},
		{RuleID: "global-assignment", Span: span(10, 15)}, // re-linted: not carried
	}
	relinted := []analyzer.Diagnostic{{RuleID: "undefined-global", Span: span(20, 22)}}
	// One round inserted "local " (6 bytes) at offset 10.
	res := &fix.Result{Edits: [][]analyzer.Edit{{{Span: span(10, 10), NewText: "local "}}}}
	got := carryCallSiteFindings(relinted, before, res)
	if len(got) != 2 || got[0].RuleID != "undefined-global" || got[1].RuleID != "numkeys-mismatch" {
		t.Fatalf("got %+v", got)
	}
	d := got[1]
	if d.Span != span(46, 51) || d.Related[0].Span != span(5, 8) || d.Fixes != nil {
		t.Errorf("carried finding %+v: want span 46-51, related 5-8, no fixes", d)
	}
	if before[0].Related[0].Span != span(5, 8) || before[0].Span != span(40, 45) {
		t.Error("the findings before were modified")
	}
}
