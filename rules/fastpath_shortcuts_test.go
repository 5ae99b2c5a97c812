package rules

import (
	"strconv"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Oracle tests of the syntactic shortcuts of nil-reply-check and
// unknown-command: each is compared with the evaluation it skips (Of) on
// every expression of the fixtures, the realistic corpus and generated
// scripts.

// TestNeverOnlyReply checks nil-reply-check's shortcut: an operand it
// skips is never only a Redis reply.
func TestNeverOnlyReply(t *testing.T) {
	checkSyntacticSkip(t, "analyzer.NeverOnlyReply", analyzer.NeverOnlyReply, func(o analyzer.Origin) bool {
		return o.IsOnly(analyzer.OriginReply)
	}, 100)
}

// TestConstStringArg checks unknown-command's shortcut: it gives Of's
// ConstString answer for every expression, evaluated or not.
func TestConstStringArg(t *testing.T) {
	short, consts := 0, 0
	eachExpr(t, func(name string, e luaast.Expr, origins *analyzer.OriginInfo) {
		want, wantOK := origins.Of(e).ConstString()
		got, gotOK := constStringArg(origins, e)
		if got != want || gotOK != wantOK {
			t.Errorf("%s: %T at %d: constStringArg = %q, %v; Of gives %q, %v", name, e, e.Pos(), got, gotOK, want, wantOK)
		}
		if wantOK {
			consts++
		}
		switch luaast.Unparen(e).(type) {
		case *luaast.StringLit, *luaast.IndexExpr, *luaast.FieldExpr:
			short++
		}
	})
	if short < 1000 || consts < 1000 {
		t.Fatalf("only %d shortcut expressions and %d constant strings seen", short, consts)
	}
}

// TestNeedsNoEscapeTable checks needsNoEscape's table against the
// comparisons it replaces, byte by byte and on the servers' texts, and
// that strconv.Quote does keep what it accepts.
func TestNeedsNoEscapeTable(t *testing.T) {
	byComparisons := func(s string) bool {
		for i := range len(s) {
			if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
				return false
			}
		}
		return true
	}
	var strs []string
	for c := range 256 {
		strs = append(strs, string([]byte{byte(c)}), "ab"+string([]byte{byte(c)})+"cd")
	}
	strs = append(strs, "", "Wrong number of args calling Redis command from script", "é", "a\tb")
	kept := 0
	for _, s := range strs {
		got := needsNoEscape(s)
		if want := byComparisons(s); got != want {
			t.Errorf("needsNoEscape(%q) = %v, comparisons %v", s, got, want)
		}
		if got {
			kept++
			if q := strconv.Quote(s); q != `"`+s+`"` {
				t.Errorf("needsNoEscape(%q) but strconv.Quote gives %s", s, q)
			}
		}
	}
	if kept < 150 {
		t.Fatalf("only %d strings kept", kept)
	}
}
