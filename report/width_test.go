package report

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestPrintableRun checks the word-at-a-time scan against a byte-by-byte
// one for every byte value at every position of a word and its
// neighbours, from several starting offsets, for strings and byte slices.
func TestPrintableRun(t *testing.T) {
	naive := func(s string, i int) int {
		for i < len(s) && s[i] >= 0x20 && s[i] < 0x7F {
			i++
		}
		return i
	}
	base := strings.Repeat("abcdefgh", 3)
	for c := range 256 {
		for pos := range len(base) {
			s := base[:pos] + string([]byte{byte(c)}) + base[pos+1:]
			for start := range 9 {
				want := naive(s, start)
				if got := printableRun(s, start); got != want {
					t.Fatalf("printableRun(%q, %d) = %d, want %d", s, start, got, want)
				}
				if got := printableRun([]byte(s), start); got != want {
					t.Fatalf("printableRun([]byte(%q), %d) = %d, want %d", s, start, got, want)
				}
			}
		}
	}
	// Neighbouring bad bytes, including 0xFF whose +1 carries.
	for _, s := range []string{"abcdefg\xff\x7e", "\xff\xffabcdefgh", "abcdefgh\x1f\x20", "abc\x00\x7fdefghijk", "abcdefgh"} {
		if got, want := printableRun(s, 0), naive(s, 0); got != want {
			t.Errorf("printableRun(%q, 0) = %d, want %d", s, got, want)
		}
	}
}

// TestAppendRepeat checks the filled runs of gutters and underlines.
func TestAppendRepeat(t *testing.T) {
	for _, n := range []int{-1, 0, 1, 7, 100} {
		got := appendRepeat([]byte("x"), '~', n)
		want := "x" + strings.Repeat("~", max(n, 0))
		if string(got) != want {
			t.Errorf("appendRepeat(x, ~, %d) = %q, want %q", n, got, want)
		}
	}
}

// TestResolveEndLine checks the same-line shortcut of resolve against
// the full lookup, for spans on one line, across lines, at the end of the
// source and past it.
func TestResolveEndLine(t *testing.T) {
	for _, src := range []string{"", "a", "ab\ncd\n", "ab\r\ncd", "x\n\ny\n\n"} {
		lines := luaast.NewLineIndex([]byte(src))
		var c lineCursor
		c.reset(lines)
		n := luaast.Pos(len(src))
		for start := luaast.Pos(-1); start <= n+1; start++ {
			for end := start - 1; end <= n+2; end++ {
				l := resolve(&c, luaast.Span{Start: start, End: end})
				if want := lines.Position(l.end).Line; l.endLine != want {
					t.Errorf("%q [%d,%d): endLine %d, want %d", src, start, end, l.endLine, want)
				}
			}
		}
	}
}
