// Package segvalue is a host string expression's value as the JavaScript
// and PHP front ends evaluate it: decoded literals made of segments (the
// bytes one host range stands for, or a placeholder), values made of parts
// (a literal's segments, a run-time part, other text), the budget each
// part takes, and the script a value assembles. What differs between the
// languages (a literal's forms, how text is encoded into it) stays in the
// front end, whose literal type embeds Literal.
package segvalue

import (
	"strings"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Seg is one decoded piece of a literal: the bytes a character or an
// escape sequence stands for, with its host range, or a placeholder whose
// text is its host text.
type Seg struct {
	Text string
	From frontend.Span
	PH   bool
	// Run marks a run of plain bytes, each its own source byte: Text is
	// the file's bytes at From (see Literal.Finish).
	Run bool
}

// Literal is a decoded string literal, as the front ends share it.
type Literal struct {
	Segs []Seg
	// OK is false for a literal that does not decode: it is never a
	// script.
	OK bool
	// Form is the literal's kind, as the front end spells it (a quote).
	Form byte
	Span frontend.Span
}

// Decoded returns l: a front end's literal type, which embeds Literal,
// has it as a method.
func (l *Literal) Decoded() *Literal { return l }

// Value returns the literal's text, placeholders as
// analyzer.PlaceholderName.
func (l *Literal) Value() string {
	var sb strings.Builder
	for _, s := range l.Segs {
		if s.PH {
			sb.WriteString(analyzer.PlaceholderName)
			continue
		}
		sb.WriteString(s.Text)
	}
	return sb.String()
}

// Add appends the decoded text of host range [start, end).
func (l *Literal) Add(text string, start, end int) {
	l.Segs = append(l.Segs, Seg{Text: text, From: frontend.Span{Start: start, End: end}})
}

// Char adds the character of src at pos, each of its bytes mapped to
// itself, and returns the position after it: plain characters in a row
// make one run, so that a long literal costs one piece, not one per byte.
func (l *Literal) Char(src []byte, pos int) int {
	_, n := utf8.DecodeRune(src[pos:])
	if k := len(l.Segs) - 1; k >= 0 && l.Segs[k].Run && l.Segs[k].From.End == pos {
		l.Segs[k].From.End += n
	} else {
		l.Segs = append(l.Segs, Seg{From: frontend.Span{Start: pos, End: pos + n}, Run: true})
	}
	return pos + n
}

// Finish fills in the text of the literal's runs.
func (l *Literal) Finish(src []byte) {
	for i := range l.Segs {
		if s := &l.Segs[i]; s.Run {
			s.Text = string(src[s.From.Start:s.From.End])
		}
	}
}

// Lit is a front end's literal: a pointer to a type that embeds Literal
// and encodes text written into it.
type Lit interface {
	comparable
	Decoded() *Literal
	// Encode returns text as it must be written inside the literal to
	// mean text, and false when it cannot be written there.
	Encode(text string) (string, bool)
}

// Part is one piece of a string expression's value: a literal's segments,
// a run-time part (a placeholder), or text that is neither (a join
// separator, a numeric constant).
type Part[L Lit] struct {
	// Lit is the literal the part comes from (the zero L: none).
	Lit L
	// Segs are the literal's pieces this part holds (all of them, or
	// those between two placeholders whose values are inlined).
	Segs []Seg
	Text string
	From frontend.Span
	PH   bool
}

// IsLit reports whether the part comes from a literal.
func (pt *Part[L]) IsLit() bool {
	var none L
	return pt.Lit != none
}

// Len returns the bytes of text the part holds.
func (pt *Part[L]) Len() int {
	if !pt.IsLit() {
		return len(pt.Text)
	}
	n := 0
	for _, s := range pt.Segs {
		n += len(s.Text)
	}
	return n
}

// Value is a string expression: a literal, a concatenation, a constant's
// or variable's value.
type Value[L Lit] struct {
	Parts []Part[L]
	Span  frontend.Span
	// Name is the constant, variable or function the value was read from.
	Name string
	// Runtime says how the value is built at run time ("" when it is
	// constant).
	Runtime string
	// Lits counts the literals in Parts.
	Lits int
}

// Text returns the value's text, placeholders as
// analyzer.PlaceholderName.
func (v *Value[L]) Text() string {
	var sb strings.Builder
	for _, p := range v.Parts {
		switch {
		case p.IsLit():
			for _, s := range p.Segs {
				if s.PH {
					sb.WriteString(analyzer.PlaceholderName)
				} else {
					sb.WriteString(s.Text)
				}
			}
		case p.PH:
			sb.WriteString(analyzer.PlaceholderName)
		default:
			sb.WriteString(p.Text)
		}
	}
	return sb.String()
}

// Put appends parts to v, for the value at host range at, taking their
// text from the file's budget: at least a byte a part, so that the budget
// bounds the work of reading values (each operand read puts a part) as
// well as their size. Once the budget is spent, nothing is appended.
func (v *Value[L]) Put(budget *frontend.Budget, at frontend.Span, parts ...Part[L]) {
	n := 0
	for _, pt := range parts {
		n += max(1, pt.Len())
	}
	if budget.Take(n, at) {
		v.Parts = append(v.Parts, parts...)
	}
}

// Script assembles the script of v, run by call (nil: none shown).
func (v *Value[L]) Script(call *frontend.CallSite) *frontend.Script {
	var b frontend.Builder
	idx := map[L]int32{}
	for _, pt := range v.Parts {
		switch {
		case pt.IsLit():
			k, ok := idx[pt.Lit]
			if !ok {
				k = b.Literal(pt.Lit.Decoded().Span, pt.Lit.Encode)
				idx[pt.Lit] = k
			}
			for _, s := range pt.Segs {
				switch {
				case s.PH:
					b.AddPlaceholder(s.Text, s.From)
				case s.Run:
					for j := range len(s.Text) {
						at := s.From.Start + j
						b.Add(s.Text[j:j+1], frontend.Span{Start: at, End: at + 1}, k)
					}
				default:
					b.Add(s.Text, s.From, k)
				}
			}
		case pt.PH:
			b.AddPlaceholder(pt.Text, pt.From)
		default:
			b.Add(pt.Text, pt.From, 0)
		}
	}
	s := b.Script(v.Span)
	s.Call, s.Name = call, v.Name
	return s
}

// Scripts are the scripts found in a file, each literal in one script at
// most, each host expression one script.
type Scripts[L Lit] struct {
	Path  string
	Found frontend.Found
	// Used marks the literals of the scripts found so far.
	Used map[L]bool
	// ByWhole is the script found for each host expression.
	ByWhole map[frontend.Span]*frontend.Script
}

// Parses reports whether the value reads as Lua.
func (f *Scripts[L]) Parses(v Value[L]) bool {
	_, err := luaast.Parse(f.Path, v.Script(nil).Text)
	return err == nil
}

// Add records the script of v run by call (nil: none shown), unless its
// literals are another script's.
func (f *Scripts[L]) Add(v Value[L], call *frontend.CallSite) {
	if s, ok := f.ByWhole[v.Span]; ok {
		switch {
		case call == nil:
		case s.Call == nil:
			s.Call = call
		case call.Span != s.Call.Span:
			s.Calls = append(s.Calls, call) // another call running the same constant
		}
		return
	}
	for _, pt := range v.Parts {
		if pt.IsLit() && f.Used[pt.Lit] && call == nil {
			return
		}
	}
	for _, pt := range v.Parts {
		if pt.IsLit() {
			f.Used[pt.Lit] = true
		}
	}
	s := v.Script(call)
	f.ByWhole[v.Span] = s
	f.Found.Scripts = append(f.Found.Scripts, s)
}
