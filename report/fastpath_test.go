package report

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestLineCursor compares lineCursor.position with LineIndex.Position on
// generated sources (every kind of line break, long and empty lines) and
// offset sequences that go forward in small and large steps, stay put,
// go back and go out of range.
func TestLineCursor(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "bc", "\n", "\r\n", "\n\r", "\r", "\n\n", "xxxxxxxx", "é"}
	for range 300 {
		var src bytes.Buffer
		for n := rng.IntN(200); n > 0; n-- {
			src.WriteString(pieces[rng.IntN(len(pieces))])
		}
		lines := luaast.NewLineIndex(src.Bytes())
		var c lineCursor
		c.reset(lines)
		size := src.Len()
		off := 0
		for range 200 {
			switch rng.IntN(8) {
			case 0:
				off = rng.IntN(size+5) - 2 // anywhere, also out of range
			case 1:
				off -= rng.IntN(10) // back
			case 2: // stay
			default:
				off += rng.IntN(12) // forward, a line or several
			}
			got, want := c.position(luaast.Pos(off)), lines.Position(luaast.Pos(off))
			if got != want {
				t.Fatalf("src %q offset %d: got %+v, want %+v", src.String(), off, got, want)
			}
		}
	}
}

// TestAppendPlain compares appendPlain with appendWindow (the general
// path) on generated printable ASCII lines of up to maxLineBytes bytes,
// with offsets before, inside and past the line.
func TestAppendPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		line := make([]byte, rng.IntN(maxLineBytes+1))
		for i := range line {
			line[i] = byte(0x20 + rng.IntN(0x7F-0x20))
		}
		if printableRun(line, 0) != len(line) {
			t.Fatalf("generated line %q is not plain", line)
		}
		a := rng.IntN(len(line)+4) - 2
		b := a + rng.IntN(len(line)+4) - 1
		gotOut, gotA, gotB := appendPlain([]byte("x"), line, a, b)
		wantOut, wantA, wantB := appendWindow([]byte("x"), line, a, b)
		if !bytes.Equal(gotOut, wantOut) || gotA != wantA || gotB != wantB {
			t.Fatalf("line %q [%d,%d): got %q %d %d, want %q %d %d", line, a, b, gotOut, gotA, gotB, wantOut, wantA, wantB)
		}
	}
}

// TestTextCachesPerFile checks that what the printer caches while it
// prints (the line cursor, the last plain line, the escaped path and rule
// ID, the blank gutter) never leaks into the next file or finding: the
// report of several files is the reports of each file one after the
// other.
func TestTextCachesPerFile(t *testing.T) {
	file := func(path, src string, rule string, spans ...luaast.Span) lint.FileResult {
		r := lint.FileResult{Path: path, Src: []byte(src), Lines: luaast.NewLineIndex([]byte(src))}
		for _, s := range spans {
			r.Diagnostics = append(r.Diagnostics, analyzer.Diagnostic{RuleID: rule, Severity: analyzer.SeverityWarning, Message: "m", Span: s})
		}
		return r
	}
	long := strings.Repeat("x", 9) + "\n"
	results := []lint.FileResult{
		file("a.lua", "local a = 1\nb\n"+strings.Repeat(long, 20), "r-1",
			luaast.Span{Start: 6, End: 7}, luaast.Span{Start: 12, End: 13}, luaast.Span{Start: 14 + 10*15, End: 14 + 10*15 + 1}),
		file("a0.lua", "local a = 1\n", "r-1", luaast.Span{Start: 6, End: 7}),
		file("a.lua", "\tlocal é = 1\n", "r-1", luaast.Span{Start: 7, End: 9}),
		file("b.lua", "x\x1by = 1\n", "r\x1b2", luaast.Span{Start: 0, End: 3}, luaast.Span{Start: 2, End: 3}),
		file("c.lua", "z\n", "r-1", luaast.Span{Start: 0, End: 1}),
	}
	var all bytes.Buffer
	if err := Text(&all, results, TextOptions{Quiet: true}); err != nil {
		t.Fatal(err)
	}
	var each bytes.Buffer
	for _, r := range results {
		if err := Text(&each, []lint.FileResult{r}, TextOptions{Quiet: true}); err != nil {
			t.Fatal(err)
		}
	}
	if all.String() != each.String() {
		t.Errorf("files together:\n%s\nfiles one by one:\n%s", all.String(), each.String())
	}
	if !strings.Contains(all.String(), "  ␉local é = 1") && !strings.Contains(all.String(), "    local é = 1") {
		t.Errorf("the tab line of the second file is not expanded:\n%s", all.String())
	}
}
