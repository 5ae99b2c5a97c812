package clike

import "testing"

func TestPunctLen(t *testing.T) {
	puncts := []string{"??=", "??", "=>", "::"}
	for _, c := range []struct {
		src  string
		at   int
		want int
	}{
		{"a ??= b", 2, 3},
		{"a ?? b", 2, 2},
		{"a ? b", 2, 1},
		{"x=>y", 1, 2},
		{"x=", 1, 1},       // "=>" does not fit before the end
		{"a é b", 2, 2},    // one UTF-8 sequence
		{"a \xff b", 2, 1}, // a bad byte is one
	} {
		if got := PunctLen([]byte(c.src), c.at, puncts); got != c.want {
			t.Errorf("PunctLen(%q, %d) = %d, want %d", c.src, c.at, got, c.want)
		}
	}
}

func TestHexVal(t *testing.T) {
	for c, want := range map[byte]int{'0': 0, '9': 9, 'a': 10, 'f': 15, 'A': 10, 'F': 15, 'g': -1, 'G': -1, ' ': -1, 0xc3: -1} {
		if got := HexVal(c); got != want {
			t.Errorf("HexVal(%q) = %d, want %d", c, got, want)
		}
	}
}

func TestEscapeQuoted(t *testing.T) {
	for _, c := range []struct{ text, also, want string }{
		{`a "b" \c`, "", `a \"b\" \\c`},
		{"l1\nl2\r\tx", "", `l1\nl2\r\tx`},
		{"nul\x00 del\x7f", "", `nul\u0000 del\u007f`},
		{"$x é", "", "$x é"},
		{"$x é", "$", `\$x é`},
	} {
		if got := EscapeQuoted(c.text, c.also); got != c.want {
			t.Errorf("EscapeQuoted(%q, %q) = %q, want %q", c.text, c.also, got, c.want)
		}
	}
}

func TestNumberStartEnd(t *testing.T) {
	for _, c := range []struct {
		src  string
		ok   bool
		want int // the offset NumberEnd returns when ok
	}{
		{"12 ", true, 2},
		{"0x1F;", true, 4},
		{"1.5e3f)", true, 6},
		{".5)", true, 2},
		{"1..2", true, 1}, // a range: the dot is not before a digit
		{"1_000L", true, 6},
		{"x1", false, 0},
		{". 5", false, 0},
		{".", false, 0},
	} {
		ok := NumberStart([]byte(c.src), 0)
		if ok != c.ok {
			t.Errorf("NumberStart(%q) = %v, want %v", c.src, ok, c.ok)
			continue
		}
		if ok {
			if got := NumberEnd([]byte(c.src), 0); got != c.want {
				t.Errorf("NumberEnd(%q) = %d, want %d", c.src, got, c.want)
			}
		}
	}
}

func TestCharEnd(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{`'a' x`, 3},
		{`'\'' x`, 4},
		{`'\\' x`, 4},
		{"'ab\nc'", 3}, // unterminated: the line ends it
		{`'a`, 2},
		{`'\`, 2},
	} {
		if got := CharEnd([]byte(c.src), 0); got != c.want {
			t.Errorf("CharEnd(%q) = %d, want %d", c.src, got, c.want)
		}
	}
}

func TestIdentStartEnd(t *testing.T) {
	for _, c := range []struct {
		src    string
		start  bool
		dollar bool
		end    int // the offset IdentEnd returns when start
	}{
		{"abc def", true, false, 3},
		{"_a1(", true, false, 3},
		{"été=1", true, false, 5}, // letters beyond ASCII
		{"a$b", true, false, 1},
		{"a$b", true, true, 3}, // Java names take $
		{"1a", false, false, 0},
		{"$a", false, false, 0},
	} {
		if got := IdentStart([]byte(c.src)); got != c.start {
			t.Errorf("IdentStart(%q) = %v, want %v", c.src, got, c.start)
			continue
		}
		if c.start {
			if got := IdentEnd([]byte(c.src), 0, c.dollar); got != c.end {
				t.Errorf("IdentEnd(%q, %v) = %d, want %d", c.src, c.dollar, got, c.end)
			}
		}
	}
}
