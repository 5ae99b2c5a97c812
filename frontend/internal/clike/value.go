package clike

import (
	"slices"
	"strings"
)

// Value is a string value of the host program as the front end can know
// it: the text of a literal, of a `+` chain, of a constant of the file,
// with a hole for each part known only at run time.
type Value struct {
	// Pieces are the units of its text, in order.
	Pieces []Piece
	// Lits are the literals the pieces come from (Piece.Lit indexes it).
	Lits []*Lit
	// Span is the host expression.
	Span Span
	// Runtime says how a part known only at run time enters the value
	// ("concatenation with a variable", "a format call", "interpolation");
	// empty when every hole is a constant.
	Runtime string
}

// Text is the value's text, with holes left out.
func (v *Value) Text() string {
	var b strings.Builder
	for _, p := range v.Pieces {
		b.WriteString(p.Text)
	}
	return b.String()
}

// AddLit appends the text of literal l.
func (v *Value) AddLit(l *Lit) {
	v.Lits = append(v.Lits, l)
	id := len(v.Lits)
	for _, p := range l.Pieces {
		if !p.Hole {
			p.Lit = id
		} else if !p.Const && l.Interpolated && v.Runtime == "" {
			v.Runtime = "interpolation"
		}
		v.Pieces = append(v.Pieces, p)
	}
}

// AddValue appends w.
func (v *Value) AddValue(w Value) {
	base := len(v.Lits)
	v.Lits = append(v.Lits, w.Lits...)
	v.Pieces = slices.Grow(v.Pieces, len(w.Pieces))
	for _, p := range w.Pieces {
		if p.Lit > 0 {
			p.Lit += base
		}
		v.Pieces = append(v.Pieces, p)
	}
	if v.Runtime == "" {
		v.Runtime = w.Runtime
	}
}

// AddHole appends a run-time part at host range from; how says how it
// builds the value when it is not a constant.
func (v *Value) AddHole(from Span, constant bool, how string) {
	v.Pieces = append(v.Pieces, Piece{From: from, Hole: true, Const: constant})
	if !constant && v.Runtime == "" {
		v.Runtime = how
	}
}

// LitValue is the value of the literal l alone.
func LitValue(l *Lit) Value {
	var v Value
	v.AddLit(l)
	v.Span = l.Span
	return v
}

// MapPieces returns v with its pieces replaced by f(pieces), which may
// drop, keep or turn pieces into holes (trimIndent, String.format).
func (v *Value) MapPieces(f func([]Piece) []Piece) Value {
	w := *v
	ps := make([]Piece, len(v.Pieces))
	copy(ps, v.Pieces)
	w.Pieces = f(ps)
	return w
}
