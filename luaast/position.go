package luaast

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

// Position is a resolved source position. Line and Column are 1-based;
// Column counts bytes.
type Position struct {
	Offset Pos
	Line   int
	Column int
}

// LineIndex converts byte offsets of one source text to line:column. Line
// breaks are \n, \r\n, \n\r and a lone \r, as Lua 5.1 counts them.
type LineIndex struct {
	src    []byte
	starts []Pos // offset at which each line starts; starts[0] == 0
}

// NewLineIndex indexes the lines of src. It works on any text (Lua or the
// Go file a script is embedded in).
func NewLineIndex(src []byte) *LineIndex {
	li := &LineIndex{}
	li.init(src)
	return li
}

// init indexes the lines of src into li. (Parse does not: its lexer
// collects the line starts as it counts line breaks, see
// parser.finishLines, and falls back to lineStarts when it stops early.)
func (li *LineIndex) init(src []byte) {
	li.src, li.starts = src, lineStarts(src)
}

// lineStarts returns the offset at which each line of src starts.
func lineStarts(src []byte) []Pos {
	if bytes.IndexByte(src, '\r') < 0 {
		// Only \n breaks: let Count and IndexByte (vectorised) find
		// them; the exact count sizes the index with no regrowth and no
		// slack (an estimate from the length is off both ways, and the
		// index is allocated once per parsed file).
		starts := make([]Pos, 1, bytes.Count(src, []byte{'\n'})+1)
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				return starts
			}
			i += j + 1
			starts = append(starts, Pos(i))
		}
	}
	starts := make([]Pos, 1, len(src)/32+1)
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c != '\n' && c != '\r' {
			continue
		}
		// A two-byte break is \r\n or \n\r (the pair counts once).
		if i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r') && src[i+1] != c {
			i++
		}
		starts = append(starts, Pos(i+1))
	}
	return starts
}

// LineCount returns the number of lines (a trailing newline starts an
// empty last line).
func (li *LineIndex) LineCount() int { return len(li.starts) }

// line returns the 0-based line index holding offset p.
func (li *LineIndex) line(p Pos) int {
	if p < 0 {
		p = 0
	}
	if int(p) > len(li.src) {
		p = Pos(len(li.src))
	}
	return sort.Search(len(li.starts), func(i int) bool { return li.starts[i] > p }) - 1
}

// Position returns the line and byte column of offset p.
func (li *LineIndex) Position(p Pos) Position {
	if p < 0 {
		p = 0
	}
	if int(p) > len(li.src) {
		p = Pos(len(li.src))
	}
	l := li.line(p)
	return Position{Offset: p, Line: l + 1, Column: int(p-li.starts[l]) + 1}
}

// LineStart returns the offset at which 1-based line starts.
func (li *LineIndex) LineStart(line int) Pos {
	if line < 1 {
		return 0
	}
	if line > len(li.starts) {
		return Pos(len(li.src))
	}
	return li.starts[line-1]
}

// LineText returns the text of 1-based line without its line break.
func (li *LineIndex) LineText(line int) string {
	if line < 1 || line > len(li.starts) {
		return ""
	}
	start := li.starts[line-1]
	end := Pos(len(li.src))
	if line < len(li.starts) {
		end = li.starts[line]
	}
	for end > start && (li.src[end-1] == '\n' || li.src[end-1] == '\r') {
		end--
	}
	return string(li.src[start:end])
}

// UTF16Column returns the 1-based column of p in UTF-16 code units (what
// SARIF's utf16CodeUnits and LSP editors count). Invalid UTF-8 bytes count
// as one unit each.
func (li *LineIndex) UTF16Column(p Pos) int {
	pos := li.Position(p)
	seg := li.src[li.starts[pos.Line-1]:pos.Offset]
	n := 0
	for len(seg) > 0 {
		r, size := utf8.DecodeRune(seg)
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		seg = seg[size:]
	}
	return n + 1
}

// RuneColumn returns the 1-based column of p in Unicode code points.
// Invalid UTF-8 bytes count as one code point each.
func (li *LineIndex) RuneColumn(p Pos) int {
	pos := li.Position(p)
	seg := li.src[li.starts[pos.Line-1]:pos.Offset]
	return utf8.RuneCount(seg) + 1
}

// Position returns the line and byte column of offset p in f.
func (f *File) Position(p Pos) Position { return f.Lines.Position(p) }
