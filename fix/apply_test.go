package fix

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// edit is an analyzer.Edit of [s, e).
func edit(s, e int, text string) analyzer.Edit {
	return analyzer.Edit{Span: luaast.Span{Start: luaast.Pos(s), End: luaast.Pos(e)}, NewText: text}
}

func fixOf(edits ...analyzer.Edit) analyzer.Fix {
	return analyzer.Fix{Message: "m", Edits: edits, Safe: true}
}

func TestApply(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		fixes   []analyzer.Fix
		want    string
		applied int
	}{
		{"none", "abc", nil, "abc", 0},
		{"one replacement", "a = 1", []analyzer.Fix{fixOf(edit(0, 1, "b"))}, "b = 1", 1},
		{"insertion", "x = 1", []analyzer.Fix{fixOf(edit(0, 0, "local "))}, "local x = 1", 1},
		{"two disjoint in any order", "a b c", []analyzer.Fix{fixOf(edit(4, 5, "C")), fixOf(edit(0, 1, "A"))}, "A b C", 2},
		{"edits of one fix", "a b c", []analyzer.Fix{fixOf(edit(4, 5, "C"), edit(0, 1, "A"))}, "A b C", 1},
		{"adjacent edits", "ab", []analyzer.Fix{fixOf(edit(0, 1, "A")), fixOf(edit(1, 2, "B"))}, "AB", 2},
		{"insertion at the end of a replacement", "ab", []analyzer.Fix{fixOf(edit(0, 1, "A")), fixOf(edit(1, 1, "+"))}, "A+b", 2},
		{"overlap: first wins", "abcd", []analyzer.Fix{fixOf(edit(0, 2, "X")), fixOf(edit(1, 3, "Y"))}, "Xcd", 1},
		{"two insertions at one point: first wins", "ab", []analyzer.Fix{fixOf(edit(1, 1, "1")), fixOf(edit(1, 1, "2"))}, "a1b", 1},
		{"insertion at the start of a replacement", "ab", []analyzer.Fix{fixOf(edit(0, 1, "A")), fixOf(edit(0, 0, "+"))}, "Ab", 1},
		{"identical fixes count once", "ab", []analyzer.Fix{fixOf(edit(0, 1, "A")), fixOf(edit(0, 1, "A"))}, "Ab", 1},
		{"a fix overlapping itself is skipped", "abcd", []analyzer.Fix{fixOf(edit(0, 2, "X"), edit(1, 3, "Y")), fixOf(edit(3, 4, "D"))}, "abcD", 1},
		{"an edit out of range is skipped", "ab", []analyzer.Fix{fixOf(edit(1, 5, "X")), fixOf(edit(-1, 0, "X"))}, "ab", 0},
		{"a no-op fix is not applied", "ab", []analyzer.Fix{fixOf(edit(0, 1, "a"))}, "ab", 0},
		{"CRLF file: inserted newlines are CRLF", "a\r\nb\r\n", []analyzer.Fix{fixOf(edit(3, 3, "x\ny\r\n"))}, "a\r\nx\r\ny\r\nb\r\n", 1},
		{"LF file: newlines kept", "a\nb\n", []analyzer.Fix{fixOf(edit(2, 2, "x\n"))}, "a\nx\nb\n", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, n := Apply([]byte(tt.src), tt.fixes)
			if string(got) != tt.want || n != tt.applied {
				t.Errorf("Apply = %q, %d; want %q, %d", got, n, tt.want, tt.applied)
			}
		})
	}
}

func TestApplyKeepsCallerMemory(t *testing.T) {
	src := []byte("a = 1")
	f := fixOf(edit(0, 1, "b"))
	_, _ = Apply(src, []analyzer.Fix{f})
	if string(src) != "a = 1" || f.Edits[0].NewText != "b" {
		t.Fatalf("Apply changed its arguments: %q %+v", src, f)
	}
}

func TestSafeOrder(t *testing.T) {
	diags := []analyzer.Diagnostic{
		{RuleID: "z-rule", Span: luaast.Span{Start: 0, End: 1}, Fixes: []analyzer.Fix{fixOf(edit(5, 6, "z"))}},
		{RuleID: "b-rule", Span: luaast.Span{Start: 2, End: 3}, Fixes: []analyzer.Fix{fixOf(edit(5, 6, "b"))}},
		{RuleID: "a-rule", Span: luaast.Span{Start: 3, End: 4}, Fixes: []analyzer.Fix{{Message: "unsafe", Edits: []analyzer.Edit{edit(0, 1, "u")}}}},
		{RuleID: "c-rule", Span: luaast.Span{Start: 4, End: 5}, Fixes: []analyzer.Fix{
			{Message: "unsafe first", Edits: []analyzer.Edit{edit(1, 2, "u")}},
			fixOf(edit(1, 2, "c")),
			fixOf(edit(2, 3, "second safe")),
		}},
	}
	var got []string
	for _, c := range Safe(diags) {
		got = append(got, c.RuleID+":"+c.Fix.Edits[0].NewText)
	}
	want := []string{"c-rule:c", "b-rule:b", "z-rule:z"}
	if len(got) != len(want) {
		t.Fatalf("Safe = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("Safe = %v, want %v", got, want)
		}
	}
}
