package javascript

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// kind is the kind of a token.
type kind int

const (
	tIdent  kind = iota + 1 // a name or keyword
	tNumber                 // a numeric literal
	tString                 // a string or template literal (decoded in str)
	tRegex                  // a regular expression literal
	tPunct                  // an operator or punctuation
)

// token is one JavaScript token.
type token struct {
	kind kind
	span frontend.Span
	// text is the token's source text for names, numbers and punctuation.
	text string
	// str is the decoded literal of a tString.
	str *literal
	// nl says a line break precedes the token.
	nl bool
}

// lexer splits a JavaScript or TypeScript file into tokens. It never
// fails: an unterminated literal ends the file or its line, and a byte it
// does not know is a punctuation token.
type lexer struct {
	src  []byte
	pos  int
	toks []token
	nl   bool
	// open counts the braces open inside the template placeholder being
	// scanned.
	open int
}

// lex returns the tokens of src.
func lex(src []byte) []token {
	lx := &lexer{src: src}
	if strings.HasPrefix(string(src[:min(len(src), 2)]), "#!") {
		lx.skipLine()
	}
	for lx.next(0) {
	}
	return lx.toks
}

// keywords after which a slash starts a regular expression.
var regexAfter = map[string]bool{
	"return": true, "typeof": true, "instanceof": true, "in": true, "of": true, "new": true,
	"delete": true, "void": true, "throw": true, "case": true, "do": true, "else": true,
	"yield": true, "await": true,
}

// slashIsRegex decides, from the previous token, whether a slash starts a
// regular expression (after an operator, an opening bracket or a keyword)
// or is a division (after a value).
func (lx *lexer) slashIsRegex() bool {
	if len(lx.toks) == 0 {
		return true
	}
	p := lx.toks[len(lx.toks)-1]
	switch p.kind {
	case tNumber, tString, tRegex:
		return false
	case tIdent:
		return regexAfter[p.text]
	}
	switch p.text {
	case ")", "]", "}":
		return false
	}
	return true
}

func (lx *lexer) skipLine() {
	for lx.pos < len(lx.src) && lx.src[lx.pos] != '\n' {
		lx.pos++
	}
}

// next scans one token (skipping space and comments) and reports whether
// the file goes on. Inside a template placeholder (depth > 0) it stops,
// returning false, at the `}` that closes it.
func (lx *lexer) next(depth int) bool {
	src := lx.src
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch {
		case c == '\n':
			lx.nl = true
			lx.pos++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.pos++
			continue
		case c == '/' && lx.pos+1 < len(src) && src[lx.pos+1] == '/':
			lx.skipLine()
			continue
		case c == '/' && lx.pos+1 < len(src) && src[lx.pos+1] == '*':
			end := strings.Index(string(src[lx.pos+2:]), "*/")
			if end < 0 {
				lx.pos = len(src)
			} else {
				if strings.Contains(string(src[lx.pos:lx.pos+2+end]), "\n") {
					lx.nl = true
				}
				lx.pos += 2 + end + 2
			}
			continue
		}
		break
	}
	if lx.pos >= len(src) {
		return false
	}
	start := lx.pos
	c := src[start]
	switch {
	case c == '\'' || c == '"':
		lit := lx.quoted(c)
		lit.Span = frontend.Span{Start: start, End: lx.pos}
		lit.Finish(src)
		lx.emit(token{kind: tString, span: frontend.Span{Start: start, End: lx.pos}, str: lit})
	case c == '`':
		raw := lx.rawTag()
		lit := lx.template(raw, depth)
		lit.Span = frontend.Span{Start: start, End: lx.pos}
		lit.Finish(src)
		lx.emit(token{kind: tString, span: frontend.Span{Start: start, End: lx.pos}, str: lit})
	case isDigit(c) || c == '.' && start+1 < len(src) && isDigit(src[start+1]):
		lx.pos++
		for lx.pos < len(src) && (isIdentByte(src[lx.pos]) || src[lx.pos] == '.' ||
			(src[lx.pos] == '+' || src[lx.pos] == '-') && (src[lx.pos-1] == 'e' || src[lx.pos-1] == 'E') && !isHexNumber(src[start:lx.pos])) {
			lx.pos++
		}
		lx.emit(token{kind: tNumber, span: frontend.Span{Start: start, End: lx.pos}, text: string(src[start:lx.pos])})
	case isIdentByte(c) || c == '#' || c >= 0x80:
		lx.pos++
		for lx.pos < len(src) && (isIdentByte(src[lx.pos]) || src[lx.pos] >= 0x80) {
			lx.pos++
		}
		lx.emit(token{kind: tIdent, span: frontend.Span{Start: start, End: lx.pos}, text: string(src[start:lx.pos])})
	case c == '/' && lx.slashIsRegex():
		lx.regex()
		lx.emit(token{kind: tRegex, span: frontend.Span{Start: start, End: lx.pos}})
	case c == '}' && depth > 0 && lx.open == 0:
		lx.pos++
		return false
	default:
		switch c {
		case '{':
			lx.open++
		case '}':
			lx.open = max(lx.open-1, 0)
		}
		lx.pos += punctLen(src[start:])
		lx.emit(token{kind: tPunct, span: frontend.Span{Start: start, End: lx.pos}, text: string(src[start:lx.pos])})
	}
	return true
}

func (lx *lexer) emit(t token) {
	t.nl = lx.nl
	lx.nl = false
	lx.toks = append(lx.toks, t)
}

// rawTag reports whether the template about to be scanned is tagged with
// String.raw, whose value is the raw text.
func (lx *lexer) rawTag() bool {
	n := len(lx.toks)
	return n >= 3 && lx.toks[n-1].text == "raw" && lx.toks[n-2].text == "." && lx.toks[n-3].text == "String"
}

// regex scans a regular expression literal: to the closing slash outside
// a character class, then its flags; a line break ends it.
func (lx *lexer) regex() {
	src := lx.src
	lx.pos++
	class := false
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch {
		case c == '\n':
			return
		case c == '\\':
			lx.pos += 2
			continue
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			lx.pos++
			for lx.pos < len(src) && isIdentByte(src[lx.pos]) {
				lx.pos++
			}
			return
		}
		lx.pos++
	}
	lx.pos = min(lx.pos, len(src))
}

// punctuators, longest first.
var puncts = []string{
	">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
	"=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=",
	"&=", "|=", "^=", "**", "<<", ">>",
}

func punctLen(b []byte) int {
	for _, p := range puncts {
		if len(b) >= len(p) && string(b[:len(p)]) == p {
			if p == "?." && len(b) > 2 && isDigit(b[2]) {
				continue // a ? .5 : b
			}
			return len(p)
		}
	}
	return 1
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isIdentByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c) || c == '_' || c == '$'
}

func isHexNumber(b []byte) bool {
	return len(b) > 1 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X')
}
