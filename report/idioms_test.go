package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestTextIdiomNotes checks that the text report names the option of an
// idiom once, before the summary, when a run has at least
// analyzer.IdiomThreshold findings of it across its files, and not for
// fewer, for other rules' findings, or in quiet mode.
func TestTextIdiomNotes(t *testing.T) {
	rule := &analyzer.Rule{ID: "dynamic-key", Idioms: []analyzer.Idiom{
		{Name: "build keys from a prefix passed in ARGV", Marker: "(or set opt)", Advice: "set opt: true if it is on purpose"},
	}}
	src := "x()\n"
	file := func(path string, msgs ...string) lint.FileResult {
		r := lint.FileResult{Path: path, Src: []byte(src), Lines: luaast.NewLineIndex([]byte(src))}
		for _, m := range msgs {
			id := "dynamic-key"
			if strings.HasPrefix(m, "other:") {
				id = "other"
			}
			r.Diagnostics = append(r.Diagnostics, analyzer.Diagnostic{RuleID: id, Severity: analyzer.SeverityError, Message: m, Span: luaast.Span{Start: 0, End: 1}})
		}
		return r
	}
	const note = "note: 3 dynamic-key findings build keys from a prefix passed in ARGV: set opt: true if it is on purpose\n"
	tests := []struct {
		name    string
		results []lint.FileResult
		opts    TextOptions
		want    bool
	}{
		{"three across files", []lint.FileResult{file("a.lua", "k (or set opt)", "j (or set opt)"), file("b.lua", "m (or set opt)")}, TextOptions{Rules: []*analyzer.Rule{rule}}, true},
		{"two", []lint.FileResult{file("a.lua", "k (or set opt)", "j (or set opt)", "plain")}, TextOptions{Rules: []*analyzer.Rule{rule}}, false},
		{"another rule's", []lint.FileResult{file("a.lua", "k (or set opt)", "j (or set opt)", "other: (or set opt)")}, TextOptions{Rules: []*analyzer.Rule{rule}}, false},
		{"quiet", []lint.FileResult{file("a.lua", "k (or set opt)", "j (or set opt)", "m (or set opt)")}, TextOptions{Quiet: true, Rules: []*analyzer.Rule{rule}}, false},
		{"no rules given", []lint.FileResult{file("a.lua", "k (or set opt)", "j (or set opt)", "m (or set opt)")}, TextOptions{}, false},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := Text(&buf, tt.results, tt.opts); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if got := strings.Contains(out, note); got != tt.want {
			t.Errorf("%s: note printed %v, want %v:\n%s", tt.name, got, tt.want, out)
		}
		if tt.want && (strings.Count(out, "note: 3") != 1 || !strings.HasSuffix(out, note+"3 errors, 0 warnings, 0 infos in 2 files\n")) {
			t.Errorf("%s: the note must come once, just before the summary:\n%s", tt.name, out)
		}
	}
}
