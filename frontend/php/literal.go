package php

import (
	"strings"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/segvalue"
)

// seg is one decoded piece of a literal: the bytes a character or an
// escape sequence stands for, with its host range, or a placeholder
// ($var, {$expr}, ${name}) whose text is its host text.
type seg = segvalue.Seg

// literal is a decoded string literal, heredoc or nowdoc.
type literal struct {
	// Literal's Form is '\'' or '"', 'h' for a heredoc, 'n' for a
	// nowdoc; it does not decode (OK false) when unterminated or when a
	// heredoc line is less indented than its closing marker.
	segvalue.Literal
	// indent is the closing marker's indentation of a heredoc or nowdoc.
	indent string
}

func (l *literal) hasPlaceholder() bool {
	for _, s := range l.Segs {
		if s.PH {
			return true
		}
	}
	return false
}

// Encode returns text as it must be written inside the literal to mean
// text, and false when it cannot be written there (a line break in an
// indented heredoc or nowdoc, whose lines carry the indentation).
func (l *literal) Encode(text string) (string, bool) {
	if (l.Form == 'h' || l.Form == 'n') && l.indent != "" && strings.ContainsAny(text, "\r\n") {
		return "", false
	}
	if l.Form == 'n' {
		return text, true
	}
	var sb strings.Builder
	for i := range len(text) {
		c := text[i]
		switch {
		case c == '\\':
			sb.WriteString(`\\`)
		case c == '\'' && l.Form == '\'':
			sb.WriteString(`\'`)
		case c == '"' && l.Form == '"':
			sb.WriteString(`\"`)
		case c == '$' && l.Form != '\'':
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

// char adds the character at lx.pos (see segvalue.Literal.Char).
func (lx *lexer) char(l *literal) {
	lx.pos = l.Char(lx.src, lx.pos)
}

// single scans a '...' literal: only \' and \\ are escapes.
func (lx *lexer) single() *literal {
	src := lx.src
	l := &literal{Literal: segvalue.Literal{Form: '\''}}
	lx.pos++
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch {
		case c == '\'':
			lx.pos++
			l.OK = true
			return l
		case c == '\\' && lx.pos+1 < len(src) && (src[lx.pos+1] == '\'' || src[lx.pos+1] == '\\'):
			lx.add(l, string(src[lx.pos+1]), lx.pos, lx.pos+2)
			lx.pos += 2
		default:
			lx.char(l)
		}
	}
	return l
}

// double scans a "..." literal (or a `...` command), with its escapes and
// placeholders.
func (lx *lexer) double(q byte, depth int) *literal {
	src := lx.src
	l := &literal{Literal: segvalue.Literal{Form: '"'}}
	lx.pos++
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch {
		case c == q:
			lx.pos++
			l.OK = true
			return l
		case c == '\\':
			lx.escape(l, q, len(src))
		case c == '$':
			lx.dollar(l, depth, len(src))
		case c == '{' && lx.pos+1 < len(src) && src[lx.pos+1] == '$':
			lx.brace(l, depth)
		default:
			lx.char(l)
		}
	}
	return l
}

// escape decodes the escape sequence at lx.pos (a backslash) of a
// double-quoted literal (q is its quote) or a heredoc (q is 'h'). A
// backslash that starts no escape is kept.
func (lx *lexer) escape(l *literal, q byte, end int) {
	src := lx.src
	start := lx.pos
	if start+1 >= end {
		lx.add(l, `\`, start, start+1)
		lx.pos++
		return
	}
	c := src[start+1]
	put := func(s string, n int) {
		lx.pos = start + n
		lx.add(l, s, start, lx.pos)
	}
	switch c {
	case 'n':
		put("\n", 2)
	case 't':
		put("\t", 2)
	case 'r':
		put("\r", 2)
	case 'v':
		put("\v", 2)
	case 'e':
		put("\x1b", 2)
	case 'f':
		put("\f", 2)
	case '\\':
		put(`\`, 2)
	case '$':
		put("$", 2)
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v, n := 0, 1
		for ; n <= 3 && start+n < end && '0' <= src[start+n] && src[start+n] <= '7'; n++ {
			v = v*8 + int(src[start+n]-'0')
		}
		put(string([]byte{byte(v)}), n)
	case 'x':
		v, n := 0, 2
		for ; n < 4 && start+n < end && isHex(src[start+n]); n++ {
			v = v*16 + hexVal(src[start+n])
		}
		if n == 2 {
			lx.add(l, `\`, start, start+1)
			lx.pos = start + 1
			return
		}
		put(string([]byte{byte(v)}), n)
	case 'u':
		if start+2 < end && src[start+2] == '{' {
			v, n := 0, 3
			for ; start+n < end && isHex(src[start+n]) && v <= utf8.MaxRune; n++ {
				v = v*16 + hexVal(src[start+n])
			}
			if start+n < end && src[start+n] == '}' && n > 3 && v <= utf8.MaxRune {
				put(string(rune(v)), n+1)
				return
			}
			l.OK = false // PHP rejects a bad \u{...}
		}
		lx.add(l, `\`, start, start+1)
		lx.pos = start + 1
	default:
		if c == q && q != 'h' {
			put(string(c), 2)
			return
		}
		lx.add(l, `\`, start, start+1)
		lx.pos = start + 1
	}
}

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func hexVal(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}

// dollar reads the $ at lx.pos: a simple placeholder ($name, $name[i],
// $name->prop), ${...}, or a plain dollar sign.
func (lx *lexer) dollar(l *literal, depth, end int) {
	src := lx.src
	start := lx.pos
	switch {
	case start+1 < end && isNameStart(src[start+1]):
		lx.pos++
		lx.name()
		switch {
		case lx.pos < end && src[lx.pos] == '[':
			if k := strings.IndexByte(string(src[lx.pos:end]), ']'); k > 0 && !strings.ContainsAny(string(src[lx.pos:lx.pos+k]), "\n\"'") {
				lx.pos += k + 1
			}
		case lx.pos+2 < end && src[lx.pos] == '-' && src[lx.pos+1] == '>' && isNameStart(src[lx.pos+2]):
			lx.pos += 2
			lx.name()
		}
		l.Segs = append(l.Segs, seg{Text: string(src[start:lx.pos]), From: frontend.Span{Start: start, End: lx.pos}, PH: true})
	case start+1 < end && src[start+1] == '{':
		lx.pos += 2
		lx.nested(l, start, depth)
	default:
		lx.char(l)
	}
}

// brace reads a {$expr} placeholder at lx.pos.
func (lx *lexer) brace(l *literal, depth int) {
	start := lx.pos
	lx.pos++
	lx.nested(l, start, depth)
}

// nested scans the tokens of a placeholder's expression up to its closing
// brace, drops them, and adds the placeholder from start.
func (lx *lexer) nested(l *literal, start, depth int) {
	ntoks, open := len(lx.toks), lx.open
	lx.open = 0
	for lx.next(depth + 1) {
	}
	lx.toks, lx.open = lx.toks[:ntoks], open
	if lx.pos > len(lx.src) || lx.src[lx.pos-1] != '}' {
		l.OK = false
		return
	}
	l.Segs = append(l.Segs, seg{Text: string(lx.src[start:lx.pos]), From: frontend.Span{Start: start, End: lx.pos}, PH: true})
}
