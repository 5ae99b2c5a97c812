package python

import (
	"regexp"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// value is a string expression evaluated as far as the file shows: its
// pieces, the literals they come from, and how it is built at run time
// ("" when it is constant).
type value struct {
	pieces []piece
	lits   []litRef
	// runtime says how the value is built at run time, "" when constant.
	runtime string
	whole   frontend.Span
}

// litRef is one literal of a value, with how its text is to be encoded.
type litRef struct {
	lit             *literal
	braces, percent bool
}

// fromLiteral is the value of one literal.
func fromLiteral(l *literal) value {
	v := value{whole: l.span, lits: []litRef{{lit: l}}}
	for _, p := range l.pieces {
		if !p.ph {
			p.lit = 1
		}
		v.pieces = append(v.pieces, p)
	}
	if l.fields {
		v.runtime = "an f-string"
	}
	return v
}

// clone returns a copy of v that shares nothing it may change.
func (v *value) clone() value {
	w := *v
	w.pieces = append([]piece(nil), v.pieces...)
	w.lits = append([]litRef(nil), v.lits...)
	return w
}

// concat appends w to v.
func (v *value) concat(w value) {
	n := len(v.lits)
	v.lits = append(v.lits, w.lits...)
	for _, p := range w.pieces {
		if p.lit > 0 {
			p.lit += n
		}
		v.pieces = append(v.pieces, p)
	}
	if v.runtime == "" {
		v.runtime = w.runtime
	}
	v.whole.End = max(v.whole.End, w.whole.End)
}

// text is the value's text without its placeholders (whose host code
// may call Redis itself).
func (v *value) text() string {
	var b strings.Builder
	for _, p := range v.pieces {
		if p.ph {
			b.WriteString(" ")
			continue
		}
		b.WriteString(p.text)
	}
	return b.String()
}

// placeholder is a value standing for a run-time part.
func placeholder(text string, at frontend.Span) value {
	return value{pieces: []piece{{text: text, from: at, ph: true}}, whole: at}
}

// percentSpec is a %-format conversion specifier.
var percentSpec = regexp.MustCompile(`^%(\([^)]*\))?[#0\- +]*(\*|\d+)?(\.(\*|\d+))?[hlL]?[diouxXeEfFgGcrsab]`)

// units flattens pieces of one byte each into runs on which the template
// scanners work: the byte, and the piece it is.
func (v *value) byteAt(i int) byte {
	p := v.pieces[i]
	if p.ph || len(p.text) != 1 {
		return 0
	}
	return p.text[0]
}

// merge replaces pieces [i, j) by one placeholder for the host text
// they span.
func (v *value) mergePlaceholder(out []piece, i, j int, src []byte) []piece {
	at := frontend.Span{Start: v.pieces[i].from.Start, End: v.pieces[j-1].from.End}
	text := ""
	if at.Start >= 0 && at.End <= len(src) && at.Start <= at.End {
		text = string(src[at.Start:at.End])
	}
	return append(out, piece{text: text, from: at, ph: true})
}

// percentFormat applies `template % values`: each conversion becomes a
// placeholder, %% a percent sign.
func (v *value) percentFormat(src []byte) {
	var out []piece
	for i := 0; i < len(v.pieces); {
		if v.byteAt(i) != '%' {
			out = append(out, v.pieces[i])
			i++
			continue
		}
		if i+1 < len(v.pieces) && v.byteAt(i+1) == '%' {
			p := v.pieces[i]
			p.from.End = v.pieces[i+1].from.End
			out = append(out, p)
			i += 2
			continue
		}
		var b []byte
		for k := i; k < len(v.pieces) && k < i+40; k++ {
			c := v.byteAt(k)
			if c == 0 {
				break
			}
			b = append(b, c)
		}
		m := percentSpec.Find(b)
		if m == nil {
			out = append(out, v.pieces[i])
			i++
			continue
		}
		out = v.mergePlaceholder(out, i, i+len(m), src)
		i += len(m)
	}
	v.pieces = out
	for k := range v.lits {
		v.lits[k].percent = true
	}
	v.runtime = "a % format"
}

// braceFormat applies `template.format(...)`: each replacement field
// becomes a placeholder, {{ and }} a brace.
func (v *value) braceFormat(src []byte) {
	var out []piece
	for i := 0; i < len(v.pieces); {
		c := v.byteAt(i)
		if c != '{' && c != '}' {
			out = append(out, v.pieces[i])
			i++
			continue
		}
		if i+1 < len(v.pieces) && v.byteAt(i+1) == c {
			p := v.pieces[i]
			p.from.End = v.pieces[i+1].from.End
			out = append(out, p)
			i += 2
			continue
		}
		if c == '}' {
			out = append(out, v.pieces[i])
			i++
			continue
		}
		depth, j := 0, i
		for ; j < len(v.pieces); j++ {
			switch v.byteAt(j) {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j == len(v.pieces) {
			out = append(out, v.pieces[i:]...)
			break
		}
		out = v.mergePlaceholder(out, i, j+1, src)
		i = j + 1
	}
	v.pieces = out
	for k := range v.lits {
		v.lits[k].braces = true
	}
	v.runtime = "a .format call"
}

// dedent applies textwrap.dedent: lines of white space only are emptied,
// and the white space common to the start of every other line removed.
func (v *value) dedent() {
	lines := v.lines()
	margin := ""
	first := true
	for _, ln := range lines {
		ws, blank := v.leading(ln)
		if blank {
			continue
		}
		switch {
		case first:
			margin, first = ws, false
		case strings.HasPrefix(ws, margin):
		case strings.HasPrefix(margin, ws):
			margin = ws
		default:
			k := 0
			for k < len(ws) && k < len(margin) && ws[k] == margin[k] {
				k++
			}
			margin = margin[:k]
		}
	}
	var out []piece
	for _, ln := range lines {
		ws, blank := v.leading(ln)
		var body [2]int
		switch {
		case blank:
			body = [2]int{ln[0] + len(ws), ln[1]}
		default:
			body = [2]int{ln[0] + len(margin), ln[1]}
		}
		out = append(out, v.pieces[body[0]:body[1]]...)
	}
	v.pieces = out
}

// lines splits the pieces into lines: [start, end) ranges, each end
// after its newline.
func (v *value) lines() [][2]int {
	var out [][2]int
	start := 0
	for i := range v.pieces {
		if v.byteAt(i) == '\n' {
			out = append(out, [2]int{start, i + 1})
			start = i + 1
		}
	}
	if start < len(v.pieces) {
		out = append(out, [2]int{start, len(v.pieces)})
	}
	return out
}

// leading returns the spaces and tabs the line ln starts with, and
// whether there is nothing else on it but its newline.
func (v *value) leading(ln [2]int) (string, bool) {
	var b []byte
	i := ln[0]
	for ; i < ln[1]; i++ {
		c := v.byteAt(i)
		if c != ' ' && c != '\t' {
			break
		}
		b = append(b, c)
	}
	return string(b), i == ln[1] || i == ln[1]-1 && v.byteAt(i) == '\n'
}

// strip removes white space at the start (left) and the end (right).
func (v *value) strip(left, right bool) {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' }
	i, j := 0, len(v.pieces)
	for left && i < j && space(v.byteAt(i)) {
		i++
	}
	for right && j > i && space(v.byteAt(j-1)) {
		j--
	}
	v.pieces = v.pieces[i:j]
}
