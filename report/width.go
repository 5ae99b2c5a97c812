package report

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// tabWidth is the tab stop used when showing source lines. Tabs are
// expanded to spaces in both the source line and the underline beneath it,
// so the two always line up whatever the terminal's own tab setting.
const tabWidth = 4

// isBidiControl reports whether r is a bidirectional formatting character.
// Printed raw, these reorder the terminal's rendering of the line ("Trojan
// Source"), so they are never written out as is.
func isBidiControl(r rune) bool {
	switch {
	case r == 0x061C, r == 0x200E, r == 0x200F:
		return true
	case r >= 0x202A && r <= 0x202E:
		return true
	case r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// runeWidth returns the number of terminal columns r occupies when printed
// as is: 2 for East Asian wide and fullwidth characters (which include
// most emoji), 0 for combining marks and invisible format characters, 1
// otherwise. Controls are handled by the caller.
func runeWidth(r rune) int {
	if r < 0x300 {
		return 1 // fast path: ASCII and Latin
	}
	if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) || (r >= 0xFE00 && r <= 0xFE0F) {
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// appendDisplay appends line (one source line without its break) as it
// should be shown on a terminal: tabs expanded, C0 controls shown as
// their Unicode control pictures, invalid UTF-8, C1 controls and bidi
// controls as U+FFFD. It returns the display columns (0-based) at which
// byte offsets a and b of line fall; an offset inside a multi-byte
// character maps to that character's start for a and its end for b, and
// offsets past the end continue one column per byte.
func appendDisplay(dst, line []byte, a, b int) (out []byte, colA, colB int) {
	d := displayCols{a: a, b: b, colA: -1, colB: -1}
	for d.i < len(line) {
		c := line[d.i]
		if c >= 0x20 && c < 0x7F {
			// A run of printable ASCII, the bulk of any script, is copied
			// in one go: one byte, one column. The column rules of step,
			// applied byte by byte, give the same colA and colB.
			i := d.i
			j := printableRun(line, i+1)
			if d.colA < 0 && a < j {
				d.colA = d.col + max(a-i, 0)
			}
			if d.colB < 0 && b < j {
				d.colB = d.col + max(b-i, 0)
			}
			dst = append(dst, line[i:j]...)
			d.col += j - i
			d.i = j
			continue
		}
		dst = d.step(dst, line)
	}
	colA, colB = d.end(len(line))
	return dst, colA, colB
}

// displayCols is the state of appendDisplay as it goes through a line:
// the byte offset i, the display column col, and the columns found so far
// for offsets a and b (-1 until found).
type displayCols struct {
	i, col     int
	a, b       int
	colA, colB int
}

// step appends the display form of the character at line[d.i] and moves
// past it, noting the columns of a and b where they fall in it.
func (d *displayCols) step(dst, line []byte) []byte {
	i, c := d.i, line[d.i]
	var r rune
	size := 1
	if c < utf8.RuneSelf {
		r = rune(c)
	} else {
		r, size = utf8.DecodeRune(line[i:])
	}
	if d.colA < 0 && d.a < i+size {
		d.colA = d.col
	}
	if d.colB < 0 && d.b <= i {
		d.colB = d.col
	}
	w := 1
	switch {
	case r == '\t':
		w = tabWidth - d.col%tabWidth
		for range w {
			dst = append(dst, ' ')
		}
	case r < 0x20:
		dst = utf8.AppendRune(dst, 0x2400+r)
	case r == 0x7F:
		dst = utf8.AppendRune(dst, 0x2421)
	case r < utf8.RuneSelf:
		dst = append(dst, c)
	case r == utf8.RuneError && size == 1, r < 0xA0, isBidiControl(r):
		dst = utf8.AppendRune(dst, utf8.RuneError)
	default:
		w = runeWidth(r)
		dst = append(dst, line[i:i+size]...)
	}
	d.col += w
	if d.colB < 0 && d.b < i+size {
		d.colB = d.col
	}
	d.i += size
	return dst
}

// end returns the columns of a and b once the n bytes of the line are
// done: offsets past the end continue one column per byte.
func (d *displayCols) end(n int) (colA, colB int) {
	colA, colB = d.colA, d.colB
	if colA < 0 {
		colA = d.col + d.a - n
	}
	if colB < 0 {
		colB = d.col + d.b - n
	}
	return colA, colB
}

// appendSafe appends s with characters that could disturb a terminal or a
// line-oriented reader (controls, line breaks, bidi controls, invalid
// UTF-8) replaced by Go-style escapes such as \n, \x1b or \u202e.
func appendSafe(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7F {
			// Copy a run of printable ASCII at once.
			j := printableRun(s, i+1)
			dst = append(dst, s[i:j]...)
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, `\x`...)
			dst = appendHex(dst, uint64(c), 2)
		case r == '\n':
			dst = append(dst, `\n`...)
		case r == '\r':
			dst = append(dst, `\r`...)
		case r == '\t':
			dst = append(dst, `\t`...)
		case r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0):
			dst = append(dst, `\x`...)
			dst = appendHex(dst, uint64(r), 2)
		case isBidiControl(r):
			dst = append(dst, `\u`...)
			dst = appendHex(dst, uint64(r), 4)
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return dst
}

func appendHex(dst []byte, v uint64, digits int) []byte {
	h := strconv.FormatUint(v, 16)
	for k := len(h); k < digits; k++ {
		dst = append(dst, '0')
	}
	return append(dst, h...)
}

// printableRun returns the end of the run of printable ASCII bytes
// (0x20 <= c < 0x7F) that starts at s[i]: len(s) or the offset of the
// first other byte.
func printableRun[T string | []byte](s T, i int) int {
	// Eight bytes at a time while all eight are printable: messages and
	// source lines are mostly printable ASCII, and one test per word beats
	// eight per-byte tests. Bytes are combined explicitly (little-endian
	// order, no unsafe), so this is the same on every architecture.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// Thirty-two bytes (four words, one test) per round while they last,
	// then sixteen: the loop's own cost is then shared by more bytes
	// (messages are about 120 bytes). A bad word stops them; the
	// eight-byte loop below then finds which.
	for i+32 <= len(s) {
		w := s[i : i+32]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		y := uint64(w[8]) | uint64(w[9])<<8 | uint64(w[10])<<16 | uint64(w[11])<<24 |
			uint64(w[12])<<32 | uint64(w[13])<<40 | uint64(w[14])<<48 | uint64(w[15])<<56
		z := uint64(w[16]) | uint64(w[17])<<8 | uint64(w[18])<<16 | uint64(w[19])<<24 |
			uint64(w[20])<<32 | uint64(w[21])<<40 | uint64(w[22])<<48 | uint64(w[23])<<56
		v := uint64(w[24]) | uint64(w[25])<<8 | uint64(w[26])<<16 | uint64(w[27])<<24 |
			uint64(w[28])<<32 | uint64(w[29])<<40 | uint64(w[30])<<48 | uint64(w[31])<<56
		if ((x-0x20*ones)&^x|(x+ones)|x|(y-0x20*ones)&^y|(y+ones)|y|
			(z-0x20*ones)&^z|(z+ones)|z|(v-0x20*ones)&^v|(v+ones)|v)&highs != 0 {
			break
		}
		i += 32
	}
	for i+16 <= len(s) {
		w := s[i : i+16]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		y := uint64(w[8]) | uint64(w[9])<<8 | uint64(w[10])<<16 | uint64(w[11])<<24 |
			uint64(w[12])<<32 | uint64(w[13])<<40 | uint64(w[14])<<48 | uint64(w[15])<<56
		if ((x-0x20*ones)&^x|(x+ones)|x|(y-0x20*ones)&^y|(y+ones)|y)&highs != 0 {
			break
		}
		i += 16
	}
	for i+8 <= len(s) {
		// Slicing the word first leaves one bounds check instead of eight
		// (the compiler then merges the loads into one).
		w := s[i : i+8]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		// Some byte < 0x20 (the classic "has less than" test, exact as to
		// whether any byte is), or some byte >= 0x7F: adding 1 sets the
		// high bit of 0x7F, and bytes >= 0x80 have it already; a carry out
		// of an 0xFF byte can only disturb a word already found bad.
		if ((x-0x20*ones)&^x|(x+ones)|x)&highs != 0 {
			break
		}
		i += 8
	}
	if i+8 > len(s) && i < len(s) && len(s) >= 8 {
		// A tail of 1-7 bytes: test the last eight bytes as one word
		// instead. If all are printable, so is the tail; if not (the bad
		// byte may even be before i), the byte loop decides.
		w := s[len(s)-8:]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		if ((x-0x20*ones)&^x|(x+ones)|x)&highs == 0 {
			return len(s)
		}
	}
	for i < len(s) && s[i]-0x20 < 0x7F-0x20 { // 0x20 <= s[i] < 0x7F
		i++
	}
	return i
}
