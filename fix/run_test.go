package fix

import (
	"bytes"
	"errors"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// upperLint is a LintFunc for tests: every lowercase "ab" is a finding
// whose safe fix replaces it with "B", and every "BB" one whose fix
// replaces it with "C". "abab" gives overlapping fixes after the first
// round ("BB"), so rounds are needed; "!" is a syntax error.
func upperLint(src []byte) ([]analyzer.Diagnostic, error) {
	var out []analyzer.Diagnostic
	for i := 0; i+1 < len(src); i++ {
		var text string
		switch {
		case src[i] == 'a' && src[i+1] == 'b':
			text = "B"
		case src[i] == 'B' && src[i+1] == 'B':
			text = "C"
		default:
			continue
		}
		out = append(out, analyzer.Diagnostic{RuleID: "r", Span: luaast.Span{Start: luaast.Pos(i), End: luaast.Pos(i + 2)},
			Fixes: []analyzer.Fix{fixOf(edit(i, i+2, text))}})
	}
	if i := bytes.IndexByte(src, '!'); i >= 0 {
		out = append(out, analyzer.Diagnostic{RuleID: analyzer.SyntaxErrorRuleID, Span: luaast.Span{Start: luaast.Pos(i), End: luaast.Pos(i + 1)}})
	}
	return out, nil
}

func TestRun(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		want    string
		applied int
		rounds  int
		left    int
	}{
		{"nothing to fix", "xyz", "xyz", 0, 0, 0},
		{"one round", "ab.ab", "B.B", 2, 1, 0},
		{"overlapping fixes wait for the next round", "abab", "C", 3, 2, 0},
		{"BBB: one fix per round, overlaps left for the next", "BBB", "CB", 1, 1, 0},
		{"a syntax error: not fixed", "ab!", "ab!", 0, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diags, _ := upperLint([]byte(tt.src))
			res, err := Run([]byte(tt.src), diags, upperLint)
			if err != nil {
				t.Fatal(err)
			}
			if string(res.Src) != tt.want || res.Applied != tt.applied || res.Rounds != tt.rounds || len(res.Diagnostics) != tt.left {
				t.Errorf("Run = %q applied %d rounds %d left %d; want %q %d %d %d", res.Src, res.Applied, res.Rounds, len(res.Diagnostics), tt.want, tt.applied, tt.rounds, tt.left)
			}
			// A second run changes nothing.
			again, err := Run(res.Src, res.Diagnostics, upperLint)
			if err != nil || !bytes.Equal(again.Src, res.Src) || again.Applied != 0 {
				t.Errorf("second Run = %q applied %d (%v)", again.Src, again.Applied, err)
			}
		})
	}
}

func TestRunIsBounded(t *testing.T) {
	// A fix that always leaves another: "x" grows by one each round.
	grow := func(src []byte) ([]analyzer.Diagnostic, error) {
		return []analyzer.Diagnostic{{RuleID: "r", Fixes: []analyzer.Fix{fixOf(edit(0, 0, "x"))}}}, nil
	}
	diags, _ := grow(nil)
	res, err := Run(nil, diags, grow)
	if err != nil {
		t.Fatal(err)
	}
	if res.Rounds != MaxRounds || len(res.Src) != MaxRounds {
		t.Errorf("Run made %d rounds, %q; want %d", res.Rounds, res.Src, MaxRounds)
	}
}

func TestRunUndoesARoundThatBreaksTheScript(t *testing.T) {
	bang := func(src []byte) ([]analyzer.Diagnostic, error) {
		if bytes.Contains(src, []byte("!")) {
			return []analyzer.Diagnostic{{RuleID: analyzer.SyntaxErrorRuleID}}, nil
		}
		return []analyzer.Diagnostic{{RuleID: "r", Fixes: []analyzer.Fix{fixOf(edit(0, 1, "!"))}}}, nil
	}
	diags, _ := bang([]byte("a"))
	res, err := Run([]byte("a"), diags, bang)
	if err != nil || string(res.Src) != "a" || res.Applied != 0 {
		t.Errorf("Run = %q applied %d (%v); want the text unchanged", res.Src, res.Applied, err)
	}
}

func TestRunLintError(t *testing.T) {
	boom := errors.New("boom")
	failing := func([]byte) ([]analyzer.Diagnostic, error) { return nil, boom }
	diags, _ := upperLint([]byte("ab"))
	res, err := Run([]byte("ab"), diags, failing)
	if !errors.Is(err, boom) || string(res.Src) != "ab" {
		t.Errorf("Run = %q, %v; want the text unchanged and the error", res.Src, err)
	}
}

func TestMapPos(t *testing.T) {
	// "ab.ab" -> "B.B" (one round); then an insertion at 0: "xB.B".
	res := Result{Edits: [][]analyzer.Edit{
		{edit(0, 2, "B"), edit(3, 5, "B")},
		{edit(0, 0, "x")},
	}}
	for _, c := range []struct {
		in, want luaast.Pos
		ok       bool
	}{
		{0, 1, true},  // 'a' (replaced from its start): after the insertion
		{1, 1, false}, // inside "ab"
		{2, 2, true},  // '.'
		{3, 3, true},  // the second "ab"
		{5, 4, true},  // the end
	} {
		got, ok := res.MapPos(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("MapPos(%d) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
