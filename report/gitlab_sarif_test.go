package report_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/report"
	"github.com/redis-lua-lint/redis-lua-lint/sarif"
)

// TestGitLabFingerprintIsSARIFs checks that the GitLab report's
// fingerprints are SARIF's (partialFingerprints redisLuaLint/v1) for the
// same findings, when the SARIF URI is the path as GitLab writes it: one
// definition, so both stay stable under the same edits.
func TestGitLabFingerprintIsSARIFs(t *testing.T) {
	src := "count = 1\ncount = 1\nreturn redis.call('GET', 'k:' .. ARGV[1])\n"
	r := outputtest.FileResult("scripts/a.lua", src,
		analyzer.Diagnostic{RuleID: "global-assignment", Severity: analyzer.SeverityError, Message: "first", Span: outputtest.SpanOf(t, src, "count", 1)},
		analyzer.Diagnostic{RuleID: "global-assignment", Severity: analyzer.SeverityError, Message: "second", Span: outputtest.SpanOf(t, src, "count", 2)},
		analyzer.Diagnostic{RuleID: "dynamic-key", Severity: analyzer.SeverityWarning, Message: "key", Span: outputtest.SpanOf(t, src, "'k:'", 1)},
	)
	results := []lint.FileResult{r}
	log, err := sarif.Build(results, nil, sarif.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := report.GitLab(&buf, results); err != nil {
		t.Fatal(err)
	}
	var issues []report.GitLabIssue
	if err := json.Unmarshal(buf.Bytes(), &issues); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results
	if len(res) != 3 || len(issues) != 3 {
		t.Fatalf("%d SARIF results and %d GitLab issues, want 3 each", len(res), len(issues))
	}
	for i := range res {
		if uri := res[i].Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != issues[i].Location.Path {
			t.Fatalf("result %d: SARIF URI %q, GitLab path %q: the comparison needs them equal", i, uri, issues[i].Location.Path)
		}
		if want := res[i].PartialFingerprints[sarif.FingerprintKey]; issues[i].Fingerprint != want {
			t.Errorf("finding %d: GitLab fingerprint %s, SARIF's %s", i, issues[i].Fingerprint, want)
		}
	}
}
