package frontend

import (
	"regexp"
	"strconv"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// lineRef is a line number in a message ("on line 3", "(line 3)"): a line
// of the script, which in a host file is another line.
var lineRef = regexp.MustCompile(`\bline (\d+)\b`)

// HostLines rewrites the script line numbers in msg as the lines of the
// host file they come from: hostLine maps an offset of the script text
// to its host line.
func HostLines(msg string, text []byte, hostLine func(off int) int) string {
	if !lineRef.MatchString(msg) {
		return msg
	}
	lines := luaast.NewLineIndex(text)
	return lineRef.ReplaceAllStringFunc(msg, func(m string) string {
		n, err := strconv.Atoi(m[len("line "):])
		if err != nil || n < 1 || n > lines.LineCount() {
			return m
		}
		return "line " + strconv.Itoa(hostLine(int(lines.LineStart(n))))
	})
}

// mapDiagnostic maps a finding in the script's text into the host file.
// A fix is kept only when every edit can be written in the literal it
// lands in.
func (s *Script) mapDiagnostic(d analyzer.Diagnostic, hostLines *luaast.LineIndex) analyzer.Diagnostic {
	out := d
	out.Message = HostLines(d.Message, s.Text, func(off int) int {
		return hostLines.Position(s.mapSpan(off, off+1).Start).Line
	})
	out.Span = s.mapSpan(int(d.Span.Start), int(d.Span.End))
	out.Related = nil
	for _, r := range d.Related {
		out.Related = append(out.Related, analyzer.Related{Span: s.mapSpan(int(r.Span.Start), int(r.Span.End)), Message: r.Message})
	}
	out.Fixes = nil
fixes:
	for _, f := range d.Fixes {
		hf := f
		hf.Edits = nil
		for _, e := range f.Edits {
			sp, lit, ok := s.mapEdit(int(e.Span.Start), int(e.Span.End))
			if !ok {
				continue fixes
			}
			text, ok := s.Literals[lit-1].Encode(e.NewText)
			if !ok {
				continue fixes
			}
			hf.Edits = append(hf.Edits, analyzer.Edit{Span: sp, NewText: text})
		}
		if len(hf.Edits) > 0 {
			out.Fixes = append(out.Fixes, hf)
		}
	}
	return out
}

// MapSpan returns the host range of the script's bytes [start, end): from
// the start of the first byte's host range to the end of the last's. A
// point at the end of the script is just after its last byte; an empty
// script maps to the start of Whole.
func (s *Script) MapSpan(start, end int) Span {
	sp := s.mapSpan(start, end)
	return Span{int(sp.Start), int(sp.End)}
}

func (s *Script) mapSpan(start, end int) luaast.Span {
	n := len(s.Text)
	pt := func(p int) luaast.Span { return luaast.Span{Start: luaast.Pos(p), End: luaast.Pos(p)} }
	if n == 0 || len(s.From) != n {
		return pt(s.Whole.Start)
	}
	if start >= n {
		return pt(s.From[n-1].End)
	}
	start = max(start, 0)
	first := s.From[start]
	if end <= start {
		return pt(first.Start)
	}
	last := s.From[min(end, n)-1]
	if last.End < first.Start {
		// The bytes come from two places out of order (a constant
		// declared after its use): point at the start.
		return pt(first.Start)
	}
	return luaast.Span{Start: luaast.Pos(first.Start), End: luaast.Pos(last.End)}
}

// MapEdit returns the host range an edit of the script's bytes [start,
// end) replaces and the literal (1-based) it lies in, and false when the
// edit cannot be written in the host (see Check): for a front end that
// maps the edits of its scripts itself (goembed, whose scripts may span
// the files of a package).
func (s *Script) MapEdit(start, end int) (Span, int32, bool) {
	sp, lit, ok := s.mapEdit(start, end)
	return Span{int(sp.Start), int(sp.End)}, lit, ok
}

// mapEdit returns the host range an edit of the script's bytes [start,
// end) replaces and the literal it lies in, and false when the edit cannot
// be written in the host: it crosses literals, touches text not from a
// literal (a placeholder), or cuts an escape sequence in two.
func (s *Script) mapEdit(start, end int) (luaast.Span, int32, bool) {
	n := len(s.Text)
	if start < 0 || end < start || end > n || n == 0 || len(s.Lit) != n {
		return luaast.Span{}, 0, false
	}
	lit := s.Lit[min(start, n-1)]
	if lit == 0 || int(lit) > len(s.Literals) {
		return luaast.Span{}, 0, false
	}
	for i := start; i < end; i++ {
		if s.Lit[i] != lit {
			return luaast.Span{}, 0, false
		}
	}
	// Boundaries must fall between escape sequences.
	boundary := func(i int) bool { return i == 0 || i == n || s.From[i] != s.From[i-1] }
	if !boundary(start) || !boundary(end) {
		return luaast.Span{}, 0, false
	}
	var pos int
	switch {
	case start < n && s.Lit[start] == lit:
		pos = s.From[start].Start
	case start > 0 && s.Lit[start-1] == lit:
		pos = s.From[start-1].End
	default:
		return luaast.Span{}, 0, false
	}
	endPos := pos
	if end > start {
		endPos = s.From[end-1].End
	}
	return luaast.Span{Start: luaast.Pos(pos), End: luaast.Pos(endPos)}, lit, true
}
