package clike

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// PunctLen is the length of the punctuation token at src[i]: the first
// of puncts (longest first) that stands there, else one character (one
// UTF-8 sequence for a byte above ASCII).
func PunctLen(src []byte, i int, puncts []string) int {
	if src[i] >= utf8.RuneSelf {
		_, n := utf8.DecodeRune(src[i:])
		return n
	}
	for _, p := range puncts {
		if len(src)-i >= len(p) && string(src[i:i+len(p)]) == p {
			return len(p)
		}
	}
	return 1
}

// IdentStart reports whether b opens with a letter or _ (a name's
// first character in C#, Java and Kotlin, $ aside).
func IdentStart(b []byte) bool {
	r, _ := utf8.DecodeRune(b)
	return r == '_' || unicode.IsLetter(r)
}

// IdentEnd returns the offset after the name whose first character is
// at i: letters, digits and _ (and $ when dollar, as in Java).
func IdentEnd(src []byte, i int, dollar bool) int {
	_, n := utf8.DecodeRune(src[i:])
	end := i + n
	for end < len(src) {
		r, n := utf8.DecodeRune(src[end:])
		if !(r == '_' || r == '$' && dollar || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			break
		}
		end += n
	}
	return end
}

// NumberStart reports whether a number literal opens at src[i]: a digit,
// or a dot before one.
func NumberStart(src []byte, i int) bool {
	c := src[i]
	return c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9'
}

// NumberEnd returns the offset after the number literal opening at i:
// its digits, letters (suffixes, hex digits, exponents), _ and the dots
// before a digit.
func NumberEnd(src []byte, i int) int {
	end := i + 1
	for end < len(src) && (isIdentByte(src[end]) || src[end] == '.' && end+1 < len(src) && src[end+1] >= '0' && src[end+1] <= '9') {
		end++
	}
	return end
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// CharEnd returns the offset after the character literal opening at i
// (a quote '): its closing quote, else the end of the line.
func CharEnd(src []byte, i int) int {
	j := i + 1
	for j < len(src) && src[j] != '\'' && src[j] != '\n' {
		if src[j] == '\\' {
			j++
		}
		j++
	}
	if j < len(src) && src[j] == '\'' {
		j++
	}
	return min(j, len(src))
}

// HexVal is the value of the hexadecimal digit c, -1 for another byte.
func HexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// EscapeQuoted writes text as the body of a "..." literal of C# or
// Kotlin: a backslash before \, " and the characters of also, \n \r \t,
// and \uXXXX for another control character.
func EscapeQuoted(text, also string) string {
	var b strings.Builder
	for _, r := range text {
		switch {
		case r == '\\' || r == '"' || strings.ContainsRune(also, r):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
