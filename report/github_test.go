package report

import (
	"bytes"
	"errors"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/outputtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
)

func TestGitHubGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := GitHub(&buf, corpus(t)); err != nil {
		t.Fatal(err)
	}
	outputtest.Golden(t, "github.golden", buf.Bytes(), *update)
}

func TestGitHubEscaping(t *testing.T) {
	tests := []struct {
		in, data, prop string
	}{
		{"plain", "plain", "plain"},
		{"100%", "100%25", "100%25"},
		{"a\nb\r\nc", "a%0Ab%0D%0Ac", "a%0Ab%0D%0Ac"},
		{"key: a, b", "key: a, b", "key%3A a%2C b"},
		{"%0A", "%250A", "%250A"},
		{"::error::x", "::error::x", "%3A%3Aerror%3A%3Ax"},
		{"日本", "日本", "日本"},
		{"\x1b[31mred\ttab\u202e", `\x1b[31mred\ttab\u202e`, `\x1b[31mred\ttab\u202e`},
	}
	for _, tt := range tests {
		if got := string(appendGitHubData(nil, tt.in)); got != tt.data {
			t.Errorf("data(%q) = %q, want %q", tt.in, got, tt.data)
		}
		if got := string(appendGitHubProperty(nil, tt.in)); got != tt.prop {
			t.Errorf("property(%q) = %q, want %q", tt.in, got, tt.prop)
		}
	}
}

func TestGitHubLines(t *testing.T) {
	src := "local x = '😀' .. a\nreturn {\n}\n"
	afterEmoji := outputtest.SpanOf(t, src, " a", 1)
	afterEmoji.Start++ // just the "a"
	r := outputtest.FileResult("d,ir/a:b.lua", src,
		analyzer.Diagnostic{RuleID: "r1", Severity: analyzer.SeverityError, Message: "after emoji", Span: afterEmoji},
		analyzer.Diagnostic{RuleID: "r2", Severity: analyzer.SeverityWarning, Message: "multi\nline", Span: outputtest.SpanOf(t, src, "{\n}", 1)},
		analyzer.Diagnostic{RuleID: "r3", Severity: analyzer.SeverityInfo, Message: "50% done", Span: outputtest.Span(0, 5)},
	)
	var buf bytes.Buffer
	if err := GitHub(&buf, []lint.FileResult{r}); err != nil {
		t.Fatal(err)
	}
	want := "::error file=d%2Cir/a%3Ab.lua,line=1,col=19,endLine=1,endColumn=20,title=r1::after emoji\n" +
		"::warning file=d%2Cir/a%3Ab.lua,line=2,endLine=3,title=r2::multi%0Aline\n" +
		"::notice file=d%2Cir/a%3Ab.lua,line=1,col=1,endLine=1,endColumn=6,title=r3::50%25 done\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

// TestGitHubUnwritablePath: a path with a character the runner cannot
// read back from an escape (ESC, tab, DEL, a C1 control, a bidi control,
// a byte that is not UTF-8) is not given as file=, which would name a file
// that does not exist: the message starts with the path, escaped, and the
// position. Line breaks have escapes the runner reads back.
func TestGitHubUnwritablePath(t *testing.T) {
	src := "local x = 1\nreturn x\n"
	d := analyzer.Diagnostic{RuleID: "r1", Severity: analyzer.SeverityWarning, Message: "m", Span: outputtest.SpanOf(t, src, "x", 2)}
	for _, tt := range []struct {
		path, want string
	}{
		{"a\x1b[31m.lua", "::warning title=r1::a\\x1b[31m.lua:2:8: m\n"},
		{"a\tb.lua", "::warning title=r1::a\\tb.lua:2:8: m\n"},
		{"a\x7f.lua", "::warning title=r1::a\\x7f.lua:2:8: m\n"},
		{"a\u0085.lua", "::warning title=r1::a\\x85.lua:2:8: m\n"},
		{"a\u202e.lua", "::warning title=r1::a\\u202e.lua:2:8: m\n"},
		{"a\xff.lua", "::warning title=r1::a\\xff.lua:2:8: m\n"},
		{"a\nb.lua", "::warning file=a%0Ab.lua,line=2,col=8,endLine=2,endColumn=9,title=r1::m\n"},
		{"日本.lua", "::warning file=日本.lua,line=2,col=8,endLine=2,endColumn=9,title=r1::m\n"},
	} {
		var buf bytes.Buffer
		if err := GitHub(&buf, []lint.FileResult{outputtest.FileResult(tt.path, src, d)}); err != nil {
			t.Fatal(err)
		}
		if buf.String() != tt.want {
			t.Errorf("%q: got %q, want %q", tt.path, buf.String(), tt.want)
		}
	}
	var buf bytes.Buffer
	r := lint.FileResult{Path: "x\x1b.lua", Err: errors.New("cannot read: denied")}
	if err := GitHub(&buf, []lint.FileResult{r}); err != nil {
		t.Fatal(err)
	}
	if want := "::error title=redis-lua-lint::x\\x1b.lua: could not check file: cannot read: denied\n"; buf.String() != want {
		t.Errorf("file error: got %q, want %q", buf.String(), want)
	}
	buf.Reset()
	d.RuleID = ""
	if err := GitHub(&buf, []lint.FileResult{outputtest.FileResult("a\x1b.lua", src, d)}); err != nil {
		t.Fatal(err)
	}
	if want := "::warning::a\\x1b.lua:2:8: m\n"; buf.String() != want {
		t.Errorf("without a rule: got %q, want %q", buf.String(), want)
	}
}
