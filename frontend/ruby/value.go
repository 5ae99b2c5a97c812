package ruby

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
	lit     *literal
	percent bool
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
	if l.interpolated {
		v.runtime = "interpolation"
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

// percentSpec is a format conversion specifier (String#%, format).
var percentSpec = regexp.MustCompile(`^%(\{[^}]*\}|(<[^>]*>)?[#0\- +]*(\*|\d+)?(\.(\*|\d+))?[bBdiouxXeEfgGaAcps])`)

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

// percentFormat applies `template % values` or format(template, ...):
// each conversion becomes a placeholder, %% a percent sign.
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
		for k := i; k < len(v.pieces) && k < i+80; k++ {
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
	v.runtime = "a format call"
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

// chomp removes one line break at the end.
func (v *value) chomp() {
	n := len(v.pieces)
	if n > 0 && v.byteAt(n-1) == '\n' {
		n--
		if n > 0 && v.byteAt(n-1) == '\r' {
			n--
		}
	} else if n > 0 && v.byteAt(n-1) == '\r' {
		n--
	}
	v.pieces = v.pieces[:n]
}
