package javascript

import (
	"strings"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/segvalue"
)

// seg is one decoded piece of a literal: the bytes a character or an
// escape sequence stands for, with its host range, or a placeholder
// (`${expr}`) whose text is its host text.
type seg = segvalue.Seg

// literal is a decoded string or template literal.
type literal struct {
	// Literal's Form is the literal's quote: '\'', '"', '`', or 'r' for
	// String.raw.
	segvalue.Literal
}

// Encode returns text as it must be written inside the literal to mean
// text, and false when it cannot be written there.
func (l *literal) Encode(text string) (string, bool) {
	if l.Form == 'r' {
		if strings.ContainsAny(text, "`\\\r") || strings.Contains(text, "${") {
			return "", false
		}
		return text, true
	}
	var sb strings.Builder
	for i := range len(text) {
		c := text[i]
		switch {
		case c == '\\':
			sb.WriteString(`\\`)
		case c == l.Form:
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\n' && l.Form != '`':
			sb.WriteString(`\n`)
		case c == '\r':
			sb.WriteString(`\r`)
		case c == '$' && l.Form == '`' && i+1 < len(text) && text[i+1] == '{':
			sb.WriteString(`\$`)
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String(), true
}

func (lx *lexer) add(l *literal, text string, start, end int) {
	l.Add(text, start, end)
}

// quoted scans a '...' or "..." literal starting at lx.pos.
func (lx *lexer) quoted(q byte) *literal {
	src := lx.src
	l := &literal{Literal: segvalue.Literal{Form: q}}
	lx.pos++
	for lx.pos < len(src) {
		switch src[lx.pos] {
		case q:
			lx.pos++
			l.OK = true
			return l
		case '\n', '\r':
			return l // unterminated: the line ends it
		case '\\':
			if !lx.escape(l, false) {
				return l
			}
		default:
			lx.char(l)
		}
	}
	return l
}

// char adds the character at lx.pos (see segvalue.Literal.Char).
func (lx *lexer) char(l *literal) {
	lx.pos = l.Char(lx.src, lx.pos)
}

// escape decodes the escape sequence at lx.pos (a backslash) into l, and
// reports false for one that is an error (octal in a template).
func (lx *lexer) escape(l *literal, template bool) bool {
	src := lx.src
	start := lx.pos
	if start+1 >= len(src) {
		lx.pos = len(src)
		return false
	}
	c := src[start+1]
	lx.pos = start + 2
	put := func(s string) { lx.add(l, s, start, lx.pos) }
	switch c {
	case '\n':
		put("")
	case '\r':
		if lx.pos < len(src) && src[lx.pos] == '\n' {
			lx.pos++
		}
		put("")
	case 'n':
		put("\n")
	case 't':
		put("\t")
	case 'r':
		put("\r")
	case 'b':
		put("\b")
	case 'f':
		put("\f")
	case 'v':
		put("\v")
	case 'x':
		v, ok := hexDigits(src, lx.pos, 2)
		if !ok {
			return false
		}
		lx.pos += 2
		put(string(rune(v)))
	case 'u':
		r, ok := lx.unicode()
		if !ok {
			return false
		}
		if 0xD800 <= r && r < 0xDC00 && lx.pos+1 < len(src) && src[lx.pos] == '\\' && src[lx.pos+1] == 'u' {
			save := lx.pos
			lx.pos += 2
			if lo, ok := lx.unicode(); ok && 0xDC00 <= lo && lo < 0xE000 {
				r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
			} else {
				lx.pos = save
			}
		}
		put(string(r)) // a lone surrogate is sent as U+FFFD
	case '0', '1', '2', '3', '4', '5', '6', '7':
		if c == '0' && (lx.pos >= len(src) || !isDigit(src[lx.pos])) {
			put("\x00")
			break
		}
		if template {
			return false
		}
		v := int(c - '0')
		maxLen := 3
		if c >= '4' {
			maxLen = 2
		}
		for n := 1; n < maxLen && lx.pos < len(src) && '0' <= src[lx.pos] && src[lx.pos] <= '7'; n++ {
			v = v*8 + int(src[lx.pos]-'0')
			lx.pos++
		}
		put(string(rune(v)))
	default:
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(src[start+1:])
			lx.pos = start + 1 + n
			if r == 0x2028 || r == 0x2029 {
				put("") // a line continuation
			} else {
				put(string(src[start+1 : lx.pos]))
			}
			break
		}
		put(string(c))
	}
	return true
}

// unicode decodes the hhhh or {h...} of a \u escape at lx.pos.
func (lx *lexer) unicode() (rune, bool) {
	src := lx.src
	if lx.pos < len(src) && src[lx.pos] == '{' {
		end := lx.pos + 1
		v := 0
		for end < len(src) && src[end] != '}' {
			d, ok := hexDigits(src, end, 1)
			if !ok || v > utf8.MaxRune {
				return 0, false
			}
			v = v*16 + d
			end++
		}
		if end >= len(src) || end == lx.pos+1 || v > utf8.MaxRune {
			return 0, false
		}
		lx.pos = end + 1
		return rune(v), true
	}
	v, ok := hexDigits(src, lx.pos, 4)
	if !ok {
		return 0, false
	}
	lx.pos += 4
	return rune(v), true
}

func hexDigits(src []byte, at, n int) (int, bool) {
	if at+n > len(src) {
		return 0, false
	}
	v := 0
	for _, c := range src[at : at+n] {
		switch {
		case isDigit(c):
			v = v*16 + int(c-'0')
		case 'a' <= c && c <= 'f':
			v = v*16 + int(c-'a'+10)
		case 'A' <= c && c <= 'F':
			v = v*16 + int(c-'A'+10)
		default:
			return 0, false
		}
	}
	return v, true
}

// template scans a template literal starting at lx.pos (the backquote);
// raw is for String.raw, whose value keeps the escapes as written. A
// `${expr}` is a placeholder: its tokens are scanned (so that braces,
// strings and templates inside it are skipped) and dropped.
func (lx *lexer) template(raw bool, depth int) *literal {
	src := lx.src
	l := &literal{Literal: segvalue.Literal{Form: '`'}}
	if raw {
		l.Form = 'r'
	}
	lx.pos++
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch {
		case c == '`':
			lx.pos++
			l.OK = true
			return l
		case c == '\r':
			// CR LF and a lone CR are LF in the value.
			end := lx.pos + 1
			if end < len(src) && src[end] == '\n' {
				end++
			}
			lx.add(l, "\n", lx.pos, end)
			lx.pos = end
		case c == '\\' && raw:
			lx.char(l)
			if lx.pos < len(src) && src[lx.pos] != '\r' {
				lx.char(l)
			}
		case c == '\\':
			if !lx.escape(l, true) {
				lx.skipTemplate()
				return l
			}
		case c == '$' && lx.pos+1 < len(src) && src[lx.pos+1] == '{':
			start := lx.pos
			lx.pos += 2
			ntoks, nl, open := len(lx.toks), lx.nl, lx.open
			lx.open = 0
			for lx.next(depth + 1) {
			}
			lx.toks, lx.nl, lx.open = lx.toks[:ntoks], nl, open
			if lx.pos > len(src) || src[lx.pos-1] != '}' {
				return l // unterminated
			}
			l.Segs = append(l.Segs, seg{Text: string(src[start:lx.pos]), From: frontend.Span{Start: start, End: lx.pos}, PH: true})
		default:
			lx.char(l)
		}
	}
	return l
}

// skipTemplate skips the rest of a template literal that does not decode.
func (lx *lexer) skipTemplate() {
	for lx.pos < len(lx.src) && lx.src[lx.pos] != '`' {
		if lx.src[lx.pos] == '\\' {
			lx.pos++
		}
		lx.pos++
	}
	lx.pos = min(lx.pos+1, len(lx.src))
}
