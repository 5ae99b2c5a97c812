package ruletest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// UpdateEnv is the environment variable that, set to 1, makes the harness
// rewrite the existing `.fixed` golden files from the fixes the rules
// suggest (create an empty one to start).
const UpdateEnv = "RULETEST_UPDATE"

// Options types the raw option settings of a fixture against the rule's
// OptionSpecs, filling in defaults. The Go type of a spec's Default (bool,
// int, string, []string) is the option's type; lists are comma-separated.
func Options(rule *analyzer.Rule, raw map[string]string) (analyzer.Options, error) {
	opts := analyzer.Options{}
	specs := map[string]analyzer.OptionSpec{}
	for _, o := range rule.Options {
		opts[o.Name] = o.Default
		specs[o.Name] = o
	}
	names := make([]string, 0, len(raw))
	for n := range raw {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		val := raw[name]
		spec, ok := specs[name]
		if !ok {
			return nil, fmt.Errorf("rule %s has no option %q", rule.ID, name)
		}
		switch spec.Default.(type) {
		case bool:
			b, err := strconv.ParseBool(val)
			if err != nil {
				return nil, fmt.Errorf("option %s: %w", name, err)
			}
			opts[name] = b
		case int:
			n, err := strconv.Atoi(val)
			if err != nil {
				return nil, fmt.Errorf("option %s: %w", name, err)
			}
			opts[name] = n
		case string:
			opts[name] = val
		case []string:
			var list []string
			for _, s := range strings.Split(val, ",") {
				if s = strings.TrimSpace(s); s != "" {
					list = append(list, s)
				}
			}
			opts[name] = list
		default:
			return nil, fmt.Errorf("option %s: unsupported default type %T", name, spec.Default)
		}
	}
	return opts, nil
}

// Harness runs fixtures through the production engine (lint.Engine)
// with every rule known, so suppression directives and rule IDs resolve as
// they do for users, but only the rule under test enabled.
type Harness struct {
	// Rules are all the registered rules (rules.All()).
	Rules []*analyzer.Rule
}

// Lint runs rule alone over src for version with the raw option settings,
// through lint.Engine: a fresh analysis cache, the rule's defaults
// for unset options, parse errors reported as syntax-error findings (kept
// only when rule is syntax-error itself). The findings are sorted by
// position; an internal error of the rule (a panic) is returned as err.
func (h Harness) Lint(rule *analyzer.Rule, path string, src []byte, version redisfacts.Version, raw map[string]string) ([]analyzer.Diagnostic, error) {
	return h.LintConfig(rule, path, src, version, raw, "")
}

// LintConfig is Lint with the configuration keys of config (YAML, such as
// `commands:` or `includes:`; "" for none) read by analyzer.ParseConfig.
func (h Harness) LintConfig(rule *analyzer.Rule, path string, src []byte, version redisfacts.Version, raw map[string]string, config string) ([]analyzer.Diagnostic, error) {
	opts, err := Options(rule, raw)
	if err != nil {
		return nil, err
	}
	cfg := lint.DefaultConfig(".")
	if config != "" {
		parsed, err := lint.ParseConfig(path+" (fixture config)", ".", []byte(config), h.Rules)
		if err != nil {
			return nil, err
		}
		cfg.Commands, cfg.Includes = parsed.Commands, parsed.Includes
	}
	cfg.RedisVersion = version
	cfg.Rules[rule.ID] = lint.RuleConfig{Options: opts}
	rules := h.Rules
	found := false
	for _, r := range rules {
		found = found || r == rule
		if r.ID != rule.ID {
			cfg.SetRuleEnabled(r.ID, false)
		}
	}
	if !found {
		rules = append(append([]*analyzer.Rule(nil), rules...), rule)
	}
	cfg.SetRuleEnabled(rule.ID, true)
	eng := lint.NewEngine(rules, cfg, 1)
	// A rule must declare the analyses it uses: one that does not fails
	// here, with an error naming it.
	eng.CheckRequires = true
	res := eng.CheckSource(path, src)
	return res.Diagnostics, res.Err
}

// RunDir runs rule over every *.lua fixture in dir, one subtest per file.
func (h Harness) RunDir(t *testing.T, rule *analyzer.Rule, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.lua"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fx, err := ParseFixture(path, src)
			if err != nil {
				t.Fatal(err)
			}
			h.Check(t, rule, fx)
		})
	}
}

// RunSource checks an inline fixture: src may hold `-- want:` directives,
// and extra adds expectations for sources that cannot hold comments (a
// shebang without a newline).
func (h Harness) RunSource(t *testing.T, rule *analyzer.Rule, name, src string, extra ...Want) {
	t.Helper()
	fx, err := ParseFixture(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fx.Wants = append(fx.Wants, extra...)
	h.Check(t, rule, fx)
}

// Check runs rule over fx and reports every missing or unexpected finding
// as a test error at file:line, then checks the rule's fixes against the
// fixture's `.fixed` golden file if there is one.
func (h Harness) Check(t *testing.T, rule *analyzer.Rule, fx *Fixture) {
	t.Helper()
	file, parseErr := luaast.Parse(fx.Path, fx.Src)
	if file == nil {
		t.Fatalf("%s: luaast.Parse returned no file: %v", fx.Path, parseErr)
	}
	if file.Lines == nil {
		file.Lines = luaast.NewLineIndex(fx.Src)
	}
	if parseErr != nil && !fx.AllowParseErrors && rule.ID != analyzer.SyntaxErrorRuleID {
		t.Fatalf("%s: does not parse (add `-- fixture: allow-parse-errors` if that is the point): %v", fx.Path, parseErr)
	}
	diags, err := h.LintConfig(rule, fx.Path, fx.Src, fx.Version, fx.Options, fx.Config)
	if err != nil {
		t.Fatalf("%s: %v", fx.Path, err)
	}
	for _, problem := range Compare(file, rule.ID, fx.Wants, diags) {
		t.Errorf("%s", problem)
	}
	checkFixes(t, file, diags, fx.Path+".fixed")
}

// Compare matches findings with expectations line by line and returns one
// message per missing or unexpected finding, plus malformed diagnostics
// (bad span, wrong rule ID, style of the message).
func Compare(file *luaast.File, ruleID string, wants []Want, diags []analyzer.Diagnostic) []string {
	var problems []string
	name := file.Name
	byLine := map[int][]analyzer.Diagnostic{}
	for _, d := range diags {
		if msg := diagnosticProblem(file, ruleID, d); msg != "" {
			problems = append(problems, msg)
			continue
		}
		line := file.Position(d.Span.Start).Line
		byLine[line] = append(byLine[line], d)
	}
	// Expectations with a message substring are matched first so that an
	// unqualified want cannot take the finding a qualified one needs.
	ordered := append([]Want(nil), wants...)
	sort.SliceStable(ordered, func(i, j int) bool {
		if ordered[i].Line != ordered[j].Line {
			return ordered[i].Line < ordered[j].Line
		}
		return qualifiers(ordered[i]) > qualifiers(ordered[j])
	})
	for _, w := range ordered {
		if w.RuleID != ruleID {
			problems = append(problems, fmt.Sprintf("%s:%d: expects a finding of [%s], but only [%s] runs over this fixture: move the case to testdata/%s/", name, w.Line, w.RuleID, ruleID, w.RuleID))
			continue
		}
		found := -1
		for i, d := range byLine[w.Line] {
			if d.RuleID == w.RuleID && strings.Contains(d.Message, w.Substr) && (w.Severity == 0 || d.Severity == w.Severity) {
				found = i
				break
			}
		}
		if found < 0 {
			msg := fmt.Sprintf("%s:%d: missing finding [%s]", name, w.Line, w.RuleID)
			if w.Severity != 0 {
				msg += fmt.Sprintf(" at severity %s", w.Severity)
			}
			if w.Substr != "" {
				msg += fmt.Sprintf(" with message containing %q", w.Substr)
			}
			for _, d := range byLine[w.Line] {
				if w.Severity != 0 {
					msg += fmt.Sprintf("\n\tthe line has: [%s] (%s) %s", d.RuleID, d.Severity, d.Message)
				} else {
					msg += fmt.Sprintf("\n\tthe line has: [%s] %s", d.RuleID, d.Message)
				}
			}
			problems = append(problems, msg)
			continue
		}
		byLine[w.Line] = append(byLine[w.Line][:found], byLine[w.Line][found+1:]...)
	}
	var lines []int
	for l := range byLine {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	for _, l := range lines {
		for _, d := range byLine[l] {
			p := file.Position(d.Span.Start)
			problems = append(problems, fmt.Sprintf("%s:%d:%d: unexpected finding [%s] %s", name, p.Line, p.Column, d.RuleID, d.Message))
		}
	}
	return problems
}

// diagnosticProblem checks what every diagnostic must satisfy whatever the
// rule: its span lies in the file, it carries the rule's ID, and its
// message follows the house style (non-empty, one line, no trailing
// period).
func diagnosticProblem(file *luaast.File, ruleID string, d analyzer.Diagnostic) string {
	n := luaast.Pos(len(file.Src))
	p := file.Position(d.Span.Start)
	where := fmt.Sprintf("%s:%d:%d", file.Name, p.Line, p.Column)
	switch {
	case d.Span.Start < 0 || d.Span.End < d.Span.Start || d.Span.End > n:
		return fmt.Sprintf("%s: finding [%s] has a bad span %v (file has %d bytes): %s", where, d.RuleID, d.Span, n, d.Message)
	case d.RuleID != ruleID:
		return fmt.Sprintf("%s: finding reported with rule ID %q while running %q: %s", where, d.RuleID, ruleID, d.Message)
	case strings.TrimSpace(d.Message) == "":
		return fmt.Sprintf("%s: finding [%s] has an empty message", where, d.RuleID)
	case strings.ContainsAny(d.Message, "\n\r"):
		return fmt.Sprintf("%s: finding [%s] message spans several lines: %q", where, d.RuleID, d.Message)
	case strings.HasSuffix(d.Message, ".") && !strings.HasSuffix(d.Message, "..."):
		return fmt.Sprintf("%s: finding [%s] message ends with a period (house style): %q", where, d.RuleID, d.Message)
	}
	for _, fix := range d.Fixes {
		if fix.Message == "" || len(fix.Edits) == 0 {
			return fmt.Sprintf("%s: finding [%s] has a fix without message or edits", where, d.RuleID)
		}
		for _, e := range fix.Edits {
			if e.Span.Start < 0 || e.Span.End < e.Span.Start || e.Span.End > n {
				return fmt.Sprintf("%s: finding [%s] fix %q has a bad edit span %v", where, d.RuleID, fix.Message, e.Span)
			}
		}
	}
	for _, r := range d.Related {
		if r.Span.Start < 0 || r.Span.End < r.Span.Start || r.Span.End > n {
			return fmt.Sprintf("%s: finding [%s] has a related location with a bad span %v", where, d.RuleID, r.Span)
		}
	}
	return ""
}

// ApplyFixes applies the first fix of every diagnostic to src. Overlapping
// edits are an error: fixes offered together must compose.
func ApplyFixes(src []byte, diags []analyzer.Diagnostic) ([]byte, error) {
	var edits []analyzer.Edit
	for _, d := range diags {
		if len(d.Fixes) > 0 {
			edits = append(edits, d.Fixes[0].Edits...)
		}
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Span.Start < edits[j].Span.Start })
	var out []byte
	last := luaast.Pos(0)
	for _, e := range edits {
		if e.Span.Start < last {
			return nil, fmt.Errorf("overlapping fix edits at offset %d", e.Span.Start)
		}
		out = append(out, src[last:e.Span.Start]...)
		out = append(out, e.NewText...)
		last = e.Span.End
	}
	return append(out, src[last:]...), nil
}

// checkFixes compares the fixed source with the golden file when it
// exists (or rewrites it when RULETEST_UPDATE=1).
func checkFixes(t *testing.T, file *luaast.File, diags []analyzer.Diagnostic, golden string) {
	t.Helper()
	fixed, err := ApplyFixes(file.Src, diags)
	if err != nil {
		t.Errorf("%s: %v", file.Name, err)
		return
	}
	want, err := os.ReadFile(golden)
	if errors.Is(err, os.ErrNotExist) {
		return
	}
	if os.Getenv(UpdateEnv) == "1" {
		if werr := os.WriteFile(golden, fixed, 0o644); werr != nil {
			t.Fatal(werr)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(want, fixed) {
		t.Errorf("%s: applying the suggested fixes gives\n%s\nwant (%s)\n%s", file.Name, fixed, golden, want)
	}
}

// qualifiers counts what a want asks of a finding beyond its rule ID (a
// message substring, a severity): more qualified wants are matched first.
func qualifiers(w Want) int {
	n := 0
	if w.Substr != "" {
		n++
	}
	if w.Severity != 0 {
		n++
	}
	return n
}
