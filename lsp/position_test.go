package lsp

import (
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

func TestLineTablePositions(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		off  int
		want protocol.Position
	}{
		{"start", "abc", 0, protocol.Position{Line: 0, Character: 0}},
		{"end of text", "abc", 3, protocol.Position{Line: 0, Character: 3}},
		{"past the end is clamped", "abc", 9, protocol.Position{Line: 0, Character: 3}},
		{"after LF", "a\nbc", 3, protocol.Position{Line: 1, Character: 1}},
		{"after CRLF", "a\r\nbc", 4, protocol.Position{Line: 1, Character: 1}},
		{"on the LF of CRLF", "a\r\nbc", 2, protocol.Position{Line: 0, Character: 2}},
		{"after a lone CR", "a\rbc", 3, protocol.Position{Line: 1, Character: 1}},
		// Lua counts \n\r as one break; the protocol (and the editor) two.
		{"LF CR is two breaks", "a\n\rb", 3, protocol.Position{Line: 2, Character: 0}},
		{"two-byte character is one unit", "é=1", 2, protocol.Position{Line: 0, Character: 1}},
		{"astral character is two units", "😀x", 4, protocol.Position{Line: 0, Character: 2}},
		{"invalid byte is one unit", "\xffx", 1, protocol.Position{Line: 0, Character: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lt := newLineTable([]byte(tc.src))
			if got := lt.position(luaast.Pos(tc.off)); got != tc.want {
				t.Errorf("position(%d) = %+v, want %+v", tc.off, got, tc.want)
			}
		})
	}
}

// TestLineTableRoundTrip checks offset(position(o)) == o at every
// character boundary (outside a CRLF pair) of texts mixing breaks and widths, and that the
// UTF-16 column is what encoding the line's prefix as UTF-16 counts.
func TestLineTableRoundTrip(t *testing.T) {
	for _, src := range []string{
		"",
		"local s = '😀' x = 1\nreturn x\n",
		"a\r\nb\rc\n\rd\n",
		"é\tü😀\r\n😀😀\n",
	} {
		lt := newLineTable([]byte(src))
		for o := 0; o <= len(src); {
			if o > 0 && o < len(src) && src[o-1] == '\r' && src[o] == '\n' {
				o++ // inside a CRLF: no position of the protocol's
				continue
			}
			p := lt.position(luaast.Pos(o))
			if back := lt.offset(p); back != o {
				t.Errorf("%q: offset(position(%d) = %+v) = %d", src, o, p, back)
			}
			line := lt.starts[p.Line]
			if n := len(utf16.Encode([]rune(src[line:o]))); n != int(p.Character) {
				t.Errorf("%q: character of %d = %d, UTF-16 length of the line's prefix %d", src, o, p.Character, n)
			}
			if o == len(src) {
				break
			}
			_, size := utf8.DecodeRuneInString(src[o:])
			o += size
		}
	}
}

func TestLineTableOffsetClamps(t *testing.T) {
	lt := newLineTable([]byte("ab\r\ncd"))
	for _, tc := range []struct {
		p    protocol.Position
		want int
	}{
		{protocol.Position{Line: 0, Character: 99}, 2}, // past the line's end: its end, before the break
		{protocol.Position{Line: 5, Character: 0}, 6},  // past the last line: the end
		{protocol.Position{Line: 1, Character: 1}, 5},
	} {
		if got := lt.offset(tc.p); got != tc.want {
			t.Errorf("offset(%+v) = %d, want %d", tc.p, got, tc.want)
		}
	}
	// Inside a surrogate pair: the start of the character.
	if got := newLineTable([]byte("😀x")).offset(protocol.Position{Line: 0, Character: 1}); got != 0 {
		t.Errorf("offset inside a surrogate pair = %d, want 0", got)
	}
}

func TestApplyChanges(t *testing.T) {
	rng := func(l1, c1, l2, c2 int) *protocol.Range {
		return &protocol.Range{
			Start: protocol.Position{Line: protocol.UInteger(l1), Character: protocol.UInteger(c1)},
			End:   protocol.Position{Line: protocol.UInteger(l2), Character: protocol.UInteger(c2)},
		}
	}
	text := []byte("local a = '😀'\r\nreturn a\n")
	got, err := applyChanges(text, []any{
		protocol.TextDocumentContentChangeEvent{Range: rng(0, 14, 0, 14), Text: " -- x"}, // after the emoji's closing quote (UTF-16)
		protocol.TextDocumentContentChangeEvent{Range: rng(1, 0, 1, 6), Text: "return"},
		protocol.TextDocumentContentChangeEvent{Range: rng(1, 7, 2, 0), Text: "a + 1"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "local a = '😀' -- x\r\nreturn a + 1"; string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, _ := applyChanges(text, []any{protocol.TextDocumentContentChangeEventWhole{Text: "x"}}); string(got) != "x" {
		t.Errorf("whole change: %q", got)
	}
	if _, err := applyChanges(text, []any{protocol.TextDocumentContentChangeEvent{Range: rng(1, 3, 0, 1), Text: ""}}); err == nil {
		t.Error("a range ending before its start was accepted")
	}
}
