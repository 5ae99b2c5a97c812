package sarif

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update after checking the change)\n--- got:\n%s\n--- want:\n%s", name, got, want)
	}
}

// spanOf returns the span of the nth (1-based) occurrence of needle in src.
func spanOf(t testing.TB, src, needle string, nth int) luaast.Span {
	t.Helper()
	off := 0
	for i := 1; ; i++ {
		j := strings.Index(src[off:], needle)
		if j < 0 {
			t.Fatalf("occurrence %d of %q not found", nth, needle)
		}
		if i == nth {
			return luaast.Span{Start: luaast.Pos(off + j), End: luaast.Pos(off + j + len(needle))}
		}
		off += j + len(needle)
	}
}

func fileResult(path, src string, diags ...analyzer.Diagnostic) analyzer.FileResult {
	b := []byte(src)
	return analyzer.FileResult{Path: path, Src: b, Lines: luaast.NewLineIndex(b), Diagnostics: diags}
}

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

const rateSrc = `local user = ARGV[1]
redis.call('INCR', 'rate:' .. user)
redis.call('SET', KEYS[1], 'a')
local limits = {
  a = 1,
}
redis.call('SET', KEYS[1], 'b')
`

// tabsSrc has CRLF line breaks, tabs, wide characters and an emoji.
const tabsSrc = "local s = '日本語'\r\n\tlocal x = \"😀\" .. KEYS[1]\r\n\t\tredis.call('GET', x)\r\n"

// corpus returns the results of the main golden file; paths are under
// base.
func corpus(t testing.TB, base string) []analyzer.FileResult {
	rate := fileResult(base+"/scripts/rate.lua", rateSrc,
		analyzer.Diagnostic{
			RuleID: "dynamic-key", Severity: analyzer.SeverityError,
			Message: "key built by concatenation: pass the whole key in KEYS",
			Span:    spanOf(t, rateSrc, "'rate:' .. user", 1),
			Fixes: []analyzer.Fix{{
				Message: "pass the key as KEYS[2]",
				Edits:   []analyzer.Edit{{Span: spanOf(t, rateSrc, "'rate:' .. user", 1), NewText: "KEYS[2]"}},
			}},
		},
		analyzer.Diagnostic{
			RuleID: "unused-local", Severity: analyzer.SeverityInfo,
			Message: "local \"limits\" is never used",
			Span:    luaast.Span{Start: spanOf(t, rateSrc, "limits = {", 1).Start, End: spanOf(t, rateSrc, "}\n", 1).End - 1},
		},
		analyzer.Diagnostic{
			RuleID: "overwritten-key", Severity: analyzer.SeverityWarning,
			Message: "KEYS[1] is written again before being read",
			Span:    spanOf(t, rateSrc, "redis.call('SET', KEYS[1], 'b')", 1),
			Related: []analyzer.Related{{Span: spanOf(t, rateSrc, "redis.call('SET', KEYS[1], 'a')", 1), Message: "first write here"}},
			Fixes: []analyzer.Fix{{
				Edits: []analyzer.Edit{{Span: spanOf(t, rateSrc, "redis.call('SET', KEYS[1], 'b')\n", 1)}},
			}},
		},
	)
	tabs := fileResult(base+"/scripts/sub dir/tabs:1.lua", tabsSrc,
		analyzer.Diagnostic{
			RuleID: "unused-local", Severity: analyzer.SeverityInfo, Message: "local \"s\" is never used",
			Span: spanOf(t, tabsSrc, "'日本語'", 1),
		},
		analyzer.Diagnostic{
			RuleID: "not-a-registered-rule", Severity: analyzer.SeverityWarning,
			Message: "a link-like message [x](1) after an emoji",
			Span:    spanOf(t, tabsSrc, "KEYS[1]", 1),
		},
		analyzer.Diagnostic{
			RuleID: "dynamic-key", Severity: analyzer.SeverityError, Message: "span after two tabs",
			Span:    spanOf(t, tabsSrc, "x)", 1),
			Related: []analyzer.Related{{Span: spanOf(t, tabsSrc, "x =", 1)}, {Span: spanOf(t, tabsSrc, "KEYS", 1), Message: "key [1] here"}},
		},
	)
	outside := fileResult("/elsewhere/other.lua", "return redis.call('GET', 'k')\n",
		analyzer.Diagnostic{RuleID: "dynamic-key", Severity: analyzer.SeverityError, Message: "key not in KEYS", Span: span(26, 29)})
	broken := analyzer.FileResult{Path: base + "/scripts/missing.lua", Err: errors.New("open scripts/missing.lua: no such file or directory")}
	clean := fileResult(base+"/scripts/clean.lua", "return 1\n")
	return []analyzer.FileResult{rate, tabs, outside, broken, clean}
}

func span(start, end int) luaast.Span {
	return luaast.Span{Start: luaast.Pos(start), End: luaast.Pos(end)}
}
