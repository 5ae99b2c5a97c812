package report

import (
	"bytes"
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
