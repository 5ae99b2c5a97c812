package lsp

import (
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// lineTable converts between byte offsets of one text and LSP positions:
// 0-based lines and columns in UTF-16 code units. Its line breaks are the
// protocol's (\n, \r\n and a lone \r), not Lua's: Lua also counts \n\r as
// one break, where an editor sees two lines, and positions must be the
// editor's.
type lineTable struct {
	src    []byte
	starts []int // offset at which each line starts; starts[0] == 0
}

func newLineTable(src []byte) *lineTable {
	t := &lineTable{src: src, starts: make([]int, 1, 1+len(src)/32)}
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			t.starts = append(t.starts, i+1)
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			t.starts = append(t.starts, i+1)
		}
	}
	return t
}

// lineOf returns the 0-based line holding offset off.
func (t *lineTable) lineOf(off int) int {
	lo, hi := 0, len(t.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if t.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// lineEnd returns the offset of the line break ending 0-based line (the
// end of the text for the last line).
func (t *lineTable) lineEnd(line int) int {
	if line+1 >= len(t.starts) {
		return len(t.src)
	}
	end := t.starts[line+1]
	for end > t.starts[line] && (t.src[end-1] == '\n' || t.src[end-1] == '\r') {
		end--
	}
	return end
}

// position returns the LSP position of byte offset off (clamped to the
// text). An offset inside a UTF-8 sequence counts the whole character
// before it; invalid bytes count one unit each.
func (t *lineTable) position(off luaast.Pos) protocol.Position {
	o := min(max(int(off), 0), len(t.src))
	line := t.lineOf(o)
	col := 0
	for seg := t.src[t.starts[line]:o]; len(seg) > 0; {
		r, size := utf8.DecodeRune(seg)
		col += utf16Len(r)
		seg = seg[size:]
	}
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(col)}
}

// rangeOf returns the LSP range of span s.
func (t *lineTable) rangeOf(s luaast.Span) protocol.Range {
	end := s.End
	if end < s.Start {
		end = s.Start
	}
	return protocol.Range{Start: t.position(s.Start), End: t.position(end)}
}

// offset returns the byte offset of LSP position p. A line past the end
// is the end of the text; a column past the end of its line is the line's
// end (the protocol says to clamp); a column in the middle of a surrogate
// pair is the start of its character.
func (t *lineTable) offset(p protocol.Position) int {
	line := int(p.Line)
	if line >= len(t.starts) {
		return len(t.src)
	}
	o, end := t.starts[line], t.lineEnd(line)
	for col := int(p.Character); o < end; {
		r, size := utf8.DecodeRune(t.src[o:end])
		n := utf16Len(r)
		if col < n {
			break
		}
		col -= n
		o += size
	}
	return o
}

// utf16Len is the number of UTF-16 code units of r (an invalid byte,
// decoded as utf8.RuneError, counts one).
func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}
