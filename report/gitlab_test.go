package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

func gitlabReport(t *testing.T, results []lint.FileResult) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := GitLab(&buf, results); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGitLabGolden(t *testing.T) {
	results := append(corpus(t),
		lint.FileResult{Path: "./scripts/unreadable.lua", Err: errors.New("permission denied")},
		outputtest.FileResult("<stdin>", "x = 1\n", analyzer.Diagnostic{RuleID: "global-assignment", Severity: analyzer.SeverityError, Message: "a <library> & more", Span: outputtest.Span(0, 1)}))
	out := gitlabReport(t, results)
	outputtest.Golden(t, "gitlab.golden", out, *update)
	// The stream writes what encoding/json writes for the whole array.
	var issues []GitLabIssue
	if err := json.Unmarshal(out, &issues); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(issues); err != nil {
		t.Fatal(err)
	}
	if string(out) != want.String() {
		t.Errorf("the report is not encoding/json's indented encoding:\n%s\nwant\n%s", out, want.String())
	}
	if !bytes.Contains(out, []byte("<stdin>")) {
		t.Errorf("the report escapes < and > (or lost the <stdin> file):\n%s", out)
	}
	if got := string(gitlabReport(t, nil)); got != "[]\n" {
		t.Errorf("no results: %q, want an empty array", got)
	}
}

// gitlabRequiredFields is the field list of GitLab's Code Quality report
// format (https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format):
// every issue must have these, with these JSON types; location.path is
// relative to the repository, not prefixed with "./"; the line is
// location.lines.begin (or location.positions.begin.line, which we do not
// write).
var gitlabRequiredFields = []struct {
	path []string
	kind string // "string" or "integer"
}{
	{[]string{"description"}, "string"},
	{[]string{"check_name"}, "string"},
	{[]string{"fingerprint"}, "string"},
	{[]string{"severity"}, "string"},
	{[]string{"location", "path"}, "string"},
	{[]string{"location", "lines", "begin"}, "integer"},
}

// gitlabAllowedSeverities are the severities that format allows.
var gitlabAllowedSeverities = []string{"info", "minor", "major", "critical", "blocker"}

// TestGitLabFieldList checks the report against GitLab's published field
// list, decoding it without this package's types.
func TestGitLabFieldList(t *testing.T) {
	if !slices.Equal(GitLabSeverities, gitlabAllowedSeverities) {
		t.Errorf("GitLabSeverities = %q, want GitLab's %q", GitLabSeverities, gitlabAllowedSeverities)
	}
	results := append(corpus(t), lint.FileResult{Path: "scripts/unreadable.lua", Err: errors.New("permission denied")})
	var issues []map[string]any
	if err := json.Unmarshal(gitlabReport(t, results), &issues); err != nil {
		t.Fatalf("the report is not a JSON array of objects: %v", err)
	}
	if len(issues) < 5 {
		t.Fatalf("%d issues, want the corpus's findings and the unreadable file", len(issues))
	}
	fingerprints := map[string]bool{}
	for i, issue := range issues {
		for _, f := range gitlabRequiredFields {
			var v any = issue
			for _, k := range f.path {
				m, ok := v.(map[string]any)
				if !ok {
					v = nil
					break
				}
				v = m[k]
			}
			name := strings.Join(f.path, ".")
			switch f.kind {
			case "string":
				if s, ok := v.(string); !ok || s == "" {
					t.Errorf("issue %d: %s is %#v, want a non-empty string", i, name, v)
				}
			case "integer":
				if n, ok := v.(float64); !ok || n != float64(int(n)) || n < 1 {
					t.Errorf("issue %d: %s is %#v, want a line number (integer from 1)", i, name, v)
				}
			}
		}
		if s, _ := issue["severity"].(string); !slices.Contains(gitlabAllowedSeverities, s) {
			t.Errorf("issue %d: severity %q is not one of %q", i, s, gitlabAllowedSeverities)
		}
		loc, _ := issue["location"].(map[string]any)
		if p, _ := loc["path"].(string); strings.HasPrefix(p, "./") || strings.HasPrefix(p, "/") {
			t.Errorf("issue %d: location.path %q must be relative to the repository without './'", i, p)
		}
		fp, _ := issue["fingerprint"].(string)
		if fingerprints[fp] {
			t.Errorf("issue %d: fingerprint %s repeats (GitLab shows one issue per fingerprint)", i, fp)
		}
		fingerprints[fp] = true
	}
}

// TestGitLabFingerprintStable checks that a finding keeps its fingerprint
// when lines are added above it or its line is re-indented, and that two
// findings of one rule on equal lines get different ones.
func TestGitLabFingerprintStable(t *testing.T) {
	fingerprints := func(src string, needles ...string) []string {
		t.Helper()
		var diags []analyzer.Diagnostic
		for i, n := range needles {
			nth := 1
			if slices.Contains(needles[:i], n) {
				nth = 2
			}
			diags = append(diags, analyzer.Diagnostic{RuleID: "global-assignment", Severity: analyzer.SeverityError, Message: "m", Span: outputtest.SpanOf(t, src, n, nth)})
		}
		var issues []GitLabIssue
		if err := json.Unmarshal(gitlabReport(t, []lint.FileResult{outputtest.FileResult("a.lua", src, diags...)}), &issues); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, is := range issues {
			out = append(out, is.Fingerprint)
		}
		return out
	}
	base := fingerprints("count = 1\nreturn count\n", "count =")
	moved := fingerprints("-- a comment\n\nlocal x = 1\ncount = 1\nreturn count + x\n", "count =")
	reindented := fingerprints("if true then\n    count   = 1\nend\nreturn count\n", "count")
	if base[0] != moved[0] {
		t.Errorf("lines added above changed the fingerprint: %s, then %s", base[0], moved[0])
	}
	// "    count   = 1" normalises to "count = 1": the same line text.
	if base[0] != reindented[0] {
		t.Errorf("re-indenting the line changed the fingerprint: %s, then %s", base[0], reindented[0])
	}
	twice := fingerprints("count = 1\ncount = 1\nreturn count\n", "count = 1", "count = 1")
	if len(twice) != 2 || twice[0] == twice[1] {
		t.Errorf("two findings on equal lines: fingerprints %q, want two different ones", twice)
	}
	if twice[0] != base[0] {
		t.Errorf("the first of two equal lines: %s, want the single finding's %s", twice[0], base[0])
	}
}
