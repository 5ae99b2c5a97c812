package python

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// tokKind is the kind of a Python token.
type tokKind uint8

const (
	tokName tokKind = iota + 1
	tokNumber
	tokString
	tokOp
	tokNewline // the end of a logical line
	tokBad     // a string literal that does not end
)

// token is one Python token: its kind, its host range and, for a string
// literal, its decoded value.
type token struct {
	kind tokKind
	span frontend.Span
	text string // the host text (for a string: the whole literal)
	str  *literal
}

// lexer splits a Python file into tokens. Comments and line
// continuations are dropped; newlines inside brackets are not tokens.
type lexer struct {
	src   []byte
	pos   int
	depth int
	toks  []token
	names runeNames
}

// tokenize returns the tokens of src.
func tokenize(src []byte) []token {
	lx := &lexer{src: src, names: runeNames{}}
	lx.run()
	return lx.toks
}

func (lx *lexer) emit(kind tokKind, start, end int, lit *literal) {
	lx.toks = append(lx.toks, token{kind: kind, span: frontend.Span{Start: start, End: end}, text: string(lx.src[start:end]), str: lit})
}

func isIdentStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

// stringPrefixes are the prefixes a string literal may carry
// (lower-cased).
var stringPrefixes = map[string]bool{
	"r": true, "u": true, "b": true, "f": true, "t": true,
	"br": true, "rb": true, "fr": true, "rf": true, "tr": true, "rt": true,
}

func (lx *lexer) run() {
	src := lx.src
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch {
		case c == '\n':
			if lx.depth == 0 && len(lx.toks) > 0 && lx.toks[len(lx.toks)-1].kind != tokNewline {
				lx.emit(tokNewline, lx.pos, lx.pos+1, nil)
			}
			lx.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			lx.pos++
		case c == '\\' && lx.pos+1 < len(src) && (src[lx.pos+1] == '\n' || src[lx.pos+1] == '\r'):
			lx.pos += 2 // a line continuation
			if lx.pos < len(src) && src[lx.pos-1] == '\r' && src[lx.pos] == '\n' {
				lx.pos++
			}
		case c == '#':
			for lx.pos < len(src) && src[lx.pos] != '\n' {
				lx.pos++
			}
		case c == '"' || c == '\'':
			lx.lexString(lx.pos, "")
		case isIdentStart(c):
			start := lx.pos
			for lx.pos < len(src) && isIdentChar(src[lx.pos]) {
				lx.pos++
			}
			word := string(src[start:lx.pos])
			if lx.pos < len(src) && (src[lx.pos] == '"' || src[lx.pos] == '\'') && stringPrefixes[strings.ToLower(word)] {
				lx.lexString(start, strings.ToLower(word))
				continue
			}
			lx.emit(tokName, start, lx.pos, nil)
		case '0' <= c && c <= '9' || c == '.' && lx.pos+1 < len(src) && '0' <= src[lx.pos+1] && src[lx.pos+1] <= '9':
			start := lx.pos
			for lx.pos < len(src) && (isIdentChar(src[lx.pos]) || src[lx.pos] == '.') {
				lx.pos++
			}
			lx.emit(tokNumber, start, lx.pos, nil)
		default:
			start := lx.pos
			n := 1
			for _, op := range []string{"**=", "//=", ">>=", "<<=", "...", "==", "!=", "<=", ">=", "->", "**", "//", "<<", ">>", ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="} {
				if strings.HasPrefix(string(src[start:min(start+3, len(src))]), op) {
					n = len(op)
					break
				}
			}
			switch c {
			case '(', '[', '{':
				lx.depth++
			case ')', ']', '}':
				if lx.depth > 0 {
					lx.depth--
				}
			}
			lx.pos += n
			lx.emit(tokOp, start, lx.pos, nil)
		}
	}
}

// lexString reads the string literal at lx.pos (its prefix, lower-cased,
// starts at start) and emits it.
func (lx *lexer) lexString(start int, prefix string) {
	end, ok := scanString(lx.src, lx.pos)
	if !ok {
		lx.emit(tokBad, start, end, nil)
		lx.pos = end
		return
	}
	lit := decodeLiteral(lx.src, start, lx.pos, end, prefix, lx.names)
	kind := tokString
	if lit == nil {
		kind = tokBad
	}
	lx.emit(kind, start, end, lit)
	lx.pos = end
}

// scanString returns the end of the string literal whose opening quote is
// at q (prefix letters before it), and false when it does not end. An
// f-string's replacement fields may hold strings with the same quotes
// (Python 3.12).
func scanString(src []byte, q int) (int, bool) {
	prefix := ""
	for i := q - 1; i >= 0 && isIdentChar(src[i]) && q-i <= 2; i-- {
		prefix = strings.ToLower(string(src[i])) + prefix
	}
	if !stringPrefixes[prefix] {
		prefix = ""
	}
	fstr := strings.ContainsAny(prefix, "ft")
	quote := src[q]
	triple := q+2 < len(src) && src[q+1] == quote && src[q+2] == quote
	i := q + 1
	if triple {
		i = q + 3
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\':
			i += 2
			continue
		case c == quote:
			if !triple {
				return i + 1, true
			}
			if i+2 < len(src) && src[i+1] == quote && src[i+2] == quote {
				return i + 3, true
			}
		case c == '\n' && !triple:
			return i, false
		case c == '{' && fstr:
			if i+1 < len(src) && src[i+1] == '{' {
				i += 2
				continue
			}
			e, ok := scanField(src, i)
			if !ok {
				return e, false
			}
			i = e
			continue
		}
		i++
	}
	return len(src), false
}

// scanField returns the end of the f-string replacement field opening at
// src[i] == '{' (just after its closing brace).
func scanField(src []byte, i int) (int, bool) {
	depth := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		case c == '"' || c == '\'':
			e, ok := scanString(src, i)
			if !ok {
				return e, false
			}
			i = e
			continue
		case c == '\n' && depth == 0:
			return i, false
		}
		i++
	}
	return len(src), false
}
