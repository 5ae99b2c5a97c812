package lint

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// supFinding is a diagnostic of rule at the first non-blank byte of line.
type supFinding struct {
	rule string
	line int
}

func supDiagAt(t *testing.T, f *luaast.File, fd supFinding) analyzer.Diagnostic {
	t.Helper()
	start := f.Lines.LineStart(fd.line)
	text := f.Lines.LineText(fd.line)
	off := len(text) - len(strings.TrimLeft(text, " \t"))
	p := start + luaast.Pos(off)
	return analyzer.Diagnostic{RuleID: fd.rule, Span: luaast.Span{Start: p, End: p + 1}, Message: "m"}
}

func parseForSuppress(t *testing.T, src string) *luaast.File {
	t.Helper()
	f, err := luaast.Parse("t.lua", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return f
}

func TestSuppress(t *testing.T) {
	known := []string{"dynamic-key", "hardcoded-key", "unused-variable", analyzer.SyntaxErrorRuleID, analyzer.UnusedSuppressionRuleID}
	tests := []struct {
		name     string
		src      string
		findings []supFinding
		disabled []string
		want     []supFinding // kept
		unused   []string     // "line: message substring"
	}{
		{
			name:     "trailing ignore",
			src:      "local a = 1 -- redis-lua-lint: ignore dynamic-key -- reason\nlocal b = 2\n",
			findings: []supFinding{{"dynamic-key", 1}, {"dynamic-key", 2}, {"hardcoded-key", 1}},
			want:     []supFinding{{"dynamic-key", 2}, {"hardcoded-key", 1}},
		},
		{
			name:     "block comment before code on its line",
			src:      "--[[ redis-lua-lint: ignore dynamic-key ]] local a = 1\nlocal b = 2\n",
			findings: []supFinding{{"dynamic-key", 1}, {"dynamic-key", 2}},
			want:     []supFinding{{"dynamic-key", 2}},
		},
		{
			name:     "LuaDoc-style triple dash",
			src:      "--- redis-lua-lint: ignore dynamic-key\nlocal a = 1\nlocal b = 2 ---redis-lua-lint: ignore dynamic-key\n",
			findings: []supFinding{{"dynamic-key", 2}, {"dynamic-key", 3}},
			want:     nil,
		},
		{
			name:     "ignore on the line above, two rules",
			src:      "-- redis-lua-lint: ignore dynamic-key, hardcoded-key\nlocal a = 1\nlocal b = 2\n",
			findings: []supFinding{{"dynamic-key", 2}, {"hardcoded-key", 2}, {"dynamic-key", 3}},
			want:     []supFinding{{"dynamic-key", 3}},
		},
		{
			name:     "stacked directives above",
			src:      "-- redis-lua-lint: ignore dynamic-key\n-- redis-lua-lint: ignore hardcoded-key -- why\nlocal a = 1\n",
			findings: []supFinding{{"dynamic-key", 3}, {"hardcoded-key", 3}},
		},
		{
			name:     "blank line ends the search",
			src:      "-- redis-lua-lint: ignore dynamic-key\n\nlocal a = 1\n",
			findings: []supFinding{{"dynamic-key", 3}},
			want:     []supFinding{{"dynamic-key", 3}},
			unused:   []string{`1: suppression of "dynamic-key" has no effect: it is followed by a blank line`},
		},
		{
			name:     "unused ignore",
			src:      "local a = 1 -- redis-lua-lint: ignore dynamic-key\n",
			findings: nil,
			unused:   []string{`1: unused suppression: no "dynamic-key" finding on line 1`},
		},
		{
			name:     "unused for a disabled rule is not reported",
			src:      "local a = 1 -- redis-lua-lint: ignore dynamic-key\n",
			disabled: []string{"dynamic-key"},
		},
		{
			name:     "unused-suppression disabled reports nothing",
			src:      "local a = 1 -- redis-lua-lint: ignore dynamic-key, nosuch\n",
			disabled: []string{analyzer.UnusedSuppressionRuleID},
		},
		{
			name:   "unknown rule with suggestion",
			src:    "local a = 1 -- redis-lua-lint: ignore dynamic-keys\n",
			unused: []string{`1: unknown rule "dynamic-keys" in suppression (did you mean "dynamic-key"?)`},
		},
		{
			name:   "wildcard is not supported",
			src:    "local a = 1 -- redis-lua-lint: ignore all\n",
			unused: []string{`1: unknown rule "all" in suppression (name each rule: wildcards are not supported)`},
		},
		{
			name:   "unknown verb",
			src:    "local a = 1 -- redis-lua-lint: ignroe dynamic-key\n",
			unused: []string{`1: unknown directive "ignroe" (did you mean "ignore"?)`},
		},
		{
			name:   "no rules",
			src:    "local a = 1 -- redis-lua-lint: ignore -- because\n",
			unused: []string{`1: ignore directive names no rule`},
		},
		{
			name:     "disable to enable",
			src:      "local a = 1\n-- redis-lua-lint: disable dynamic-key\nlocal b = 2\nlocal c = 3\n-- redis-lua-lint: enable dynamic-key\nlocal d = 4\n",
			findings: []supFinding{{"dynamic-key", 1}, {"dynamic-key", 3}, {"dynamic-key", 4}, {"dynamic-key", 6}, {"hardcoded-key", 3}},
			want:     []supFinding{{"dynamic-key", 1}, {"dynamic-key", 6}, {"hardcoded-key", 3}},
		},
		{
			name:     "disable to end of file",
			src:      "local a = 1\n-- redis-lua-lint: disable dynamic-key\nlocal b = 2\n\n\nlocal c = 3\n",
			findings: []supFinding{{"dynamic-key", 1}, {"dynamic-key", 6}},
			want:     []supFinding{{"dynamic-key", 1}},
		},
		{
			name:   "unused disable region",
			src:    "-- redis-lua-lint: disable dynamic-key\nlocal b = 2\n-- redis-lua-lint: enable dynamic-key\n",
			unused: []string{`1: unused suppression: no "dynamic-key" finding in the disabled region`},
		},
		{
			name:   "enable without disable",
			src:    "local b = 2\n-- redis-lua-lint: enable dynamic-key\n",
			unused: []string{`2: enable "dynamic-key" without a disable before it`},
		},
		{
			name:     "double disable",
			src:      "-- redis-lua-lint: disable dynamic-key\n-- redis-lua-lint: disable dynamic-key\nlocal b = 2\n",
			findings: []supFinding{{"dynamic-key", 3}},
			unused:   []string{`2: "dynamic-key" is already disabled since line 1`},
		},
		{
			name:     "ignore-file",
			src:      "-- redis-lua-lint: ignore-file hardcoded-key -- fixtures\nlocal a = 1\nlocal b = 2\n",
			findings: []supFinding{{"hardcoded-key", 2}, {"hardcoded-key", 3}, {"dynamic-key", 3}},
			want:     []supFinding{{"dynamic-key", 3}},
		},
		{
			name:   "unused ignore-file",
			src:    "-- redis-lua-lint: ignore-file hardcoded-key\nlocal a = 1\n",
			unused: []string{`1: unused suppression: no "hardcoded-key" finding in this file`},
		},
		{
			name:     "syntax-error needs ignore-file",
			src:      "local a = 1 -- redis-lua-lint: ignore syntax-error\n",
			findings: []supFinding{{analyzer.SyntaxErrorRuleID, 1}},
			want:     []supFinding{{analyzer.SyntaxErrorRuleID, 1}},
			unused:   []string{`1: suppression of "syntax-error" has no effect: syntax-error can only be silenced with ignore-file`},
		},
		{
			name:   "unused-suppression silenced by ignore-file",
			src:    "-- redis-lua-lint: ignore-file unused-suppression\nlocal a = 1 -- redis-lua-lint: ignore dynamic-key\n",
			unused: nil,
		},
		{
			name:     "long comment directive",
			src:      "local a = 1 --[[ redis-lua-lint: ignore dynamic-key ]]\n",
			findings: []supFinding{{"dynamic-key", 1}},
		},
		{
			name:     "not a directive",
			src:      "local a = 1 -- see redis-lua-lint: ignore dynamic-key\n",
			findings: []supFinding{{"dynamic-key", 1}},
			want:     []supFinding{{"dynamic-key", 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := parseForSuppress(t, tt.src)
			var diags []analyzer.Diagnostic
			for _, fd := range tt.findings {
				diags = append(diags, supDiagAt(t, f, fd))
			}
			off := map[string]bool{}
			for _, id := range tt.disabled {
				off[id] = true
			}
			kept, unused := Suppress(f, diags, SuppressOptions{
				Known:        known,
				Enabled:      func(id string) bool { return !off[id] },
				ReportUnused: !off[analyzer.UnusedSuppressionRuleID],
				Parsed:       true,
			})
			var gotKept []supFinding
			for _, d := range kept {
				gotKept = append(gotKept, supFinding{d.RuleID, f.Lines.Position(d.Span.Start).Line})
			}
			if !reflect.DeepEqual(gotKept, tt.want) {
				t.Errorf("kept %v, want %v", gotKept, tt.want)
			}
			var gotUnused []string
			for _, d := range unused {
				if d.RuleID != analyzer.UnusedSuppressionRuleID {
					t.Errorf("unused finding has rule %q", d.RuleID)
				}
				gotUnused = append(gotUnused, fmt.Sprintf("%d: %s", f.Lines.Position(d.Span.Start).Line, d.Message))
			}
			if len(gotUnused) != len(tt.unused) {
				t.Fatalf("unused = %q, want %q", gotUnused, tt.unused)
			}
			for i := range gotUnused {
				if !strings.HasPrefix(gotUnused[i], tt.unused[i]) {
					t.Errorf("unused[%d] = %q, want prefix %q", i, gotUnused[i], tt.unused[i])
				}
			}
		})
	}
}

func TestParseDirectivesDetails(t *testing.T) {
	src := "local a = 1 -- redis-lua-lint: ignore dynamic-key,hardcoded-key -- the reason\n"
	f := parseForSuppress(t, src)
	ds := ParseDirectives(f)
	if len(ds) != 1 {
		t.Fatalf("got %d directives", len(ds))
	}
	d := ds[0]
	if d.Kind != DirectiveIgnore || d.Reason != "the reason" || d.Line != 1 || len(d.Rules) != 2 {
		t.Fatalf("directive = %+v", d)
	}
	for i, want := range []string{"dynamic-key", "hardcoded-key"} {
		r := d.Rules[i]
		if r.ID != want || src[r.Span.Start:r.Span.End] != want {
			t.Errorf("rule %d = %q at %q", i, r.ID, src[r.Span.Start:r.Span.End])
		}
	}
}

func TestSuppressUnparsedFile(t *testing.T) {
	// For a file that does not parse, only ignore-file silences
	// syntax-error and nothing is reported as unused.
	for _, tt := range []struct {
		src  string
		kept int
	}{
		{"-- redis-lua-lint: ignore-file syntax-error\nlocal x = 1 // 2\n", 0},
		{"-- redis-lua-lint: ignore syntax-error, nosuch\nlocal x = 1 // 2\n", 1},
	} {
		f, err := luaast.Parse("t.lua", []byte(tt.src))
		if err == nil {
			t.Fatalf("%q parsed", tt.src)
		}
		diags := analyzer.SyntaxDiagnostics(err, f.Src)
		kept, unused := Suppress(f, diags, SuppressOptions{Known: []string{analyzer.SyntaxErrorRuleID}, ReportUnused: true})
		if len(kept) != tt.kept || len(unused) != 0 {
			t.Errorf("%q: kept %v unused %v", tt.src, kept, unused)
		}
	}
}

func TestDirectiveKindString(t *testing.T) {
	for k, want := range map[DirectiveKind]string{
		DirectiveIgnore: "ignore", DirectiveIgnoreFile: "ignore-file", DirectiveDisable: "disable", DirectiveEnable: "enable",
		0: "DirectiveKind(0)", 9: "DirectiveKind(9)", -1: "DirectiveKind(-1)",
	} {
		if got := k.String(); got != want {
			t.Errorf("DirectiveKind(%d).String() = %q, want %q", int(k), got, want)
		}
		if kind, ok := directiveKind(want); ok != (k >= DirectiveIgnore && k <= DirectiveEnable) || (ok && kind != k) {
			t.Errorf("directiveKind(%q) = %v, %v", want, kind, ok)
		}
	}
}
