package jvm

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/clike"
)

// elem is one character of a literal's body with the host range that
// produced it (a character, a unicode escape, an escape sequence).
type elem struct {
	r    rune
	from clike.Span
}

// javaElems returns the characters of src[start:end] after Java's first
// translation step: unicode escapes (\uXXXX, \uuXXXX) anywhere, and line
// terminators (\r\n, \r) as \n.
func javaElems(src []byte, start, end int) ([]elem, bool) {
	var out []elem
	for k := start; k < end; {
		c := src[k]
		if c == '\\' && k+1 < end && src[k+1] == 'u' && evenBackslashes(src, start, k) {
			j := k + 1
			for j < end && src[j] == 'u' {
				j++
			}
			if j+4 > end {
				return nil, false
			}
			var r rune
			for _, h := range src[j : j+4] {
				d := clike.HexVal(h)
				if d < 0 {
					return nil, false
				}
				r = r<<4 | rune(d)
			}
			out = append(out, elem{r, clike.Span{Start: k, End: j + 4}})
			k = j + 4
			continue
		}
		if c == '\r' {
			n := 1
			if k+1 < end && src[k+1] == '\n' {
				n = 2
			}
			out = append(out, elem{'\n', clike.Span{Start: k, End: k + n}})
			k += n
			continue
		}
		r, n := utf8.DecodeRune(src[k:end])
		out = append(out, elem{r, clike.Span{Start: k, End: k + n}})
		k += n
	}
	return out, true
}

// evenBackslashes reports whether an even number of backslashes precede
// offset k (so that the backslash at k is not itself escaped).
func evenBackslashes(src []byte, start, k int) bool {
	n := 0
	for j := k - 1; j >= start && src[j] == '\\'; j-- {
		n++
	}
	return n%2 == 0
}

// javaEscapes decodes the escape sequences of es: \b \t \n \f \r \s \"
// \' \\, octal escapes, and (in a text block) a backslash ending a line.
func javaEscapes(es []elem) ([]elem, bool) {
	out := es[:0:0]
	for k := 0; k < len(es); k++ {
		e := es[k]
		if e.r != '\\' {
			out = append(out, e)
			continue
		}
		if k+1 >= len(es) {
			return nil, false
		}
		n := es[k+1]
		span := clike.Span{Start: e.from.Start, End: n.from.End}
		var r rune
		switch n.r {
		case 'b':
			r = '\b'
		case 't':
			r = '\t'
		case 'n':
			r = '\n'
		case 'f':
			r = '\f'
		case 'r':
			r = '\r'
		case 's':
			r = ' '
		case '"', '\'', '\\':
			r = n.r
		case '\n':
			k++ // a line continuation
			continue
		default:
			if n.r < '0' || n.r > '7' {
				return nil, false
			}
			r = n.r - '0'
			maxDigits := 2
			if n.r <= '3' {
				maxDigits = 3
			}
			j := k + 2
			for d := 1; d < maxDigits && j < len(es) && es[j].r >= '0' && es[j].r <= '7'; d++ {
				r = r*8 + es[j].r - '0'
				j++
			}
			out = append(out, elem{r, clike.Span{Start: e.from.Start, End: es[j-1].from.End}})
			k = j - 1
			continue
		}
		out = append(out, elem{r, span})
		k++
	}
	return out, true
}

// pieces turns characters into the pieces of a literal, joining UTF-16
// surrogate pairs written as two escapes.
func pieces(es []elem) []clike.Piece {
	out := make([]clike.Piece, 0, len(es))
	for k := 0; k < len(es); k++ {
		e := es[k]
		if utf16.IsSurrogate(e.r) && k+1 < len(es) {
			if r := utf16.DecodeRune(e.r, es[k+1].r); r != utf8.RuneError {
				out = clike.AddRune(out, r, clike.Span{Start: e.from.Start, End: es[k+1].from.End})
				k++
				continue
			}
		}
		out = clike.AddRune(out, e.r, e.from)
	}
	return out
}

// lexJavaString decodes the "..." literal opening at i.
func lexJavaString(src []byte, i int) (*clike.Lit, int) {
	j := i + 1
	for j < len(src) && src[j] != '"' && src[j] != '\n' {
		if src[j] == '\\' && j+1 < len(src) && src[j+1] != '\n' {
			j++
		}
		j++
	}
	if j >= len(src) || src[j] != '"' {
		return nil, j // unterminated
	}
	end := j + 1
	es, ok := javaElems(src, i+1, j)
	if ok {
		es, ok = javaEscapes(es)
	}
	if !ok {
		return nil, end
	}
	return &clike.Lit{Span: clike.Span{Start: i, End: end}, Pieces: pieces(es), Encode: encodeJava, Form: "string"}, end
}

// lexTextBlock decodes the """...""" text block opening at i: the
// incidental indentation and the trailing white space of each line are
// stripped before escapes are decoded, as the compiler does, and each
// remaining character keeps its own place in the file.
func lexTextBlock(src []byte, i int) (*clike.Lit, int) {
	k := i + 3
	for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\f') {
		k++
	}
	badOpen := k >= len(src) || src[k] != '\n' && src[k] != '\r'
	if k < len(src) && src[k] == '\r' {
		k++
	}
	if k < len(src) && src[k] == '\n' {
		k++
	}
	body := k
	closing := -1
	for k < len(src) {
		if src[k] == '\\' {
			k += 2
			continue
		}
		if src[k] == '"' && k+2 < len(src) && src[k+1] == '"' && src[k+2] == '"' {
			closing = k
			break
		}
		k++
	}
	if closing < 0 {
		return nil, len(src)
	}
	end := closing + 3
	if badOpen {
		return nil, end
	}
	es, ok := javaElems(src, body, closing)
	if !ok {
		return nil, end
	}
	es = stripIndent(es)
	es, ok = javaEscapes(es)
	if !ok {
		return nil, end
	}
	return &clike.Lit{Span: clike.Span{Start: i, End: end}, Pieces: pieces(es), Encode: encodeJava, Form: "text block"}, end
}

func isJavaSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\f' || r == '\v' }

// stripIndent removes a text block's incidental white space (JLS 3.10.6):
// the smallest indentation of the non-blank lines and of the closing
// line, from every line; trailing white space; the content of blank
// lines.
func stripIndent(es []elem) []elem {
	var lines [][]elem
	var breaks []elem
	start := 0
	for k, e := range es {
		if e.r == '\n' {
			lines = append(lines, es[start:k])
			breaks = append(breaks, e)
			start = k + 1
		}
	}
	lines = append(lines, es[start:])
	blank := func(l []elem) bool {
		for _, e := range l {
			if !isJavaSpace(e.r) {
				return false
			}
		}
		return true
	}
	indent := func(l []elem) int {
		n := 0
		for n < len(l) && isJavaSpace(l[n].r) {
			n++
		}
		return n
	}
	minIndent := -1
	for k, l := range lines {
		if blank(l) && k != len(lines)-1 {
			continue
		}
		if n := indent(l); minIndent < 0 || n < minIndent {
			minIndent = n
		}
	}
	var out []elem
	for k, l := range lines {
		if !blank(l) {
			l = l[min(minIndent, len(l)):]
			for len(l) > 0 && isJavaSpace(l[len(l)-1].r) {
				l = l[:len(l)-1]
			}
			out = append(out, l...)
		}
		if k < len(breaks) {
			out = append(out, breaks[k])
		}
	}
	return out
}

// encodeJava writes text as the body of a Java string literal or text
// block.
func encodeJava(text string) (string, bool) {
	var b strings.Builder
	for _, r := range text {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\%03o`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String(), true
}
