package report

import (
	"strings"
	"testing"
)

// TestPrintableRunLengths checks the thirty-two- and sixteen-byte rounds
// and the last-word tail test of printableRun against a byte-by-byte
// scan: every length up to 100, one bad byte at every position (and a
// second one later, up to 48 bytes), every start offset, for strings and
// byte slices. A bad byte before the start but inside the last word must
// not stop the run early.
func TestPrintableRunLengths(t *testing.T) {
	naive := func(s string, i int) int {
		for i < len(s) && s[i] >= 0x20 && s[i] < 0x7F {
			i++
		}
		return i
	}
	check := func(s string) {
		t.Helper()
		for start := 0; start <= len(s); start++ {
			want := naive(s, start)
			if got := printableRun(s, start); got != want {
				t.Fatalf("printableRun(%q, %d) = %d, want %d", s, start, got, want)
			}
			if got := printableRun([]byte(s), start); got != want {
				t.Fatalf("printableRun([]byte(%q), %d) = %d, want %d", s, start, got, want)
			}
		}
	}
	alphabet := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789 ~!ABCDEFGHIJ", 3)
	bad := []byte{0x00, 0x09, 0x1F, 0x7F, 0x80, 0xC3, 0xFF}
	for n := range 101 {
		base := alphabet[:n]
		check(base)
		for pos := range n {
			for _, c := range bad {
				s := base[:pos] + string([]byte{c}) + base[pos+1:]
				check(s)
				// A second bad byte later on.
				for pos2 := pos + 1; pos2 < n && n <= 48; pos2 += 3 {
					check(s[:pos2] + "\xff" + s[pos2+1:])
				}
			}
			// The bounds of the printable range are good.
			check(base[:pos] + " " + base[pos+1:])
			check(base[:pos] + "~" + base[pos+1:])
		}
	}
}

// TestAppendRepeatRuns checks appendRepeat for the bytes copied from a
// constant run (lengths within and beyond the run) and for other bytes,
// and that what it appended is the caller's to change: a later call must
// not see an earlier result's edits.
func TestAppendRepeatRuns(t *testing.T) {
	for _, c := range []byte{' ', '~', '-', '^', 'x'} {
		for n := -2; n <= 2*len(spaceRun)+3; n++ {
			got := appendRepeat([]byte("ab"), c, n)
			want := "ab" + strings.Repeat(string(c), max(n, 0))
			if string(got) != want {
				t.Fatalf("appendRepeat(ab, %q, %d) = %q, want %q", c, n, got, want)
			}
			for i := range got {
				got[i] = '!' // must not reach the runs
			}
		}
	}
	for _, run := range []string{spaceRun, tildeRun, dashRun} {
		if strings.Trim(run, run[:1]) != "" || len(run) != len(spaceRun) {
			t.Errorf("run %q is not one repeated byte of length %d", run, len(spaceRun))
		}
	}
	if got := appendSpaces(nil, 3); string(got) != "   " {
		t.Errorf("appendSpaces(nil, 3) = %q", got)
	}
}

// TestAppendEscape checks that an empty escape sequence appends nothing
// and a non-empty one is appended whole, through style.appendString too.
func TestAppendEscape(t *testing.T) {
	if got := appendEscape([]byte("x"), ""); string(got) != "x" {
		t.Errorf("appendEscape(x, \"\") = %q", got)
	}
	if got := appendEscape([]byte("x"), "\x1b[1m"); string(got) != "x\x1b[1m" {
		t.Errorf("appendEscape(x, bold) = %q", got)
	}
	on := style{on: "\x1b[31m", off: "\x1b[0m"}
	if got := on.appendString(nil, "error"); string(got) != "\x1b[31merror\x1b[0m" {
		t.Errorf("coloured appendString = %q", got)
	}
	if got := (style{}).appendString([]byte(">"), "error"); string(got) != ">error" {
		t.Errorf("plain appendString = %q", got)
	}
}
