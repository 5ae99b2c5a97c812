// Package strvalue is a host string expression's value as the Python and
// Ruby front ends evaluate it: the pieces of its text (each the bytes one
// host range of a decoded literal produces, or a run-time placeholder),
// the literals they come from, and how it is built at run time. Its Span
// converts to frontend.Span.
package strvalue

import (
	"regexp"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// Span is a range of host bytes [Start, End), as frontend.Span.
type Span struct {
	Start, End int
}

// Piece is one unit of a decoded string: the bytes one host range
// produces (a source byte, a whole escape sequence), or a run-time part.
type Piece struct {
	Text string
	From Span
	// Lit is the literal the piece comes from (an index into Value.Lits,
	// 1-based); 0 for a placeholder.
	Lit int
	// PH marks a placeholder: a run-time part whose Text is its host
	// text.
	PH bool
}

// Value is a string expression evaluated as far as the file shows. L is
// what the front end keeps of each literal (the literal, and how its
// text is to be encoded).
type Value[L any] struct {
	Pieces []Piece
	Lits   []L
	// Runtime says how the value is built at run time, "" when constant.
	Runtime string
	Whole   Span
}

// FromLiteral is the value of one literal: lit is what the front end
// keeps of it, pieces its decoded pieces, whole its host range.
func FromLiteral[L any](lit L, pieces []Piece, whole Span) Value[L] {
	v := Value[L]{Whole: whole, Lits: []L{lit}}
	for _, p := range pieces {
		if !p.PH {
			p.Lit = 1
		}
		v.Pieces = append(v.Pieces, p)
	}
	return v
}

// Placeholder is a value standing for a run-time part: its host text,
// and the host range at which it stands.
func Placeholder[L any](text string, at Span) Value[L] {
	return Value[L]{Pieces: []Piece{{Text: text, From: at, PH: true}}, Whole: at}
}

// Clone returns a copy of v that shares nothing it may change.
func (v *Value[L]) Clone() Value[L] {
	w := *v
	w.Pieces = append([]Piece(nil), v.Pieces...)
	w.Lits = append([]L(nil), v.Lits...)
	return w
}

// Concat appends w to v.
func (v *Value[L]) Concat(w Value[L]) {
	n := len(v.Lits)
	v.Lits = append(v.Lits, w.Lits...)
	for _, p := range w.Pieces {
		if p.Lit > 0 {
			p.Lit += n
		}
		v.Pieces = append(v.Pieces, p)
	}
	if v.Runtime == "" {
		v.Runtime = w.Runtime
	}
	v.Whole.End = max(v.Whole.End, w.Whole.End)
}

// Text is the value's text, a space for each placeholder (whose host
// code may call Redis itself).
func (v *Value[L]) Text() string {
	var b strings.Builder
	for _, p := range v.Pieces {
		if p.PH {
			b.WriteString(" ")
			continue
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// ByteAt is the byte of piece i when it is one byte of a literal, else
// 0: the template scanners work on these.
func (v *Value[L]) ByteAt(i int) byte {
	p := v.Pieces[i]
	if p.PH || len(p.Text) != 1 {
		return 0
	}
	return p.Text[0]
}

// MergePlaceholder appends to out one placeholder for the host text of
// src that pieces [i, j) span.
func (v *Value[L]) MergePlaceholder(out []Piece, i, j int, src []byte) []Piece {
	at := Span{Start: v.Pieces[i].From.Start, End: v.Pieces[j-1].From.End}
	text := ""
	if at.Start >= 0 && at.End <= len(src) && at.Start <= at.End {
		text = string(src[at.Start:at.End])
	}
	return append(out, Piece{Text: text, From: at, PH: true})
}

// PercentFormat applies a printf-style template to the pieces: each
// conversion spec matches (at a %, over at most window bytes) becomes a
// placeholder, %% a percent sign. How the literals are to be encoded and
// how the value is built at run time are left to the caller.
func (v *Value[L]) PercentFormat(src []byte, spec *regexp.Regexp, window int) {
	var out []Piece
	for i := 0; i < len(v.Pieces); {
		if v.ByteAt(i) != '%' {
			out = append(out, v.Pieces[i])
			i++
			continue
		}
		if i+1 < len(v.Pieces) && v.ByteAt(i+1) == '%' {
			p := v.Pieces[i]
			p.From.End = v.Pieces[i+1].From.End
			out = append(out, p)
			i += 2
			continue
		}
		var b []byte
		for k := i; k < len(v.Pieces) && k < i+window; k++ {
			c := v.ByteAt(k)
			if c == 0 {
				break
			}
			b = append(b, c)
		}
		m := spec.Find(b)
		if m == nil {
			out = append(out, v.Pieces[i])
			i++
			continue
		}
		out = v.MergePlaceholder(out, i, i+len(m), src)
		i += len(m)
	}
	v.Pieces = out
}

// Strip removes white space at the start (left) and the end (right).
func (v *Value[L]) Strip(left, right bool) {
	space := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' }
	i, j := 0, len(v.Pieces)
	for left && i < j && space(v.ByteAt(i)) {
		i++
	}
	for right && j > i && space(v.ByteAt(j-1)) {
		j--
	}
	v.Pieces = v.Pieces[i:j]
}

// Script assembles the script of v: its text, every byte's host range and
// literal, its placeholders. literal says, for each literal of v, its
// host range and the encoder of text written into it (nil: no fix).
func (v *Value[L]) Script(literal func(L) (frontend.Span, func(string) (string, bool))) *frontend.Script {
	var b frontend.Builder
	ids := make([]int32, len(v.Lits))
	for k, l := range v.Lits {
		ids[k] = b.Literal(literal(l))
	}
	for _, p := range v.Pieces {
		if p.PH {
			b.AddPlaceholder(p.Text, frontend.Span(p.From))
			continue
		}
		b.Add(p.Text, frontend.Span(p.From), ids[p.Lit-1])
	}
	return b.Script(frontend.Span(v.Whole))
}
