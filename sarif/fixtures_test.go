package sarif

import (
	"errors"
	"flag"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

// update makes outputtest.Golden rewrite the golden files in testdata/.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func testRules() []*analyzer.Rule {
	return []*analyzer.Rule{
		{
			ID: "overwritten-key", Severity: analyzer.SeverityWarning,
			Doc: analyzer.Doc{
				Title:     "key written twice before being read",
				Rationale: "The second write replaces the first, so the first was wasted work or a bug.",
				Bad:       "redis.call('SET', KEYS[1], 'a')\nredis.call('SET', KEYS[1], 'b')\n",
				Good:      "redis.call('SET', KEYS[1], 'b')\n",
				Tags:      []string{"correctness"}, Precision: "high",
			},
		},
		{
			ID: "dynamic-key", Severity: analyzer.SeverityError,
			Doc: analyzer.Doc{
				Title:     "key not declared in KEYS",
				Rationale: "Redis Cluster routes a script by its declared keys; a key built inside the script may live on another node.",
				Bad:       "redis.call('INCR', 'rate:' .. ARGV[1])",
				Good:      "redis.call('INCR', KEYS[1])",
				Tags:      []string{"cluster", "correctness"}, Precision: "very-high",
			},
		},
		{ID: "unused-local", Severity: analyzer.SeverityInfo, Doc: analyzer.Doc{Title: "unused local variable", Rationale: "Dead code.", Bad: "local s = '```'", Good: "return '```'"}},
	}
}

// corpus returns the results of the main golden file; paths are under
// /repo, the BaseDir of testOptions.
func corpus(t testing.TB) []lint.FileResult {
	t.Helper()
	const base = "/repo"
	rateSrc := outputtest.RateSrc("", "")
	rate := outputtest.FileResult(base+"/scripts/rate.lua", rateSrc, outputtest.RateDiagnostics(t, rateSrc)...)
	const tabsSrc = outputtest.TabsSrc
	tabs := outputtest.FileResult(base+"/scripts/sub dir/tabs:1.lua", tabsSrc,
		analyzer.Diagnostic{
			RuleID: "unused-local", Severity: analyzer.SeverityInfo, Message: "local \"s\" is never used",
			Span: outputtest.SpanOf(t, tabsSrc, "'日本語'", 1),
		},
		analyzer.Diagnostic{
			RuleID: "not-a-registered-rule", Severity: analyzer.SeverityWarning,
			Message: "a link-like message [x](1) after an emoji",
			Span:    outputtest.SpanOf(t, tabsSrc, "KEYS[1]", 1),
		},
		analyzer.Diagnostic{
			RuleID: "dynamic-key", Severity: analyzer.SeverityError, Message: "span after two tabs",
			Span:    outputtest.SpanOf(t, tabsSrc, "x)", 1),
			Related: []analyzer.Related{{Span: outputtest.SpanOf(t, tabsSrc, "x =", 1)}, {Span: outputtest.SpanOf(t, tabsSrc, "KEYS", 1), Message: "key [1] here"}},
		},
	)
	outside := outputtest.FileResult("/elsewhere/other.lua", "return redis.call('GET', 'k')\n",
		analyzer.Diagnostic{RuleID: "dynamic-key", Severity: analyzer.SeverityError, Message: "key not in KEYS", Span: outputtest.Span(26, 29)})
	broken := lint.FileResult{Path: base + "/scripts/missing.lua", Err: errors.New("open scripts/missing.lua: no such file or directory")}
	clean := outputtest.FileResult(base+"/scripts/clean.lua", "return 1\n")
	return []lint.FileResult{rate, tabs, outside, broken, clean}
}
