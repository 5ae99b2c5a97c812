package rules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

// contractSeverity is the rule list of shared/docs/rules.md (the public
// contract) with each rule's default severity. unbounded-loop is "error for
// a loop with no exit, warning otherwise": either default is accepted.
var contractSeverity = map[string][]analyzer.Severity{
	"dynamic-key":               {analyzer.SeverityError},
	"derived-key":               {analyzer.SeverityInfo}, // the Changed notes of rules.md: a KEYS element plus text
	"hardcoded-key":             {analyzer.SeverityWarning},
	"write-before-validation":   {analyzer.SeverityWarning, analyzer.SeverityInfo}, // issue 18: info by default below 90 % real on real code, the reason in its Doc
	"unbounded-loop":            {analyzer.SeverityError, analyzer.SeverityWarning},
	"keyspace-scan":             {analyzer.SeverityWarning},
	"unbounded-read":            {analyzer.SeverityInfo},
	"unbounded-unpack":          {analyzer.SeverityWarning},
	"global-assignment":         {analyzer.SeverityError},
	"undefined-global":          {analyzer.SeverityError},
	"sandbox-violation":         {analyzer.SeverityError},
	"argv-tonumber":             {analyzer.SeverityWarning},
	"nil-reply-check":           {analyzer.SeverityError},
	"float-return":              {analyzer.SeverityInfo}, // info by default since the real-code triage of issue #18
	"reply-array-hole":          {analyzer.SeverityInfo}, // info by default since the real-code triage of issue #18
	"invalid-argument":          {analyzer.SeverityError},
	"unchecked-pcall":           {analyzer.SeverityWarning},
	"error-table":               {analyzer.SeverityError},
	"unknown-command":           {analyzer.SeverityError},
	"wrong-arity":               {analyzer.SeverityError},
	"command-not-allowed":       {analyzer.SeverityError},
	"write-in-read-only":        {analyzer.SeverityError},
	"deprecated":                {analyzer.SeverityInfo},
	"function-keys-argv":        {analyzer.SeverityError},
	"load-time-call":            {analyzer.SeverityError},
	"invalid-shebang":           {analyzer.SeverityError},
	"invalid-register-function": {analyzer.SeverityError},
	"syntax-error":              {analyzer.SeverityError},
	"lua51-escape":              {analyzer.SeverityWarning},
	"unused-variable":           {analyzer.SeverityInfo}, // info by default since the real-code triage of issue #18
	"shadowed-variable":         {analyzer.SeverityInfo},
	"unreachable-code":          {analyzer.SeverityWarning},
	"unused-suppression":        {analyzer.SeverityInfo},
	"numkeys-mismatch":          {analyzer.SeverityError},
	"cross-slot-keys":           {analyzer.SeverityWarning},
	"script-built-at-runtime":   {analyzer.SeverityWarning},
}

var (
	kebabRe      = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	precisions   = []string{"very-high", "high", "medium", "low"}
	optionValues = func(v any) bool {
		switch v.(type) {
		case bool, int, string, []string:
			return true
		}
		return false
	}
)

// TestRuleRegistry checks what every registered rule must declare: an ID
// from the contract with its default severity, complete documentation, a
// Run function and well-formed options.
func TestRuleRegistry(t *testing.T) {
	all := rules.All()
	if len(all) == 0 {
		t.Fatal("no rules registered")
	}
	seen := map[string]bool{}
	for i, r := range all {
		if i > 0 && all[i-1].ID >= r.ID {
			t.Errorf("All() is not sorted by ID at %q, %q", all[i-1].ID, r.ID)
		}
		if seen[r.ID] {
			t.Errorf("rule %q registered twice", r.ID)
		}
		seen[r.ID] = true
		if rules.ByID(r.ID) != r {
			t.Errorf("ByID(%q) does not return the registered rule", r.ID)
		}
		sev, ok := contractSeverity[r.ID]
		if !ok {
			t.Errorf("rule %q is not in shared/docs/rules.md (the ID is a public contract)", r.ID)
		} else if !slices.Contains(sev, r.Severity) {
			t.Errorf("rule %q has severity %v, rules.md says %v", r.ID, r.Severity, sev)
		}
		if r.Run == nil {
			t.Errorf("rule %q has no Run", r.ID)
		}
		d := r.Doc
		first, _ := utf8.DecodeRuneInString(d.Title)
		switch {
		case d.Title == "":
			t.Errorf("rule %q: empty Doc.Title", r.ID)
		case unicode.IsUpper(first) || strings.HasSuffix(d.Title, "."):
			t.Errorf("rule %q: Doc.Title %q must be lowercase with no trailing period", r.ID, d.Title)
		}
		if strings.TrimSpace(d.Rationale) == "" {
			t.Errorf("rule %q: empty Doc.Rationale", r.ID)
		}
		if strings.TrimSpace(d.Bad) == "" || strings.TrimSpace(d.Good) == "" {
			t.Errorf("rule %q: Doc.Bad and Doc.Good must both hold an example", r.ID)
		}
		if len(d.Tags) == 0 {
			t.Errorf("rule %q: no Doc.Tags", r.ID)
		}
		if !slices.Contains(precisions, d.Precision) {
			t.Errorf("rule %q: Doc.Precision %q is not one of %v", r.ID, d.Precision, precisions)
		}
		names := map[string]bool{}
		for _, o := range r.Options {
			if !kebabRe.MatchString(o.Name) || names[o.Name] {
				t.Errorf("rule %q: option name %q must be kebab-case and unique", r.ID, o.Name)
			}
			names[o.Name] = true
			if o.Doc == "" {
				t.Errorf("rule %q: option %q has no Doc", r.ID, o.Name)
			}
			if !optionValues(o.Default) {
				t.Errorf("rule %q: option %q default has type %T (want bool, int, string or []string)", r.ID, o.Name, o.Default)
			}
		}
	}
	if rules.ByID("no-such-rule") != nil {
		t.Error("ByID of an unknown ID is not nil")
	}
}

// TestRuleFixtureCoverage requires, for every rule, a fixture directory
// rules/testdata/<rule-id>/ with at least one expected finding of the rule
// (a bad case) and at least one file expecting no finding at all (a
// must-not-flag case); and that every fixture directory belongs to a rule.
//
// The rules of goCallSiteRules fire only at Go call sites (a Lua file has
// no caller): their fixtures are the analysistest packages of
// frontend/goembed, which must expect at least one of their findings.
func TestRuleFixtureCoverage(t *testing.T) {
	for _, r := range rules.All() {
		if goCallSiteRules[r.ID] {
			if !goFixtureExpects(t, r.ID) {
				t.Errorf("Go call-site rule %q: no `// want` in %s expects it", r.ID, goFixtureDir)
			}
			continue
		}
		dir := filepath.Join("testdata", r.ID)
		files, _ := filepath.Glob(filepath.Join(dir, "*.lua"))
		if len(files) == 0 {
			t.Errorf("rule %q has no fixtures: add %s/bad.lua and %s/good.lua (see testdata/README.md)", r.ID, dir, dir)
			continue
		}
		wants, clean := 0, 0
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			fx, err := ruletest.ParseFixture(f, src)
			if err != nil {
				t.Error(err)
				continue
			}
			mine := 0
			for _, w := range fx.Wants {
				if w.RuleID == r.ID {
					mine++
				}
			}
			wants += mine
			if len(fx.Wants) == 0 {
				clean++
			}
		}
		if wants == 0 {
			t.Errorf("rule %q: no fixture in %s expects a finding (`-- want: %s`)", r.ID, dir, r.ID)
		}
		if clean == 0 {
			t.Errorf("rule %q: no fixture in %s is a must-not-flag case (a file with no `-- want:`)", r.ID, dir)
		}
	}
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && rules.ByID(e.Name()) == nil {
			t.Errorf("testdata/%s does not belong to a registered rule", e.Name())
		}
	}
}

// goCallSiteRules are the rules checked only where a script is embedded
// in Go (frontend/goembed); their Run is a no-op on Lua files.
var goCallSiteRules = map[string]bool{
	"numkeys-mismatch":        true,
	"cross-slot-keys":         true,
	"script-built-at-runtime": true,
}

// goFixtureDir holds the analysistest packages of frontend/goembed.
var goFixtureDir = filepath.Join("..", "frontend", "goembed", "testdata", "src")

// goFixtureExpects reports whether a Go fixture has a `// want` comment
// expecting a finding of rule id (messages end with "[id]").
func goFixtureExpects(t *testing.T, id string) bool {
	t.Helper()
	found := false
	err := filepath.WalkDir(goFixtureDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || found {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(src), "\n") {
			if i := strings.Index(line, "// want"); i >= 0 && strings.Contains(line[i:], `\[`+id+`\]`) {
				found = true
			}
		}
		return nil
	})
	if err != nil {
		t.Errorf("reading the Go fixtures: %v", err)
	}
	return found
}

// TestInvalidShebangWithoutNewline covers the sources a fixture file
// cannot hold: the "#!" line is the whole script, so no comment can carry
// the expectation (TestRedisShebangWithoutNewline confirms the texts).
func TestInvalidShebangWithoutNewline(t *testing.T) {
	h := ruletest.Harness{Rules: rules.All()}
	rule := rules.ByID("invalid-shebang")
	if rule == nil {
		t.Fatal("invalid-shebang is not registered")
	}
	tests := []struct{ src, substr string }{
		{"#!lua", "Invalid script shebang"},
		{"#!lua flags=no-writes", "Invalid script shebang"},
		{"#!lua name=mylib", "Invalid library metadata"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			h.RunSource(t, rule, "inline.lua", tt.src, ruletest.Want{Line: 1, RuleID: "invalid-shebang", Substr: tt.substr})
		})
	}
}

// TestRulesOnEdgeInputs runs every rule over degenerate but valid sources
// (empty, comments only, a bare shebang, deep nesting) for every known
// target version: a rule must not fail (panic) on any of them.
func TestRulesOnEdgeInputs(t *testing.T) {
	srcs := []string{
		"",
		"\n",
		"-- only a comment",
		"#!lua\n",
		"#!lua name=lib\n",
		"#!\n",
		"#!lua flags=\n return",
		"return",
		"local _ = ...",
		"do end while false do end repeat until true if x then elseif y then else end",
		"local function f(...) return ... end return f(f(f()))",
		strings.Repeat("(", 50) + "1" + strings.Repeat(")", 50),
		"return " + strings.Repeat("{", 100) + strings.Repeat("}", 100),
		"local t = {} t[t] = t t.t = t return t[t][t]",
		"return 'a' .. \"b\" .. [[c]] .. [==[d]==]",
	}
	h := ruletest.Harness{Rules: rules.All()}
	for _, r := range rules.All() {
		for _, vs := range redisfacts.KnownVersions {
			v, err := redisfacts.ParseVersion(vs)
			if err != nil {
				t.Fatal(err)
			}
			for _, src := range srcs {
				if _, err := h.Lint(r, "edge.lua", []byte(src), v, nil); err != nil {
					t.Errorf("%s on %s, source %q: %v", r.ID, vs, src, err)
				}
			}
		}
	}
}
