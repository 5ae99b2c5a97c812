// Package outputtest holds the test fixtures that the output packages
// (report and sarif) share: golden-file comparison, builders of analyzer
// results from Lua source, the sources with awkward characters their
// golden files are made from, and the large result their benchmarks
// write. It is imported only by tests.
package outputtest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Golden compares got with the file testdata/name of the package under
// test, or rewrites that file when update is set (each package's -update
// flag).
func Golden(t testing.TB, name string, got []byte, update bool) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test -update after checking the change)\n--- got:\n%s\n--- want:\n%s", name, got, want)
	}
}

// EncodingJSON returns what encoding/json writes for v with a two-space
// indent and no HTML escaping, the layout the output packages' streaming
// writers promise to reproduce byte for byte.
func EncodingJSON(t testing.TB, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Span returns the span of bytes [start, end).
func Span(start, end int) luaast.Span {
	return luaast.Span{Start: luaast.Pos(start), End: luaast.Pos(end)}
}

// SpanOf returns the span of the nth (1-based) occurrence of needle in
// src; it fails the test when there is none.
func SpanOf(t testing.TB, src, needle string, nth int) luaast.Span {
	t.Helper()
	off := 0
	for i := 1; nth > 0; i++ {
		j := strings.Index(src[off:], needle)
		if j < 0 {
			break
		}
		if i == nth {
			return Span(off+j, off+j+len(needle))
		}
		off += j + len(needle)
	}
	t.Fatalf("occurrence %d of %q not found", nth, needle)
	return luaast.Span{}
}

// FileResult returns the result of the file at path with source src and
// the given diagnostics.
func FileResult(path, src string, diags ...analyzer.Diagnostic) lint.FileResult {
	b := []byte(src)
	return lint.FileResult{Path: path, Src: b, Lines: luaast.NewLineIndex(b), Diagnostics: diags}
}

// TabsSrc has CRLF line breaks, tabs, wide characters and an emoji.
const TabsSrc = "local s = '日本語'\r\n\tlocal x = \"😀\" .. KEYS[1]\r\n\t\tredis.call('GET', x)\r\n"

// AwkwardText has every kind of character a JSON string escapes or
// replaces: control characters, DEL, invalid UTF-8 (a lone byte and an
// encoded surrogate half), HTML characters, U+2028 and U+2029, and wide
// characters.
const AwkwardText = "ctl \x00\x01\b\f\n\r\t\x1f \x7f \xff \xed\xa0\x80 <&> \u2028 \u2029 日本 😀"

// RateSrc returns the rate-limiter script of the golden files, with
// between put before its second write of KEYS[1] and after appended.
func RateSrc(between, after string) string {
	return `local user = ARGV[1]
redis.call('INCR', 'rate:' .. user)
redis.call('SET', KEYS[1], 'a')
local limits = {
  a = 1,
}
` + between + "redis.call('SET', KEYS[1], 'b')\n" + after
}

// RateDiagnostics returns the findings in src, a script from RateSrc: a
// key built by concatenation (with a fix), an unused local table spanning
// lines, and a key written twice (with a related location and a fix that
// deletes a line).
func RateDiagnostics(t testing.TB, src string) []analyzer.Diagnostic {
	t.Helper()
	return []analyzer.Diagnostic{
		{
			RuleID: "dynamic-key", Severity: analyzer.SeverityError,
			Message: "key built by concatenation: pass the whole key in KEYS",
			Span:    SpanOf(t, src, "'rate:' .. user", 1),
			Fixes: []analyzer.Fix{{
				Message: "pass the key as KEYS[2]",
				Edits:   []analyzer.Edit{{Span: SpanOf(t, src, "'rate:' .. user", 1), NewText: "KEYS[2]"}},
			}},
		},
		{
			RuleID: "unused-local", Severity: analyzer.SeverityInfo,
			Message: "local \"limits\" is never used",
			Span:    luaast.Span{Start: SpanOf(t, src, "limits = {", 1).Start, End: SpanOf(t, src, "}\n", 1).End - 1},
		},
		{
			RuleID: "overwritten-key", Severity: analyzer.SeverityWarning,
			Message: "KEYS[1] is written again before being read",
			Span:    SpanOf(t, src, "redis.call('SET', KEYS[1], 'b')", 1),
			Related: []analyzer.Related{{Span: SpanOf(t, src, "redis.call('SET', KEYS[1], 'a')", 1), Message: "first write here"}},
			Fixes: []analyzer.Fix{{
				Edits: []analyzer.Edit{{Span: SpanOf(t, src, "redis.call('SET', KEYS[1], 'b')\n", 1)}},
				Safe:  true, // both values of the fixes' safety in the goldens
			}},
		},
	}
}

// BigResult returns one file at path with n diagnostics, ten per line,
// every fifth with a related location and a fix: the load of the
// printers' benchmarks.
func BigResult(path string, n int) []lint.FileResult {
	line := "\tredis.call('SET', 'key:' .. ARGV[1], '日本語', KEYS[1]) -- x\n"
	src := []byte(strings.Repeat(line, n/10+1))
	diags := make([]analyzer.Diagnostic, n)
	for i := range diags {
		start := luaast.Pos((i/10)*len(line) + 1 + i%10*3)
		d := analyzer.Diagnostic{
			RuleID: "dynamic-key", Severity: analyzer.Severity(i%3 + 1),
			Message: "key built by concatenation: pass the whole key in KEYS",
			Span:    luaast.Span{Start: start, End: start + 12},
		}
		if i%5 == 0 {
			d.Related = []analyzer.Related{{Span: luaast.Span{Start: 1, End: 11}, Message: "first write here"}}
			d.Fixes = []analyzer.Fix{{Message: "use KEYS", Edits: []analyzer.Edit{{Span: d.Span, NewText: "KEYS[2]"}}}}
		}
		diags[i] = d
	}
	return []lint.FileResult{{Path: path, Src: src, Lines: luaast.NewLineIndex(src), Diagnostics: diags}}
}
