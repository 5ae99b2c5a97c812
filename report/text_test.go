package report

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fatih/color"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

func TestTextGolden(t *testing.T) {
	tests := []struct {
		name    string
		results func(testing.TB) []lint.FileResult
		opts    TextOptions
	}{
		{"text_plain.golden", corpus, TextOptions{}},
		{"text_color.golden", corpus, TextOptions{Color: true}},
		{"text_quiet.golden", corpus, TextOptions{Quiet: true}},
		{"text_clean.golden", func(testing.TB) []lint.FileResult {
			return []lint.FileResult{outputtest.FileResult("a.lua", "return 1\n"), outputtest.FileResult("b.lua", "return 2\n")}
		}, TextOptions{}},
		{"text_empty.golden", func(testing.TB) []lint.FileResult { return nil }, TextOptions{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Text(&buf, tt.results(t), tt.opts); err != nil {
				t.Fatal(err)
			}
			outputtest.Golden(t, tt.name, buf.Bytes(), *update)
		})
	}
}

// TestTextColorLayout checks that colour changes nothing but the escape
// sequences, and that no escape is written with colour off.
func TestTextColorLayout(t *testing.T) {
	var plain, colored bytes.Buffer
	if err := Text(&plain, corpus(t), TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := Text(&colored, corpus(t), TextOptions{Color: true}); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(plain.Bytes(), []byte("\x1b")) {
		t.Error("colour off: output contains an escape character")
	}
	if !bytes.Contains(colored.Bytes(), []byte("\x1b[31;1merror")) && !bytes.Contains(colored.Bytes(), []byte("\x1b[1;31merror")) {
		t.Errorf("colour on: no bold red \"error\" in\n%q", colored.String())
	}
	if got := stripANSI(colored.String()); got != plain.String() {
		t.Errorf("colour on, escapes removed, differs from colour off:\n%s\n---\n%s", got, plain.String())
	}
}

// TestTextIgnoresGlobalNoColor checks that the printer does not depend on
// fatih/color's global switch.
func TestTextIgnoresGlobalNoColor(t *testing.T) {
	saved := color.NoColor
	t.Cleanup(func() { color.NoColor = saved })
	for _, global := range []bool{true, false} {
		color.NoColor = global
		var on, off bytes.Buffer
		if err := Text(&on, corpus(t), TextOptions{Color: true}); err != nil {
			t.Fatal(err)
		}
		if err := Text(&off, corpus(t), TextOptions{Color: false}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(on.Bytes(), []byte("\x1b[")) {
			t.Errorf("color.NoColor=%v: Color:true wrote no colour", global)
		}
		if bytes.Contains(off.Bytes(), []byte("\x1b")) {
			t.Errorf("color.NoColor=%v: Color:false wrote colour", global)
		}
	}
}

func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && s[j] != 'm' {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func TestAppendDisplay(t *testing.T) {
	tests := []struct {
		name       string
		line       string
		a, b       int
		want       string
		colA, colB int
	}{
		{"ascii", "abc def", 4, 7, "abc def", 4, 7},
		{"tab at start", "\tx", 1, 2, "    x", 4, 5},
		{"tab after text", "ab\tx", 3, 4, "ab  x", 4, 5},
		{"tab inside span", "a\tb", 0, 3, "a   b", 0, 5},
		{"wide", "日本語x", 9, 10, "日本語x", 6, 7},
		{"emoji", "\"😀\" .. k", 10, 11, "\"😀\" .. k", 8, 9},
		{"combining mark", "e\u0301x", 3, 4, "e\u0301x", 1, 2},
		{"control", "a\x01b", 2, 3, "a\u2401b", 2, 3},
		{"escape", "\x1b[31m", 0, 5, "\u241b[31m", 0, 5},
		{"delete", "\x7f", 0, 1, "\u2421", 0, 1},
		{"invalid utf-8", "\xffx", 1, 2, "\ufffdx", 1, 2},
		{"C1 control", "\u0085x", 2, 3, "\ufffdx", 1, 2},
		{"bidi override", "a\u202eb", 4, 5, "a\ufffdb", 2, 3},
		{"mid-rune offsets widen", "日本", 1, 4, "日本", 0, 4},
		{"past end", "ab", 3, 4, "ab", 3, 4},
		{"empty line", "", 0, 0, "", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ca, cb := appendDisplay(nil, []byte(tt.line), tt.a, tt.b)
			if string(got) != tt.want || ca != tt.colA || cb != tt.colB {
				t.Errorf("appendDisplay(%q, %d, %d) = %q, %d, %d; want %q, %d, %d",
					tt.line, tt.a, tt.b, got, ca, cb, tt.want, tt.colA, tt.colB)
			}
		})
	}
}

// appendDisplayByByte is appendDisplay without its fast path for runs of
// printable ASCII: every character through the per-character step, which
// the fast path must agree with.
func appendDisplayByByte(dst, line []byte, a, b int) (out []byte, colA, colB int) {
	d := displayCols{a: a, b: b, colA: -1, colB: -1}
	for d.i < len(line) {
		dst = d.step(dst, line)
	}
	colA, colB = d.end(len(line))
	return dst, colA, colB
}

func TestAppendDisplayMatchesByByte(t *testing.T) {
	pieces := []string{"a", "bc", " ", "\t", "日", "\x01", "\x7f", "\xff", "e\u0301", "\u202e", "x.y", "😀"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		var sb strings.Builder
		for n := rng.IntN(8); n > 0; n-- {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		line := []byte(sb.String())
		a := rng.IntN(len(line) + 3)
		b := a + rng.IntN(len(line)+3-a)
		got, ca, cb := appendDisplay(nil, line, a, b)
		want, wa, wb := appendDisplayByByte(nil, line, a, b)
		if !bytes.Equal(got, want) || ca != wa || cb != wb {
			t.Fatalf("appendDisplay(%q, %d, %d) = %q, %d, %d; by byte %q, %d, %d", line, a, b, got, ca, cb, want, wa, wb)
		}
	}
}

func TestAppendSafe(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"line\nbreak\r", `line\nbreak\r`},
		{"\x1b[31mred", `\x1b[31mred`},
		{"tab\there", `tab\there`},
		{"bidi\u202eend", `bidi\u202eend`},
		{"bad \xff byte", `bad \xff byte`},
		{"日本語 😀", "日本語 😀"},
	}
	for _, tt := range tests {
		if got := string(appendSafe(nil, tt.in)); got != tt.want {
			t.Errorf("appendSafe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSummaryString(t *testing.T) {
	tests := []struct {
		s    Summary
		want string
	}{
		{Summary{}, "no files checked"},
		{Summary{Files: 1}, "no problems found in 1 file"},
		{Summary{Files: 3}, "no problems found in 3 files"},
		{Summary{Errors: 1, Files: 1, FilesWithFindings: 1}, "1 error, 0 warnings, 0 infos in 1 file"},
		// Only some of the checked files have findings: say of how many.
		{Summary{Errors: 1, Files: 2, FilesWithFindings: 1}, "1 error, 0 warnings, 0 infos in 1 of 2 files"},
		{Summary{Errors: 2, Warnings: 1, Infos: 1, Files: 2, FilesWithFindings: 2}, "2 errors, 1 warning, 1 info in 2 files"},
		{Summary{Files: 1, FilesNotChecked: 1}, "1 file could not be checked"},
		{Summary{Files: 3, FilesNotChecked: 1}, "no problems found in 2 files; 1 file could not be checked"},
		{Summary{Warnings: 3, Files: 3, FilesWithFindings: 1, FilesNotChecked: 2}, "0 errors, 3 warnings, 0 infos in 1 file; 2 files could not be checked"},
		{Summary{Warnings: 3, Files: 5, FilesWithFindings: 1, FilesNotChecked: 2}, "0 errors, 3 warnings, 0 infos in 1 of 3 files; 2 files could not be checked"},
		// Inconsistent hand-built counts do not print nonsense.
		{Summary{Errors: 1, FilesWithFindings: 1}, "1 error, 0 warnings, 0 infos in 1 file"},
		{Summary{FilesNotChecked: 1}, "1 file could not be checked"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.s, got, tt.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	got := Summarize(corpus(t))
	want := Summary{Errors: 2, Warnings: 4, Infos: 3, Files: 5, FilesWithFindings: 3, FilesWithErrorFindings: 2, FilesNotChecked: 1, FilesWithErrors: 1}
	if got != want {
		t.Errorf("Summarize(corpus) = %+v, want %+v", got, want)
	}
}

func TestDescribeFix(t *testing.T) {
	src := []byte("redis.call('GET', k)\n")
	tests := []struct {
		fix  analyzer.Fix
		want string
	}{
		{analyzer.Fix{Message: "use pcall"}, "use pcall"},
		{analyzer.Fix{Edits: []analyzer.Edit{{Span: outputtest.Span(0, 10), NewText: "redis.pcall"}}}, "replace `redis.call` with `redis.pcall`"},
		{analyzer.Fix{Edits: []analyzer.Edit{{Span: outputtest.Span(0, 0), NewText: "return "}}}, "insert `return `"},
		{analyzer.Fix{Edits: []analyzer.Edit{{Span: outputtest.Span(0, 21)}}}, "remove `redis.call('GET', k)`"},
		{analyzer.Fix{Edits: []analyzer.Edit{{Span: outputtest.Span(0, 0), NewText: "a\nb"}}}, "insert `a…`"},
		{analyzer.Fix{Edits: []analyzer.Edit{{Span: outputtest.Span(0, 0), NewText: strings.Repeat("日", 20)}}}, "insert `" + strings.Repeat("日", 13) + "…`"},
		{analyzer.Fix{Edits: []analyzer.Edit{{Span: outputtest.Span(0, 1)}, {Span: outputtest.Span(2, 3)}}}, "apply the suggested fix (2 edits)"},
		{analyzer.Fix{Edits: []analyzer.Edit{{Span: outputtest.Span(5, 500), NewText: "x"}}}, "insert `x`"},
	}
	for _, tt := range tests {
		if got := describeFix(src, &tt.fix); got != tt.want {
			t.Errorf("describeFix(%+v) = %q, want %q", tt.fix, got, tt.want)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errWrite }

func TestWriteErrors(t *testing.T) {
	res := corpus(t)
	if err := Text(failWriter{}, res, TextOptions{}); err == nil {
		t.Error("Text: no error from a failing writer")
	}
	if err := JSON(failWriter{}, res, nil); err == nil {
		t.Error("JSON: no error from a failing writer")
	}
	if err := GitHub(failWriter{}, res); err == nil {
		t.Error("GitHub: no error from a failing writer")
	}
}

// TestTextOutOfRangeSpans checks that spans outside the source (a rule
// bug) are clamped rather than crashing the printer.
func TestTextOutOfRangeSpans(t *testing.T) {
	src := "return 1\n"
	r := outputtest.FileResult("a.lua", src,
		analyzer.Diagnostic{RuleID: "x", Severity: analyzer.SeverityError, Message: "past the end", Span: outputtest.Span(100, 200)},
		analyzer.Diagnostic{RuleID: "x", Severity: analyzer.SeverityError, Message: "reversed", Span: outputtest.Span(5, 2)},
		analyzer.Diagnostic{RuleID: "x", Message: "negative, no severity", Span: outputtest.Span(-4, -1),
			Related: []analyzer.Related{{Span: outputtest.Span(50, 60)}}},
	)
	noLines := lint.FileResult{Path: "b.lua", Diagnostics: []analyzer.Diagnostic{{RuleID: "y", Severity: analyzer.SeverityWarning, Message: "no source",
		Related: []analyzer.Related{{Message: "there"}}, Fixes: []analyzer.Fix{{Message: "do it"}}}}}
	var buf bytes.Buffer
	if err := Text(&buf, []lint.FileResult{r, noLines}, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	outputtest.Golden(t, "text_out_of_range.golden", buf.Bytes(), *update)
}

func TestTextLongLines(t *testing.T) {
	long := "local t = {" + strings.Repeat("'abcdefgh', ", 40) + "KEYS[1], " + strings.Repeat("'日本語', ", 60) + "}\n"
	keys := outputtest.SpanOf(t, long, "KEYS[1]", 1)
	r := outputtest.FileResult("min.lua", long,
		analyzer.Diagnostic{RuleID: "r", Severity: analyzer.SeverityWarning, Message: "in the middle", Span: keys},
		analyzer.Diagnostic{RuleID: "r", Severity: analyzer.SeverityWarning, Message: "at the start", Span: outputtest.Span(0, 5)},
		analyzer.Diagnostic{RuleID: "r", Severity: analyzer.SeverityWarning, Message: "to the end", Span: outputtest.Span(int(keys.Start), len(long)-1)},
	)
	var buf bytes.Buffer
	if err := Text(&buf, []lint.FileResult{r}, TextOptions{Quiet: true}); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(buf.String(), "\n") {
		if len(l) > 3*maxLineBytes {
			t.Errorf("line of %d bytes not cut: %.80q...", len(l), l)
		}
	}
	outputtest.Golden(t, "text_long.golden", buf.Bytes(), *update)
}

// TestTextLongLineOddBytes checks windowing on long lines that are not
// valid UTF-8 (continuation bytes everywhere).
func TestTextLongLineOddBytes(t *testing.T) {
	for _, src := range []string{strings.Repeat("\x80", 500), strings.Repeat("日", 300), "\xe6" + strings.Repeat("\x97", 400)} {
		for _, sp := range []luaast.Span{outputtest.Span(0, 1), outputtest.Span(250, 260), outputtest.Span(0, len(src)), outputtest.Span(len(src), len(src)), outputtest.Span(499, 1000)} {
			r := outputtest.FileResult("a.lua", src, analyzer.Diagnostic{RuleID: "r", Severity: analyzer.SeverityError, Message: "m", Span: sp})
			var buf bytes.Buffer
			if err := Text(&buf, []lint.FileResult{r}, TextOptions{}); err != nil {
				t.Fatal(err)
			}
			if !utf8.Valid(buf.Bytes()) {
				t.Errorf("span %v: output not UTF-8", sp)
			}
		}
	}
}
