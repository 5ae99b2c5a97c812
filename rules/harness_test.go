package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

// TestFixtures runs every rule over its rules/testdata/<rule-id>/*.lua
// fixtures and compares the findings with the files' `-- want:` comments
// (syntax in rules/testdata/README.md). A rule without a fixture directory
// is reported by TestRuleFixtureCoverage, not here.
func TestFixtures(t *testing.T) {
	h := ruletest.Harness{Rules: rules.All()}
	for _, r := range rules.All() {
		dir := filepath.Join("testdata", r.ID)
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			t.Parallel()
			h.RunDir(t, r, dir)
		})
	}
}

// TestDocExamples keeps the documentation honest: each rule's Doc.Bad
// must produce at least one finding of that rule and Doc.Good none, at the
// default target version and options.
func TestDocExamples(t *testing.T) {
	h := ruletest.Harness{Rules: rules.All()}
	for _, r := range rules.All() {
		if goCallSiteRules[r.ID] {
			continue // Go examples: checked by frontend/goembed's TestDocExamples
		}
		t.Run(r.ID, func(t *testing.T) {
			t.Parallel()
			bad, err := h.Lint(r, "doc-bad.lua", []byte(r.Doc.Bad), redisfacts.DefaultVersion, nil)
			if err != nil {
				t.Fatalf("Doc.Bad: %v", err)
			}
			n := 0
			for _, d := range bad {
				if d.RuleID == r.ID {
					n++
				}
			}
			if n == 0 {
				t.Errorf("Doc.Bad produces no %s finding:\n%s", r.ID, r.Doc.Bad)
			}
			good, err := h.Lint(r, "doc-good.lua", []byte(r.Doc.Good), redisfacts.DefaultVersion, nil)
			if err != nil {
				t.Fatalf("Doc.Good: %v", err)
			}
			for _, d := range good {
				t.Errorf("Doc.Good produces a finding at offset %d: [%s] %s\n%s", d.Span.Start, d.RuleID, d.Message, r.Doc.Good)
			}
		})
	}
}
