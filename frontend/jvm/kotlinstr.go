package jvm

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/clike"
)

// lexKotlinString decodes the Kotlin string literal opening at i, "..."
// or raw """...""", with a hole for each template ($name, ${expr}).
func lexKotlinString(src []byte, i int) (*clike.Lit, int) {
	raw := i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"'
	lit := &clike.Lit{Form: "string", Interpolated: true}
	k := i + 1
	if raw {
		lit.Form = "raw"
		k = i + 3
	}
	ok := true
	for {
		if k >= len(src) || !raw && src[k] == '\n' {
			return nil, k // unterminated
		}
		c := src[k]
		switch {
		case c == '"' && !raw:
			lit.Span = clike.Span{Start: i, End: k + 1}
			return finishKotlin(lit, ok), k + 1
		case c == '"' && k+2 < len(src) && src[k+1] == '"' && src[k+2] == '"':
			n := 3
			for k+n < len(src) && src[k+n] == '"' {
				n++
			}
			for q := range n - 3 {
				lit.Pieces = append(lit.Pieces, clike.Piece{Text: `"`, From: clike.Span{Start: k + q, End: k + q + 1}})
			}
			end := k + n
			lit.Span = clike.Span{Start: i, End: end}
			return finishKotlin(lit, ok), end
		case c == '$' && (strings.HasPrefix(string(src[k:min(len(src), k+6)]), "${'$'}") || strings.HasPrefix(string(src[k:min(len(src), k+6)]), `${"$"}`)):
			// The idiom for a dollar sign in a raw string.
			lit.Pieces = append(lit.Pieces, clike.Piece{Text: "$", From: clike.Span{Start: k, End: k + 6}})
			k += 6
		case c == '$' && k+1 < len(src) && src[k+1] == '{':
			end := skipKotlinTemplate(src, k+1)
			lit.Pieces = append(lit.Pieces, clike.Piece{Hole: true, From: clike.Span{Start: k, End: end}, Const: constHole(src[k+2 : max(k+2, end-1)])})
			k = end
		case c == '$' && k+1 < len(src) && clike.IdentStart(src[k+1:]):
			end := k + 1
			for end < len(src) {
				r, n := utf8.DecodeRune(src[end:])
				if !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
					break
				}
				end += n
			}
			lit.Pieces = append(lit.Pieces, clike.Piece{Hole: true, From: clike.Span{Start: k, End: end}, Const: constHole(src[k+1 : end])})
			k = end
		case c == '\\' && !raw:
			r, n, good := kotlinEscape(src[k:])
			if !good {
				ok = false
				k += max(n, 1)
				continue
			}
			lit.Pieces = clike.AddRune(lit.Pieces, r, clike.Span{Start: k, End: k + n})
			k += n
		case c == '\r' && k+1 < len(src) && src[k+1] == '\n':
			lit.Pieces = append(lit.Pieces, clike.Piece{Text: "\n", From: clike.Span{Start: k, End: k + 2}})
			k += 2
		default:
			r, n := utf8.DecodeRune(src[k:])
			text := string(src[k : k+n])
			if r == utf8.RuneError && n == 1 {
				text = string(src[k : k+1])
			}
			lit.Pieces = append(lit.Pieces, clike.Piece{Text: text, From: clike.Span{Start: k, End: k + n}})
			k += n
		}
	}
}

func finishKotlin(lit *clike.Lit, ok bool) *clike.Lit {
	if !ok {
		return nil
	}
	lit.Encode = func(text string) (string, bool) { return encodeKotlin(text, lit) }
	return lit
}

// constHole reports whether a template's expression is a constant by
// Kotlin's naming convention (an upper-case name).
func constHole(expr []byte) bool {
	return clike.IsConstName(strings.TrimSpace(string(expr)))
}

// skipKotlinTemplate returns the offset after the `}` closing the
// template expression whose `{` is at k, skipping nested strings.
func skipKotlinTemplate(src []byte, k int) int {
	depth := 0
	for j := k; j < len(src); {
		switch src[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j + 1
			}
		case '"':
			_, end := lexKotlinString(src, j)
			j = max(end, j+1)
			continue
		case '\'':
			j = clike.CharEnd(src, j)
			continue
		}
		j++
	}
	return len(src)
}

// kotlinEscape decodes the escape sequence at the start of b: its rune
// and length.
func kotlinEscape(b []byte) (rune, int, bool) {
	if len(b) < 2 {
		return 0, len(b), false
	}
	switch b[1] {
	case 't':
		return '\t', 2, true
	case 'b':
		return '\b', 2, true
	case 'n':
		return '\n', 2, true
	case 'r':
		return '\r', 2, true
	case '\'', '"', '\\', '$':
		return rune(b[1]), 2, true
	case 'u':
		if len(b) < 6 {
			return 0, len(b), false
		}
		var r rune
		for _, h := range b[2:6] {
			d := clike.HexVal(h)
			if d < 0 {
				return 0, 2, false
			}
			r = r<<4 | rune(d)
		}
		return r, 6, true
	}
	return 0, 2, false
}

// encodeKotlin writes text as it must stand in the Kotlin literal lit.
func encodeKotlin(text string, lit *clike.Lit) (string, bool) {
	if lit.Form != "string" {
		// A raw string holds no escapes; a trimmed one changes with the
		// lines and indentation of what is written into it.
		if strings.Contains(text, `"""`) || strings.ContainsRune(text, '\r') || lit.Form == "trimmed" && strings.ContainsRune(text, '\n') {
			return "", false
		}
		return strings.ReplaceAll(text, "$", "${'$'}"), true
	}
	return clike.EscapeQuoted(text, "$"), true
}

// trimIndent applies Kotlin's String.trimIndent to the pieces: the
// smallest indentation of the non-blank lines goes from every line, and
// a blank first or last line goes.
func trimIndent(ps []clike.Piece) []clike.Piece {
	lines, breaks := clike.Lines(ps)
	minIndent := -1
	for _, l := range lines {
		if clike.Blank(l) {
			continue
		}
		if n := clike.Indent(l); minIndent < 0 || n < minIndent {
			minIndent = n
		}
	}
	minIndent = max(minIndent, 0)
	return reindent(lines, breaks, func(l []clike.Piece) ([]clike.Piece, bool) {
		return l[min(minIndent, len(l)):], true
	})
}

// trimMargin applies Kotlin's String.trimMargin(margin): each line that
// opens with white space and the margin loses them.
func trimMargin(ps []clike.Piece, margin string) []clike.Piece {
	lines, breaks := clike.Lines(ps)
	return reindent(lines, breaks, func(l []clike.Piece) ([]clike.Piece, bool) {
		n := clike.Indent(l)
		if n == len(l) {
			return nil, false
		}
		var b strings.Builder
		k := n
		for k < len(l) && b.Len() < len(margin) && !l[k].Hole {
			b.WriteString(l[k].Text)
			k++
		}
		if b.String() != margin {
			return nil, false
		}
		return l[k:], true
	})
}

// reindent joins the lines cut by cut (false: the line as it is), without
// a blank first or last line, as Kotlin's reindent does.
func reindent(lines [][]clike.Piece, breaks []clike.Piece, cut func([]clike.Piece) ([]clike.Piece, bool)) []clike.Piece {
	var out []clike.Piece
	first := true
	for k, l := range lines {
		if (k == 0 || k == len(lines)-1) && clike.Blank(l) {
			continue
		}
		if !first {
			// the break before this line: the one that ended the line
			// before it in the source
			out = append(out, breaks[k-1])
		}
		first = false
		if c, ok := cut(l); ok {
			l = c
		}
		out = append(out, l...)
	}
	return out
}
