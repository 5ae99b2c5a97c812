// Package clike is the machinery the front ends of the C-like host
// languages (Java, Kotlin, C#) share once their lexers have turned a file
// into tokens: string values built from literals, `+` chains and
// constants of the same file, the arguments of calls, literal key lists,
// and the search for the scripts a file passes to a scripting API. It
// knows no host language: each front end brings its lexer, its literal
// forms and its table of APIs. It imports nothing of the module, so that
// it sits below the front ends (package frontend converts its spans).
package clike

import "unicode/utf8"

// Span is a half-open range [Start, End) of byte offsets in the host file.
type Span struct{ Start, End int }

// Kind is the kind of a token.
type Kind uint8

// The token kinds.
const (
	EOF Kind = iota
	Ident
	Str    // a string literal of any form
	Number // a numeric literal
	Char   // a character literal
	Punct  // an operator or delimiter
)

// Token is one token of a host file.
type Token struct {
	Kind Kind
	Span Span
	// Text is the token's source text (for Str, the whole literal).
	Text string
	// Lit is the decoded literal of a Str token; nil when it does not
	// decode.
	Lit *Lit
	// NL says a line break separates the token from the previous one.
	NL bool
}

// Is reports whether t is the punctuation or identifier text s.
func (t Token) Is(s string) bool { return (t.Kind == Punct || t.Kind == Ident) && t.Text == s }

// Piece is one unit of a decoded literal: the bytes one source character
// or one whole escape sequence produces, or a hole (a part the host fills
// in at run time, such as `${x}`).
type Piece struct {
	// Text is the decoded text (UTF-8); empty for a hole.
	Text string
	// From is the host range that produced it.
	From Span
	// Hole marks a run-time part; Const says its value is a constant of
	// the program (a number, an upper-case constant), so that it does not
	// make the script one built at run time.
	Hole  bool
	Const bool
	// Lit is the literal the piece comes from, 1-based in its Value's
	// Lits (0: none); set when the piece joins a Value.
	Lit int
}

// Lit is a decoded string literal.
type Lit struct {
	// Span is the whole literal, prefix and quotes included.
	Span Span
	// Pieces are its decoded units, in order.
	Pieces []Piece
	// Encode returns text as it must be written inside the literal to
	// mean text, and false when it cannot be written there.
	Encode func(string) (string, bool)
	// Form names the literal's form for the front end ("raw", "text
	// block"...).
	Form string
	// Interpolated says the literal's holes are run-time interpolations
	// (a Kotlin template, a C# $"..."), which make a script built at
	// run time.
	Interpolated bool
}

// AddRune appends the piece of rune r produced by the host range from.
func AddRune(ps []Piece, r rune, from Span) []Piece {
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	return append(ps, Piece{Text: string(buf[:n]), From: from})
}

// Lines splits pieces at their "\n" pieces; the line breaks are returned
// apart (breaks[i] ends lines[i]; the last line has none).
func Lines(ps []Piece) (lines [][]Piece, breaks []Piece) {
	start := 0
	for i, p := range ps {
		if !p.Hole && p.Text == "\n" {
			lines = append(lines, ps[start:i])
			breaks = append(breaks, p)
			start = i + 1
		}
	}
	return append(lines, ps[start:]), breaks
}

// IsSpace reports whether the piece is one character of white space
// (not a line break).
func (p Piece) IsSpace() bool {
	return !p.Hole && (p.Text == " " || p.Text == "\t" || p.Text == "\f" || p.Text == "\v")
}

// Blank reports whether the line holds only white space.
func Blank(line []Piece) bool {
	for _, p := range line {
		if !p.IsSpace() && !(p.Text == "\r" && !p.Hole) {
			return false
		}
	}
	return true
}

// Indent is the number of white-space pieces that open the line.
func Indent(line []Piece) int {
	n := 0
	for n < len(line) && line[n].IsSpace() {
		n++
	}
	return n
}
