package ruby

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/strvalue"
)

// litKind is the form of a Ruby string literal.
type litKind uint8

const (
	kindSingle     litKind = iota + 1 // '...'
	kindDouble                        // "...", %Q(...), %(...)
	kindQ                             // %q(...)
	kindHeredoc                       // <<~EOS, <<-EOS, <<EOS, <<~"EOS"
	kindHeredocRaw                    // <<~'EOS'
	kindCommand                       // `...` (skipped)
	kindOpaque                        // %w[] %i[] %r{} ... (skipped)
)

// piece is one unit of a decoded string (see strvalue.Piece).
type piece = strvalue.Piece

// literal is one decoded Ruby string literal.
type literal struct {
	span        frontend.Span
	kind        litKind
	open, close byte // the delimiters of a quoted or % literal
	squiggly    bool
	label       string // a heredoc's terminator
	pieces      []piece
	// interpolated says the literal has #{...} parts.
	interpolated bool
}

func (l *literal) interp() bool { return l.kind == kindDouble || l.kind == kindHeredoc }

func (l *literal) add(text string, s, e int) {
	l.pieces = append(l.pieces, piece{Text: text, From: strvalue.Span{Start: s, End: e}})
}

// decode decodes the body src[start:end] of a quoted or % literal.
func (l *literal) decode(src []byte, start, end int) bool {
	return l.decodeRange(src, start, end)
}

// decodeRange decodes src[start:end] by the literal's rules, appending to
// its pieces.
func (l *literal) decodeRange(src []byte, start, end int) bool {
	for i := start; i < end; {
		c := src[i]
		if c == '\r' && i+1 < end && src[i+1] == '\n' {
			l.add("\n", i, i+2) // Ruby reads a CRLF file as LF
			i += 2
			continue
		}
		if l.interp() && c == '#' && i+1 < end {
			switch n := src[i+1]; n {
			case '{':
				e, ok := scanInterpolation(src, i+1)
				if !ok || e > end {
					return false
				}
				l.pieces = append(l.pieces, piece{Text: string(src[i:e]), From: strvalue.Span{Start: i, End: e}, PH: true})
				l.interpolated = true
				i = e
				continue
			case '@', '$':
				e := i + 2
				for e < end && (src[e] == '@' || isIdentChar(src[e])) {
					e++
				}
				if e > i+2 && isIdentStart(src[e-1]) || e > i+3 {
					l.pieces = append(l.pieces, piece{Text: string(src[i:e]), From: strvalue.Span{Start: i, End: e}, PH: true})
					l.interpolated = true
					i = e
					continue
				}
			}
		}
		if c != '\\' || i+1 >= end || l.kind == kindHeredocRaw {
			l.add(string(src[i:i+1]), i, i+1)
			i++
			continue
		}
		if !l.interp() {
			// '...' and %q(): only \\ and the delimiters are escapes.
			n := src[i+1]
			if n == '\\' || n == l.close || n == l.open && l.open != 0 {
				l.add(string(src[i+1:i+2]), i, i+2)
			} else {
				l.add("\\", i, i+1)
				l.add(string(src[i+1:i+2]), i+1, i+2)
			}
			i += 2
			continue
		}
		text, n, ok := escape(src[i:end])
		if !ok {
			return false
		}
		l.add(text, i, i+n)
		i += n
	}
	return true
}

// escape decodes the escape sequence of a double-quoted string at the
// start of s (s[0] == '\\'): its bytes and length.
func escape(s []byte) (string, int, bool) {
	c := s[1]
	switch c {
	case 'n':
		return "\n", 2, true
	case 't':
		return "\t", 2, true
	case 's':
		return " ", 2, true
	case 'r':
		return "\r", 2, true
	case 'a':
		return "\a", 2, true
	case 'b':
		return "\b", 2, true
	case 'e':
		return "\x1b", 2, true
	case 'f':
		return "\f", 2, true
	case 'v':
		return "\v", 2, true
	case '\n':
		return "", 2, true
	case '\r':
		if len(s) > 2 && s[2] == '\n' {
			return "", 3, true
		}
		return "", 2, true
	case 'x':
		n := 0
		for n < 2 && 2+n < len(s) && isHex(s[2+n]) {
			n++
		}
		if n == 0 {
			return "", 0, false
		}
		v, _ := strconv.ParseUint(string(s[2:2+n]), 16, 8)
		return string([]byte{byte(v)}), 2 + n, true
	case 'u':
		if len(s) > 2 && s[2] == '{' {
			e := strings.IndexByte(string(s), '}')
			if e < 0 {
				return "", 0, false
			}
			var b strings.Builder
			for _, f := range strings.Fields(string(s[3:e])) {
				v, err := strconv.ParseUint(f, 16, 32)
				if err != nil || v > utf8.MaxRune {
					return "", 0, false
				}
				b.WriteRune(rune(v))
			}
			return b.String(), e + 1, true
		}
		if len(s) < 6 {
			return "", 0, false
		}
		v, err := strconv.ParseUint(string(s[2:6]), 16, 32)
		if err != nil {
			return "", 0, false
		}
		return string(rune(v)), 6, true
	case 'c', 'C', 'M':
		return "", 0, false // control and meta characters: not in scripts
	}
	if '0' <= c && c <= '7' {
		n := 1
		for n < 3 && 1+n < len(s) && '0' <= s[1+n] && s[1+n] <= '7' {
			n++
		}
		v, _ := strconv.ParseUint(string(s[1:1+n]), 8, 32)
		return string([]byte{byte(v)}), 1 + n, true
	}
	// Any other character stands for itself.
	_, n := utf8.DecodeRune(s[1:])
	return string(s[1 : 1+n]), 1 + n, true
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// decodeHeredoc decodes the heredoc body src[start:end] (the lines before
// its terminator). A squiggly heredoc loses the indentation of its least
// indented line (a tab reaching the next multiple of 8 columns), counted
// on the lines as written; lines of white space only do not count.
func (l *literal) decodeHeredoc(src []byte, start, end int) bool {
	type line struct{ start, end int } // end after the newline
	var lines []line
	for i := start; i < end; {
		e := i
		for e < end && src[e] != '\n' {
			e++
		}
		if e < end {
			e++
		}
		lines = append(lines, line{i, e})
		i = e
	}
	indent := -1
	if l.squiggly {
		for _, ln := range lines {
			w, k := 0, ln.start
			for k < ln.end && (src[k] == ' ' || src[k] == '\t') {
				w = nextColumn(w, src[k])
				k++
			}
			if k == ln.end || src[k] == '\n' || src[k] == '\r' {
				continue // white space only
			}
			if indent < 0 || w < indent {
				indent = w
			}
		}
	}
	for _, ln := range lines {
		k := ln.start
		if indent > 0 {
			w := 0
			for k < ln.end && (src[k] == ' ' || src[k] == '\t') {
				nw := nextColumn(w, src[k])
				if nw > indent {
					break
				}
				w = nw
				k++
			}
		}
		if !l.decodeRange(src, k, ln.end) {
			return false
		}
	}
	return true
}

func nextColumn(w int, c byte) int {
	if c == '\t' {
		return (w/8 + 1) * 8
	}
	return w + 1
}

// encoder returns the function that writes text inside the literal l, and
// false when it cannot be written there (a line break in a squiggly
// heredoc, whose indentation would change; anything a non-interpolating
// heredoc cannot say).
func (l *literal) encoder(percent bool) func(string) (string, bool) {
	return func(text string) (string, bool) {
		var b strings.Builder
		for i := range len(text) {
			c := text[i]
			if percent && c == '%' {
				b.WriteString("%%")
				continue
			}
			switch l.kind {
			case kindHeredocRaw:
				if c == '\n' && l.squiggly || c == '\r' {
					return "", false
				}
				b.WriteByte(c)
				continue
			case kindSingle, kindQ:
				if c == '\\' || c == l.close || c == l.open && l.kind == kindQ {
					b.WriteByte('\\')
				}
				b.WriteByte(c)
				continue
			}
			// Interpolating forms.
			switch {
			case c == '\\':
				b.WriteString(`\\`)
			case c == '#' && i+1 < len(text) && (text[i+1] == '{' || text[i+1] == '@' || text[i+1] == '$'):
				b.WriteString(`\#`)
			case c == '\n':
				if l.kind == kindHeredoc && l.squiggly {
					return "", false
				}
				if l.kind == kindHeredoc {
					b.WriteByte('\n')
				} else {
					b.WriteString(`\n`)
				}
			case c == '\t':
				b.WriteString(`\t`)
			case c == '\r':
				b.WriteString(`\r`)
			case c < 0x20 || c == 0x7f:
				fmt.Fprintf(&b, `\x%02X`, c)
			case l.kind == kindDouble && (c == l.close || c == l.open && l.open != l.close):
				b.WriteByte('\\')
				b.WriteByte(c)
			default:
				b.WriteByte(c)
			}
		}
		return b.String(), true
	}
}
