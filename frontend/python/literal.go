package python

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/strvalue"
)

// piece is one unit of a decoded string (see strvalue.Piece).
type piece = strvalue.Piece

// literal is one decoded Python string literal.
type literal struct {
	span   frontend.Span
	prefix string // lower-cased
	quote  string // ', ", ''' or """
	pieces []piece
	// fields says the literal is an f-string with replacement fields.
	fields bool
}

func (l *literal) raw() bool   { return strings.Contains(l.prefix, "r") }
func (l *literal) bytes() bool { return strings.Contains(l.prefix, "b") }
func (l *literal) fstr() bool  { return strings.ContainsAny(l.prefix, "ft") }

// decodeLiteral decodes the literal src[start:end] whose opening quote is
// at q, and returns nil when it holds an escape it cannot decode.
func decodeLiteral(src []byte, start, q, end int, prefix string, names runeNames) *literal {
	quote := string(src[q])
	if q+2 < end && src[q+1] == src[q] && src[q+2] == src[q] && end-q >= 6 {
		quote = strings.Repeat(quote, 3)
	}
	l := &literal{span: frontend.Span{Start: start, End: end}, prefix: prefix, quote: quote}
	bodyStart, bodyEnd := q+len(quote), end-len(quote)
	if bodyEnd < bodyStart {
		return nil
	}
	add := func(text string, s, e int) {
		l.pieces = append(l.pieces, piece{Text: text, From: strvalue.Span{Start: s, End: e}})
	}
	for i := bodyStart; i < bodyEnd; {
		c := src[i]
		if l.fstr() && (c == '{' || c == '}') {
			if i+1 < bodyEnd && src[i+1] == c {
				add(string(c), i, i+2)
				i += 2
				continue
			}
			if c == '}' {
				return nil
			}
			e, ok := scanField(src, i)
			if !ok || e > bodyEnd {
				return nil
			}
			l.pieces = append(l.pieces, piece{Text: string(src[i:e]), From: strvalue.Span{Start: i, End: e}, PH: true})
			l.fields = true
			i = e
			continue
		}
		if c == '\r' && i+1 < bodyEnd && src[i+1] == '\n' {
			add("\n", i, i+2) // Python reads a CRLF file as LF
			i += 2
			continue
		}
		if c != '\\' || i+1 >= bodyEnd {
			add(string(src[i:i+1]), i, i+1)
			i++
			continue
		}
		if l.raw() {
			// A backslash stays, and keeps the next character from
			// closing the string.
			add("\\", i, i+1)
			add(string(src[i+1:i+2]), i+1, i+2)
			i += 2
			continue
		}
		text, n, ok := l.escape(src[i:bodyEnd], names)
		if !ok {
			return nil
		}
		add(text, i, i+n)
		i += n
	}
	return l
}

// escape decodes the escape sequence at the start of s (s[0] == '\\'):
// its bytes and length.
func (l *literal) escape(s []byte, names runeNames) (string, int, bool) {
	c := s[1]
	simple := map[byte]string{'\\': "\\", '\'': "'", '"': "\"", 'a': "\a", 'b': "\b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t", 'v': "\v"}
	if t, ok := simple[c]; ok {
		return t, 2, true
	}
	switch {
	case c == '\n':
		return "", 2, true
	case c == '\r':
		if len(s) > 2 && s[2] == '\n' {
			return "", 3, true
		}
		return "", 2, true
	case '0' <= c && c <= '7':
		n := 1
		for n < 3 && 1+n < len(s) && '0' <= s[1+n] && s[1+n] <= '7' {
			n++
		}
		v, _ := strconv.ParseUint(string(s[1:1+n]), 8, 32)
		return l.codePoint(rune(v)), 1 + n, true
	case c == 'x':
		if len(s) < 4 {
			return "", 0, false
		}
		v, err := strconv.ParseUint(string(s[2:4]), 16, 8)
		if err != nil {
			return "", 0, false
		}
		return l.codePoint(rune(v)), 4, true
	case (c == 'u' || c == 'U') && !l.bytes():
		n := 4
		if c == 'U' {
			n = 8
		}
		if len(s) < 2+n {
			return "", 0, false
		}
		v, err := strconv.ParseUint(string(s[2:2+n]), 16, 32)
		if err != nil || v > utf8.MaxRune {
			return "", 0, false
		}
		return string(rune(v)), 2 + n, true
	case c == 'N' && !l.bytes():
		if len(s) < 3 || s[2] != '{' {
			return "", 0, false
		}
		e := strings.IndexByte(string(s), '}')
		if e < 0 {
			return "", 0, false
		}
		r, ok := names.lookup(string(s[3:e]))
		if !ok {
			return "", 0, false
		}
		return string(r), e + 1, true
	}
	// An unknown escape keeps its backslash.
	return "\\", 1, true
}

// codePoint is the bytes a \x or octal escape of value v yields: the byte
// in a bytes literal, the character's UTF-8 (as redis-py encodes it) in a
// str literal.
func (l *literal) codePoint(v rune) string {
	if l.bytes() {
		return string([]byte{byte(v)})
	}
	return string(v)
}

// runeNames caches the characters of the \N{name} escapes of one file
// (looking a name up walks the Unicode table).
type runeNames map[string]rune

// lookup returns the character named name, -1 in the cache for none.
func (c runeNames) lookup(name string) (rune, bool) {
	if r, ok := c[name]; ok {
		return r, r >= 0
	}
	r, ok := runeNamed(name)
	if !ok {
		r = -1
	}
	c[name] = r
	return r, ok
}

// runeNamed returns the character of a \N{name} escape.
func runeNamed(name string) (rune, bool) {
	name = strings.ToUpper(strings.TrimSpace(name))
	if name == "" || len(name) > 90 || strings.Trim(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -") != "" {
		return 0, false
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r == 0xD800 {
			r = 0xE000
		}
		if runenames.Name(r) == name {
			return r, true
		}
	}
	return 0, false
}

// encoder returns the function that writes text inside the literal l:
// escapes added for its quotes, backslashes and line breaks; braces
// doubled in an f-string or a .format template, percent signs in a %
// template. A raw literal cannot hold a backslash, its quote, or (single
// quoted) a line break.
func (l *literal) encoder(braces, percent bool) func(string) (string, bool) {
	raw, bytesLit, triple, q := l.raw(), l.bytes(), len(l.quote) == 3, l.quote[0]
	braces = braces || l.fstr()
	return func(text string) (string, bool) {
		var b strings.Builder
		for i, r := range text {
			if r == utf8.RuneError {
				if _, n := utf8.DecodeRuneInString(text[i:]); n == 1 && !bytesLit {
					return "", false
				}
			}
			switch {
			case braces && (r == '{' || r == '}'):
				b.WriteRune(r)
				b.WriteRune(r)
				continue
			case percent && r == '%':
				b.WriteString("%%")
				continue
			}
			if raw {
				if r == '\\' || r >= utf8.RuneSelf && bytesLit || byte(r) == q && r < utf8.RuneSelf || r == '\n' && !triple || r == '\r' {
					return "", false
				}
				b.WriteRune(r)
				continue
			}
			switch {
			case r == '\\':
				b.WriteString(`\\`)
			case r < utf8.RuneSelf && byte(r) == q:
				b.WriteByte('\\')
				b.WriteByte(q)
			case r == '\n':
				if triple {
					b.WriteByte('\n')
				} else {
					b.WriteString(`\n`)
				}
			case r == '\t':
				b.WriteString(`\t`)
			case r == '\r':
				b.WriteString(`\r`)
			case r < 0x20 || r == 0x7f:
				fmt.Fprintf(&b, `\x%02x`, r)
			case r >= utf8.RuneSelf && bytesLit:
				var buf [utf8.UTFMax]byte
				for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
					fmt.Fprintf(&b, `\x%02x`, c)
				}
			default:
				b.WriteRune(r)
			}
		}
		return b.String(), true
	}
}
