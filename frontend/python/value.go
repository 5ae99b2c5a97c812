package python

import (
	"regexp"
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

// braceFormat applies `template.format(...)`: each replacement field
// becomes a placeholder, {{ and }} a brace.
func braceFormat(v *value, src []byte) {
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
		out = v.MergePlaceholder(out, i, j+1, src)
		i = j + 1
	}
	v.Pieces = out
	for k := range v.Lits {
		v.Lits[k].braces = true
	}
	v.Runtime = "a .format call"
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
