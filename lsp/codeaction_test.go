package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// action is the part of a code action the tests read.
type action struct {
	Title string `json:"title"`
	Kind  string `json:"kind"`
	Edit  struct {
		Changes map[string][]protocol.TextEdit `json:"changes"`
	} `json:"edit"`
	Diagnostics []json.RawMessage `json:"diagnostics"`
}

// applyEdits applies one document's text edits (non-overlapping, as the
// protocol requires) to text.
func applyEdits(t *testing.T, text string, edits []protocol.TextEdit) string {
	t.Helper()
	src := []byte(text)
	lt := newLineTable(src)
	type ed struct {
		start, end int
		text       string
	}
	var list []ed
	for _, e := range edits {
		list = append(list, ed{lt.offset(e.Range.Start), lt.offset(e.Range.End), e.NewText})
	}
	// From the end, so earlier offsets stay valid.
	for i := len(list) - 1; i >= 0; i-- {
		for j := range i {
			if list[j].start > list[j+1].start {
				list[j], list[j+1] = list[j+1], list[j]
			}
		}
	}
	for i := len(list) - 1; i >= 0; i-- {
		e := list[i]
		src = append(src[:e.start:e.start], append([]byte(e.text), src[e.end:]...)...)
	}
	return string(src)
}

func TestCodeActionFixAndIgnore(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{})
	src := "count = 1\nreturn count\n"
	uri := c.open(filepath.Join(dir, "a.lua"), src)
	c.waitDiagnostics(uri, 1)
	var actions []action
	c.call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        map[string]any{"start": map[string]any{"line": 0, "character": 2}, "end": map[string]any{"line": 0, "character": 2}},
		"context":      map[string]any{"diagnostics": []any{}},
	}, &actions)
	var titles []string
	for _, a := range actions {
		titles = append(titles, a.Title)
		if a.Kind != "quickfix" || len(a.Diagnostics) != 1 {
			t.Errorf("%q: kind %q, %d diagnostics; want a quickfix for one diagnostic", a.Title, a.Kind, len(a.Diagnostics))
		}
	}
	want := "declare 'count' as a local|Ignore global-assignment on this line"
	if strings.Join(titles, "|") != want {
		t.Fatalf("actions = %q, want %q", titles, want)
	}
	for i, wantText := range []string{
		"local count = 1\nreturn count\n",
		"count = 1 -- redis-lua-lint: ignore global-assignment\nreturn count\n",
	} {
		got := applyEdits(t, src, actions[i].Edit.Changes[uri])
		if got != wantText {
			t.Errorf("%s:\n%s\nwant\n%s", actions[i].Title, got, wantText)
		}
		eng := lint.NewEngine(rules.All(), lint.DefaultConfig(dir), 1)
		if res := eng.CheckSource("a.lua", []byte(got)); len(res.Diagnostics) != 0 {
			t.Errorf("%s: findings left: %+v", actions[i].Title, res.Diagnostics)
		}
	}

	// Out of the finding's range: nothing; only other kinds: nothing.
	for _, params := range []map[string]any{
		{"range": map[string]any{"start": map[string]any{"line": 1, "character": 0}, "end": map[string]any{"line": 1, "character": 3}},
			"context": map[string]any{"diagnostics": []any{}}},
		{"range": map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 0, "character": 0}},
			"context": map[string]any{"diagnostics": []any{}, "only": []string{"refactor"}}},
	} {
		params["textDocument"] = map[string]any{"uri": uri}
		var none []action
		c.call(protocol.MethodTextDocumentCodeAction, params, &none)
		if len(none) != 0 {
			t.Errorf("code actions for %v = %+v, want none", params, none)
		}
	}
}

// TestIgnoreEdit checks the form of the ignore comment on lines where a
// trailing comment would not work, by linting the edited text: the
// finding must be gone and the script must still parse.
func TestIgnoreEdit(t *testing.T) {
	for _, tc := range []struct {
		name, src, rule string
		want            string // "" for no edit
	}{
		{"trailing", "count = 1\nreturn count\n", "global-assignment",
			"count = 1 -- redis-lua-lint: ignore global-assignment\nreturn count\n"},
		{"trailing spaces trimmed", "count = 1   \nreturn count\n", "global-assignment",
			"count = 1 -- redis-lua-lint: ignore global-assignment   \nreturn count\n"},
		{"after a comment: line above", "  count = 1 -- the count\nreturn count\n", "global-assignment",
			"  -- redis-lua-lint: ignore global-assignment\n  count = 1 -- the count\nreturn count\n"},
		{"added to an ignore comment", "count = 1 -- redis-lua-lint: ignore unused-variable\nreturn count\n", "global-assignment",
			"count = 1 -- redis-lua-lint: ignore unused-variable,global-assignment\nreturn count\n"},
		{"line ends inside a long string: line above", "x = [[a\nb]]\nreturn x\n", "global-assignment",
			"-- redis-lua-lint: ignore global-assignment\nx = [[a\nb]]\nreturn x\n"},
		{"CRLF line above", "x = 1 --[[ c\r\n]] return x\r\n", "global-assignment",
			"-- redis-lua-lint: ignore global-assignment\r\nx = 1 --[[ c\r\n]] return x\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eng := lint.NewEngine(rules.All(), lint.DefaultConfig(t.TempDir()), 1)
			res := eng.CheckSource("a.lua", []byte(tc.src))
			var d *analyzer.Diagnostic
			for i := range res.Diagnostics {
				if res.Diagnostics[i].RuleID == tc.rule {
					d = &res.Diagnostics[i]
					break
				}
			}
			if d == nil {
				t.Fatalf("no %s finding in %q: %+v", tc.rule, tc.src, res.Diagnostics)
			}
			e, ok := ignoreEdit([]byte(tc.src), newLineTable([]byte(tc.src)), d)
			if !ok {
				if tc.want != "" {
					t.Fatalf("no edit, want %q", tc.want)
				}
				return
			}
			got := applyEdits(t, tc.src, []protocol.TextEdit{e})
			if got != tc.want {
				t.Fatalf("edited:\n%q\nwant\n%q", got, tc.want)
			}
			after := eng.CheckSource("a.lua", []byte(got))
			for _, d2 := range after.Diagnostics {
				if d2.RuleID == tc.rule {
					t.Errorf("still reported after the edit: %+v", d2)
				}
			}
			if _, err := luaast.Parse("a.lua", []byte(got)); err != nil {
				t.Errorf("edited script does not parse: %v", err)
			}
		})
	}
}

func TestNoIgnoreForSyntaxError(t *testing.T) {
	src := "local x = = 1\n"
	eng := lint.NewEngine(rules.All(), lint.DefaultConfig(t.TempDir()), 1)
	res := eng.CheckSource("a.lua", []byte(src))
	if len(res.Diagnostics) == 0 || res.Diagnostics[0].RuleID != analyzer.SyntaxErrorRuleID {
		t.Fatalf("want a syntax error, got %+v", res.Diagnostics)
	}
	if _, ok := ignoreEdit([]byte(src), newLineTable([]byte(src)), &res.Diagnostics[0]); ok {
		t.Error("an ignore comment offered for syntax-error, which only ignore-file silences")
	}
}

func TestOneIgnorePerRuleAndLine(t *testing.T) {
	dir := t.TempDir()
	c := startServer(t, Options{})
	src := "a, b = 1, 2\nreturn a + b\n"
	uri := c.open(filepath.Join(dir, "a.lua"), src)
	if got := codes(c.waitDiagnostics(uri, 1).Diagnostics); len(got) != 2 {
		t.Fatalf("want two global-assignment findings on line 0, got %v", got)
	}
	var actions []action
	c.call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 0, "character": 11}},
		"context":      map[string]any{"diagnostics": []any{}},
	}, &actions)
	ignores := 0
	for _, a := range actions {
		if strings.HasPrefix(a.Title, "Ignore ") {
			ignores++
			got := applyEdits(t, src, a.Edit.Changes[uri])
			eng := lint.NewEngine(rules.All(), lint.DefaultConfig(dir), 1)
			if res := eng.CheckSource("a.lua", []byte(got)); len(res.Diagnostics) != 0 {
				t.Errorf("after %q: %+v", a.Title, res.Diagnostics)
			}
		}
	}
	if ignores != 1 {
		t.Errorf("%d ignore actions, want 1: %+v", ignores, actions)
	}
}
