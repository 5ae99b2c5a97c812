package report

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

// golden compares got with testdata/name, or rewrites it with -update.
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

// spanOf returns the span of the nth (1-based) occurrence of needle in
// src; it fails the test when there is none.
func spanOf(t testing.TB, src, needle string, nth int) luaast.Span {
	t.Helper()
	off := 0
	for i := 0; i < nth; i++ {
		j := strings.Index(src[off:], needle)
		if j < 0 {
			t.Fatalf("occurrence %d of %q not found", nth, needle)
		}
		if i == nth-1 {
			return luaast.Span{Start: luaast.Pos(off + j), End: luaast.Pos(off + j + len(needle))}
		}
		off += j + len(needle)
	}
	panic("unreachable")
}

func fileResult(path, src string, diags ...analyzer.Diagnostic) analyzer.FileResult {
	b := []byte(src)
	return analyzer.FileResult{Path: path, Src: b, Lines: luaast.NewLineIndex(b), Diagnostics: diags}
}

const rateSrc = `local user = ARGV[1]
redis.call('INCR', 'rate:' .. user)
redis.call('SET', KEYS[1], 'a')
local limits = {
  a = 1,
}
--
--
--
--
--
redis.call('SET', KEYS[1], 'b')
return redis.call('GET', KEYS[1])
`

// tabsSrc has CRLF line breaks, tabs, wide characters and an emoji.
const tabsSrc = "local s = '日本語'\r\n\tlocal x = \"😀\" .. KEYS[1]\r\n\t\tredis.call('GET', x)\r\n"

// oddSrc has a control character, an ANSI escape and a bidi override in a
// string, and invalid UTF-8.
const oddSrc = "local c = '\x01\x1b[31m\u202e' .. '\xff' .. nope\n"

// corpus returns the results every printer's golden files are made from.
func corpus(t testing.TB) []analyzer.FileResult {
	rate := fileResult("scripts/rate.lua", rateSrc,
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
			Span: luaast.Span{
				Start: spanOf(t, rateSrc, "limits = {", 1).Start,
				End:   spanOf(t, rateSrc, "}\n", 1).End - 1,
			},
		},
		analyzer.Diagnostic{
			RuleID: "overwritten-key", Severity: analyzer.SeverityWarning,
			Message: "KEYS[1] is written again before being read",
			Span:    spanOf(t, rateSrc, "redis.call('SET', KEYS[1], 'b')", 1),
			Related: []analyzer.Related{{Span: spanOf(t, rateSrc, "redis.call('SET', KEYS[1], 'a')", 1), Message: "first write here"}},
			Fixes: []analyzer.Fix{{
				Edits: []analyzer.Edit{{Span: spanOf(t, rateSrc, "redis.call('SET', KEYS[1], 'b')\n", 1), NewText: ""}},
			}},
		},
		analyzer.Diagnostic{
			RuleID: "missing-tail", Severity: analyzer.SeverityInfo,
			Message: "empty span at end of file",
			Span:    luaast.Span{Start: luaast.Pos(len(rateSrc)), End: luaast.Pos(len(rateSrc))},
		},
	)
	tabs := fileResult("scripts/tabs.lua", tabsSrc,
		analyzer.Diagnostic{
			RuleID: "wide", Severity: analyzer.SeverityInfo, Message: "wide characters",
			Span: spanOf(t, tabsSrc, "'日本語'", 1),
		},
		analyzer.Diagnostic{
			RuleID: "after-emoji", Severity: analyzer.SeverityWarning, Message: "span after an emoji and a tab",
			Span: spanOf(t, tabsSrc, "KEYS[1]", 1),
		},
		analyzer.Diagnostic{
			RuleID: "after-tabs", Severity: analyzer.SeverityError, Message: "span after two tabs",
			Span:    spanOf(t, tabsSrc, "x)", 1),
			Related: []analyzer.Related{{Span: spanOf(t, tabsSrc, "x =", 1)}},
		},
	)
	odd := fileResult("scripts/odd, name:%.lua", oddSrc,
		analyzer.Diagnostic{
			RuleID: "odd", Severity: analyzer.SeverityWarning, Message: "controls in the line",
			Span: luaast.Span{Start: spanOf(t, oddSrc, "'\x01", 1).Start, End: spanOf(t, oddSrc, "'\xff'", 1).End},
		},
		analyzer.Diagnostic{
			RuleID: "odd", Severity: analyzer.SeverityWarning,
			Message: "message with\na line break, 100% \x1b[31mred\x1b[0m",
			Span:    spanOf(t, oddSrc, "nope", 1),
		},
	)
	broken := analyzer.FileResult{Path: "scripts/missing.lua", Err: errors.New("open scripts/missing.lua: no such file or directory")}
	clean := fileResult("scripts/clean.lua", "return 1\n")
	return []analyzer.FileResult{rate, tabs, odd, broken, clean}
}
