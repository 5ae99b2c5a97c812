package report_test

import (
	"fmt"
	"os"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/report"
)

func exampleResults() []lint.FileResult {
	src := []byte("local user = ARGV[1]\nredis.call('INCR', 'rate:' .. user)\n")
	return []lint.FileResult{{
		Path:  "rate.lua",
		Src:   src,
		Lines: luaast.NewLineIndex(src),
		Diagnostics: []analyzer.Diagnostic{{
			RuleID:   "dynamic-key",
			Severity: analyzer.SeverityError,
			Message:  "key built by concatenation: pass the whole key in KEYS",
			Span:     luaast.Span{Start: 40, End: 55},
		}},
	}}
}

func ExampleText() {
	_ = report.Text(os.Stdout, exampleResults(), report.TextOptions{})
	// Output:
	// rate.lua:2:20: error: key built by concatenation: pass the whole key in KEYS [dynamic-key]
	//   |
	// 2 | redis.call('INCR', 'rate:' .. user)
	//   |                    ^~~~~~~~~~~~~~~
	//
	// 1 error, 0 warnings, 0 infos in 1 file
}

func ExampleGitHub() {
	_ = report.GitHub(os.Stdout, exampleResults())
	// Output:
	// ::error file=rate.lua,line=2,col=20,endLine=2,endColumn=35,title=dynamic-key::key built by concatenation: pass the whole key in KEYS
}

func ExampleSummarize() {
	s := report.Summarize(exampleResults())
	fmt.Println(s.Errors, s.FilesWithFindings)
	fmt.Println(s)
	// Output:
	// 1 1
	// 1 error, 0 warnings, 0 infos in 1 file
}
