package report

import (
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// update makes outputtest.Golden rewrite the golden files in testdata/.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

var errWrite = errors.New("disk full")

// oddSrc has a control character, an ANSI escape and a bidi override in a
// string, and invalid UTF-8.
const oddSrc = "local c = '\x01\x1b[31m\u202e' .. '\xff' .. nope\n"

// corpus returns the results every printer's golden files are made from.
func corpus(t testing.TB) []lint.FileResult {
	t.Helper()
	// The five comment lines make the text printer elide lines.
	rateSrc := outputtest.RateSrc(strings.Repeat("--\n", 5), "return redis.call('GET', KEYS[1])\n")
	rate := outputtest.FileResult("scripts/rate.lua", rateSrc, append(outputtest.RateDiagnostics(t, rateSrc),
		analyzer.Diagnostic{
			RuleID: "missing-tail", Severity: analyzer.SeverityInfo,
			Message: "empty span at end of file",
			Span:    outputtest.Span(len(rateSrc), len(rateSrc)),
		},
	)...)
	const tabsSrc = outputtest.TabsSrc
	tabs := outputtest.FileResult("scripts/tabs.lua", tabsSrc,
		analyzer.Diagnostic{
			RuleID: "wide", Severity: analyzer.SeverityInfo, Message: "wide characters",
			Span: outputtest.SpanOf(t, tabsSrc, "'日本語'", 1),
		},
		analyzer.Diagnostic{
			RuleID: "after-emoji", Severity: analyzer.SeverityWarning, Message: "span after an emoji and a tab",
			Span: outputtest.SpanOf(t, tabsSrc, "KEYS[1]", 1),
		},
		analyzer.Diagnostic{
			RuleID: "after-tabs", Severity: analyzer.SeverityError, Message: "span after two tabs",
			Span:    outputtest.SpanOf(t, tabsSrc, "x)", 1),
			Related: []analyzer.Related{{Span: outputtest.SpanOf(t, tabsSrc, "x =", 1)}},
		},
	)
	odd := outputtest.FileResult("scripts/odd, name:%.lua", oddSrc,
		analyzer.Diagnostic{
			RuleID: "odd", Severity: analyzer.SeverityWarning, Message: "controls in the line",
			Span: luaast.Span{Start: outputtest.SpanOf(t, oddSrc, "'\x01", 1).Start, End: outputtest.SpanOf(t, oddSrc, "'\xff'", 1).End},
		},
		analyzer.Diagnostic{
			RuleID: "odd", Severity: analyzer.SeverityWarning,
			Message: "message with\na line break, 100% \x1b[31mred\x1b[0m",
			Span:    outputtest.SpanOf(t, oddSrc, "nope", 1),
		},
	)
	broken := lint.FileResult{Path: "scripts/missing.lua", Err: errors.New("open scripts/missing.lua: no such file or directory")}
	clean := outputtest.FileResult("scripts/clean.lua", "return 1\n")
	return []lint.FileResult{rate, tabs, odd, broken, clean}
}
