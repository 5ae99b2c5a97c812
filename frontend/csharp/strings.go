package csharp

import (
	"strings"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/clike"
)

// lexString decodes the string literal opening at i: "...", verbatim
// @"...", interpolated $"..." (and $@, @$), raw """...""" and
// interpolated raw $"""...""" ($$""" and more). A hole stands for each
// interpolation.
func lexString(src []byte, i int) (*clike.Lit, int) {
	q := i
	dollars, verbatim := 0, false
	for src[q] != '"' {
		if src[q] == '$' {
			dollars++
		} else {
			verbatim = true
		}
		q++
	}
	n := 0
	for q+n < len(src) && src[q+n] == '"' {
		n++
	}
	if n >= 3 && !verbatim {
		return lexRaw(src, i, q, n, dollars)
	}
	return lexQuoted(src, i, q, verbatim, dollars > 0)
}

// addChar appends the character at src[k:] and returns its length; an
// invalid byte stays itself.
func addChar(ps []clike.Piece, src []byte, k int) ([]clike.Piece, int) {
	_, n := utf8.DecodeRune(src[k:])
	return append(ps, clike.Piece{Text: string(src[k : k+n]), From: clike.Span{Start: k, End: k + n}}), n
}

// lexQuoted decodes a regular or verbatim literal whose quote is at q.
func lexQuoted(src []byte, i, q int, verbatim, interp bool) (*clike.Lit, int) {
	lit := &clike.Lit{Form: "string", Interpolated: interp}
	if verbatim {
		lit.Form = "verbatim"
	}
	for k := q + 1; ; {
		if k >= len(src) || src[k] == '\n' && !verbatim {
			return nil, k
		}
		c := src[k]
		switch {
		case c == '"' && verbatim && k+1 < len(src) && src[k+1] == '"':
			lit.Pieces = append(lit.Pieces, clike.Piece{Text: `"`, From: clike.Span{Start: k, End: k + 2}})
			k += 2
		case c == '"':
			return finish(lit, i, k+1), k + 1
		case interp && (c == '{' || c == '}') && k+1 < len(src) && src[k+1] == c:
			lit.Pieces = append(lit.Pieces, clike.Piece{Text: string(c), From: clike.Span{Start: k, End: k + 2}})
			k += 2
		case interp && c == '{':
			end := skipHole(src, k)
			lit.Pieces = append(lit.Pieces, clike.Piece{Hole: true, From: clike.Span{Start: k, End: end}})
			k = end
		case interp && c == '}':
			return nil, k + 1
		case c == '\\' && !verbatim:
			r, n, ok := escape(src[k:])
			if !ok {
				end := k + max(n, 1)
				for end < len(src) && src[end] != '"' && src[end] != '\n' {
					end++
				}
				return nil, min(end+1, len(src))
			}
			lit.Pieces = clike.AddRune(lit.Pieces, r, clike.Span{Start: k, End: k + n})
			k += n
		default:
			var n int
			lit.Pieces, n = addChar(lit.Pieces, src, k)
			k += n
		}
	}
}

// escape decodes the escape sequence at the start of b.
func escape(b []byte) (rune, int, bool) {
	if len(b) < 2 {
		return 0, len(b), false
	}
	simple := map[byte]rune{'\'': '\'', '"': '"', '\\': '\\', '0': 0, 'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', 'e': 0x1b}
	if r, ok := simple[b[1]]; ok {
		return r, 2, true
	}
	var digits int
	exact := true
	switch b[1] {
	case 'x':
		digits, exact = 4, false
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	default:
		return 0, 2, false
	}
	var r rune
	k := 2
	for ; k < 2+digits && k < len(b) && clike.HexVal(b[k]) >= 0; k++ {
		r = r<<4 | rune(clike.HexVal(b[k]))
	}
	if k == 2 || exact && k < 2+digits || r > utf8.MaxRune {
		return 0, k, false
	}
	return r, k, true
}

// skipHole returns the offset after the `}` closing the interpolation
// opening at k, skipping nested strings and brackets.
func skipHole(src []byte, k int) int {
	depth := 0
	for j := k; j < len(src); {
		switch c := src[j]; {
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
			if depth == 0 {
				return j + 1
			}
		case stringStart(src, j):
			_, end := lexString(src, j)
			j = max(end, j+1)
			continue
		case c == '\'':
			j++
			for j < len(src) && src[j] != '\'' && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
		}
		j++
	}
	return len(src)
}

// lexRaw decodes the raw literal whose n opening quotes are at q: on one
// line, or over several lines whose indentation is the closing line's
// white space, removed from every line as the compiler does.
func lexRaw(src []byte, i, q, n, dollars int) (*clike.Lit, int) {
	lit := &clike.Lit{Form: "raw", Interpolated: dollars > 0}
	k := q + n
	multi := true
	for j := k; j < len(src) && src[j] != '\n'; j++ {
		if src[j] != ' ' && src[j] != '\t' && src[j] != '\r' {
			multi = false
			break
		}
	}
	if multi {
		for k < len(src) && src[k] != '\n' {
			k++
		}
		k++
	}
	lineStart := k
	quotes := strings.Repeat(`"`, n)
	for {
		if k >= len(src) {
			return nil, len(src)
		}
		c := src[k]
		switch {
		case c == '"' && strings.HasPrefix(string(src[k:min(len(src), k+n)]), quotes) && (!multi || strings.TrimSpace(string(src[lineStart:k])) == ""):
			end := k + n
			if multi {
				lit.Pieces = dedent(lit.Pieces)
			}
			return finish(lit, i, end), end
		case c == '\n':
			lit.Pieces = append(lit.Pieces, clike.Piece{Text: "\n", From: clike.Span{Start: k, End: k + 1}})
			k++
			lineStart = k
		case c == '\r' && k+1 < len(src) && src[k+1] == '\n':
			lit.Pieces = append(lit.Pieces, clike.Piece{Text: "\n", From: clike.Span{Start: k, End: k + 2}})
			k += 2
			lineStart = k
		case dollars > 0 && c == '{':
			r := 0
			for k+r < len(src) && src[k+r] == '{' {
				r++
			}
			if r < dollars {
				for range r {
					lit.Pieces = append(lit.Pieces, clike.Piece{Text: "{", From: clike.Span{Start: k, End: k + 1}})
					k++
				}
				continue
			}
			for range r - dollars {
				lit.Pieces = append(lit.Pieces, clike.Piece{Text: "{", From: clike.Span{Start: k, End: k + 1}})
				k++
			}
			end := skipHole(src, k)
			lit.Pieces = append(lit.Pieces, clike.Piece{Hole: true, From: clike.Span{Start: k, End: end}})
			k = end
		default:
			var w int
			lit.Pieces, w = addChar(lit.Pieces, src, k)
			k += w
		}
	}
}

// dedent removes a multi-line raw literal's indentation: the last line
// (the closing quotes' white space) and the line break before it go, and
// that white space goes from the start of every other line.
func dedent(ps []clike.Piece) []clike.Piece {
	lines, breaks := clike.Lines(ps)
	last := lines[len(lines)-1]
	indent := len(last)
	lines = lines[:len(lines)-1]
	var out []clike.Piece
	for k, l := range lines {
		if clike.Blank(l) {
			l = nil
		} else {
			l = l[min(indent, clike.Indent(l)):]
		}
		out = append(out, l...)
		if k < len(lines)-1 {
			out = append(out, breaks[k])
		}
	}
	return out
}

func finish(lit *clike.Lit, start, end int) *clike.Lit {
	lit.Span = clike.Span{Start: start, End: end}
	lit.Encode = func(text string) (string, bool) { return encode(text, lit) }
	return lit
}

// encode writes text as it must stand in the literal lit.
func encode(text string, lit *clike.Lit) (string, bool) {
	if lit.Interpolated {
		if lit.Form == "raw" && strings.ContainsAny(text, "{}") {
			return "", false
		}
		text = strings.NewReplacer("{", "{{", "}", "}}").Replace(text)
	}
	switch lit.Form {
	case "raw":
		if strings.Contains(text, `"""`) || strings.ContainsAny(text, "\r\n") {
			return "", false
		}
		return text, true
	case "verbatim":
		return strings.ReplaceAll(text, `"`, `""`), true
	}
	return clike.EscapeQuoted(text, ""), true
}
