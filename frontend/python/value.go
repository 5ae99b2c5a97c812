package python

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/strvalue"
)

// value is a string expression evaluated as far as the file shows.
type value = strvalue.Value[litRef]

// litRef is one literal of a value, with how its text is to be encoded.
type litRef struct {
	lit             *literal
	braces, percent bool
}

// fromLiteral is the value of one literal.
func fromLiteral(l *literal) value {
	v := strvalue.FromLiteral(litRef{lit: l}, l.pieces, strvalue.Span(l.span))
	if l.fields {
		v.Runtime = "an f-string"
	}
	return v
}

// placeholder is a value standing for a run-time part.
func placeholder(text string, at frontend.Span) value {
	return strvalue.Placeholder[litRef](text, strvalue.Span(at))
}

// percentSpec is a %-format conversion specifier.
var percentSpec = regexp.MustCompile(`^%(\([^)]*\))?[#0\- +]*(\*|\d+)?(\.(\*|\d+))?[hlL]?[diouxXeEfFgGcrsab]`)

// percentFormat applies `template % values`: each conversion becomes a
// placeholder, %% a percent sign.
func percentFormat(v *value, src []byte) {
	v.PercentFormat(src, percentSpec, 40)
	for k := range v.Lits {
		v.Lits[k].percent = true
	}
	v.Runtime = "a % format"
}

// formatArgs are the arguments of a .format call whose value is a
// constant string, by position and by keyword (nil: not constant, or not
// known). take spends the budget for one copy of an argument's value.
type formatArgs struct {
	pos  []*value
	kw   map[string]*value
	take func(v *value) bool
}

// lookup returns the constant argument that the replacement field text
// names: `name`, `N`, or nothing (the next automatic index, counted in auto),
// with an optional `!s` conversion and an empty format spec. Anything
// else (an attribute, an index, a spec, `!r`) is not filled.
func (a formatArgs) lookup(field string, auto *int) *value {
	name := field
	if k := strings.IndexAny(name, "!:"); k >= 0 {
		rest := name[k:]
		name = name[:k]
		if rest != "!s" && rest != ":" && rest != "!s:" {
			if name == "" {
				*auto++
			}
			return nil
		}
	}
	if name == "" {
		k := *auto
		*auto++
		if k < len(a.pos) {
			return a.pos[k]
		}
		return nil
	}
	if n, err := strconv.Atoi(name); err == nil && n >= 0 && name[0] != '+' {
		if n < len(a.pos) {
			return a.pos[n]
		}
		return nil
	}
	return a.kw[name]
}

// braceFormat applies `template.format(...)`: {{ and }} are braces, and
// each replacement field takes the text of the constant argument it
// names (its pieces keep their host ranges in the argument's literals),
// else becomes a placeholder. It is false when the budget is spent.
func braceFormat(v *value, src []byte, args formatArgs) bool {
	for k := range v.Lits {
		v.Lits[k].braces = true
	}
	// at is where each argument's literals start in v.Lits, once copied.
	at := map[*value]int{}
	auto, unfilled := 0, false
	var out []piece
	for i := 0; i < len(v.Pieces); {
		c := v.ByteAt(i)
		if c != '{' && c != '}' {
			out = append(out, v.Pieces[i])
			i++
			continue
		}
		if i+1 < len(v.Pieces) && v.ByteAt(i+1) == c {
			p := v.Pieces[i]
			p.From.End = v.Pieces[i+1].From.End
			out = append(out, p)
			i += 2
			continue
		}
		if c == '}' {
			out = append(out, v.Pieces[i])
			i++
			continue
		}
		depth, j := 0, i
		for ; j < len(v.Pieces); j++ {
			switch v.ByteAt(j) {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j == len(v.Pieces) {
			out = append(out, v.Pieces[i:]...)
			break
		}
		var w *value
		if field, ok := fieldText(v, i+1, j); ok {
			w = args.lookup(field, &auto)
		} else {
			auto++ // the field's text is no name: it counts as one
		}
		if w == nil {
			unfilled = true
			out = v.MergePlaceholder(out, i, j+1, src)
			i = j + 1
			continue
		}
		if !args.take(w) {
			return false
		}
		base, ok := at[w]
		if !ok {
			base = len(v.Lits)
			at[w] = base
			v.Lits = append(v.Lits, w.Lits...)
		}
		for _, p := range w.Pieces {
			if p.Lit > 0 {
				p.Lit += base
			}
			out = append(out, p)
		}
		i = j + 1
	}
	v.Pieces = out
	if unfilled {
		v.Runtime = "a .format call"
	}
	return true
}

// fieldText is the text of pieces [i, j), false unless each is one byte
// of a literal (a placeholder or an escape sequence in a field).
func fieldText(v *value, i, j int) (string, bool) {
	b := make([]byte, 0, j-i)
	for k := i; k < j; k++ {
		c := v.ByteAt(k)
		if c == 0 {
			return "", false
		}
		b = append(b, c)
	}
	return string(b), true
}

// dedent applies textwrap.dedent: lines of white space only are emptied,
// and the white space common to the start of every other line removed.
func dedent(v *value) {
	lines := lineRanges(v)
	margin := ""
	first := true
	for _, ln := range lines {
		ws, blank := leading(v, ln)
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
		ws, blank := leading(v, ln)
		var body [2]int
		switch {
		case blank:
			body = [2]int{ln[0] + len(ws), ln[1]}
		default:
			body = [2]int{ln[0] + len(margin), ln[1]}
		}
		out = append(out, v.Pieces[body[0]:body[1]]...)
	}
	v.Pieces = out
}

// lineRanges splits the pieces into lines: [start, end) ranges, each end
// after its newline.
func lineRanges(v *value) [][2]int {
	var out [][2]int
	start := 0
	for i := range v.Pieces {
		if v.ByteAt(i) == '\n' {
			out = append(out, [2]int{start, i + 1})
			start = i + 1
		}
	}
	if start < len(v.Pieces) {
		out = append(out, [2]int{start, len(v.Pieces)})
	}
	return out
}

// leading returns the spaces and tabs the line ln starts with, and
// whether there is nothing else on it but its newline.
func leading(v *value, ln [2]int) (string, bool) {
	var b []byte
	i := ln[0]
	for ; i < ln[1]; i++ {
		c := v.ByteAt(i)
		if c != ' ' && c != '\t' {
			break
		}
		b = append(b, c)
	}
	return string(b), i == ln[1] || i == ln[1]-1 && v.ByteAt(i) == '\n'
}
