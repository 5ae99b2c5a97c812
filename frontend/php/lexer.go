package php

import (
	"bytes"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/segvalue"
)

// kind is the kind of a token.
type kind int

const (
	tIdent  kind = iota + 1 // a name, keyword or qualified name (\Foo\Bar)
	tVar                    // a variable ($name)
	tNumber                 // a numeric literal
	tString                 // a string literal, heredoc or nowdoc (decoded in str)
	tPunct                  // an operator or punctuation
)

// token is one PHP token.
type token struct {
	kind kind
	span frontend.Span
	// text is the token's source text (a variable's with its $).
	text string
	// str is the decoded literal of a tString.
	str *literal
}

// lexer splits a PHP file into tokens. It never fails: text outside
// <?php ... ?> is skipped, and an unterminated literal ends the file.
type lexer struct {
	src  []byte
	pos  int
	toks []token
	// open counts the braces open inside the {$...} placeholder being
	// scanned.
	open int
}

// lex returns the tokens of the PHP code of src.
func lex(src []byte) []token {
	lx := &lexer{src: src}
	for lx.pos < len(src) {
		i := bytes.Index(src[lx.pos:], []byte("<?"))
		if i < 0 {
			break
		}
		lx.pos += i + 2
		switch {
		case bytes.HasPrefix(src[lx.pos:], []byte("php")):
			lx.pos += 3
		case bytes.HasPrefix(src[lx.pos:], []byte("=")):
			lx.pos++
		}
		for lx.next(0) {
		}
	}
	return lx.toks
}

// next scans one token (skipping space and comments) and reports whether
// the code goes on: false at the end of the file, at ?> (depth 0), and
// inside a placeholder (depth > 0) at the brace that closes it.
func (lx *lexer) next(depth int) bool {
	src := lx.src
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			lx.pos++
			continue
		case c == '#' && !(lx.pos+1 < len(src) && src[lx.pos+1] == '['), c == '/' && lx.pos+1 < len(src) && src[lx.pos+1] == '/':
			for lx.pos < len(src) && src[lx.pos] != '\n' && !bytes.HasPrefix(src[lx.pos:], []byte("?>")) {
				lx.pos++
			}
			continue
		case c == '/' && lx.pos+1 < len(src) && src[lx.pos+1] == '*':
			end := bytes.Index(src[lx.pos+2:], []byte("*/"))
			if end < 0 {
				lx.pos = len(src)
			} else {
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
	emit := func(k kind, lit *literal) {
		sp := frontend.Span{Start: start, End: lx.pos}
		if lit != nil {
			lit.Span = sp
			lit.Finish(src)
		}
		lx.toks = append(lx.toks, token{kind: k, span: sp, text: string(src[start:lx.pos]), str: lit})
	}
	switch {
	case depth == 0 && c == '?' && start+1 < len(src) && src[start+1] == '>':
		lx.pos += 2
		return false
	case c == '\'':
		emit(tString, lx.single())
	case c == '"':
		emit(tString, lx.double('"', depth))
	case c == '`':
		lit := lx.double('`', depth)
		lit.OK = false // a shell command
		emit(tString, lit)
	case c == '<' && bytes.HasPrefix(src[start:], []byte("<<<")):
		if lit := lx.heredoc(depth); lit != nil {
			emit(tString, lit)
		} else {
			lx.pos = start + 3
			emit(tPunct, nil)
		}
	case c == '$' && start+1 < len(src) && isNameStart(src[start+1]):
		lx.pos++
		lx.name()
		emit(tVar, nil)
	case isDigit(c) || c == '.' && start+1 < len(src) && isDigit(src[start+1]):
		lx.pos++
		for lx.pos < len(src) && (isNameByte(src[lx.pos]) || src[lx.pos] == '.' && lx.pos+1 < len(src) && isDigit(src[lx.pos+1])) {
			lx.pos++
		}
		emit(tNumber, nil)
	case isNameStart(c) || c == '\\' && start+1 < len(src) && isNameStart(src[start+1]):
		for lx.pos < len(src) && (isNameByte(src[lx.pos]) || src[lx.pos] >= 0x80 ||
			src[lx.pos] == '\\' && lx.pos+1 < len(src) && isNameStart(src[lx.pos+1])) {
			lx.pos++
		}
		emit(tIdent, nil)
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
		emit(tPunct, nil)
	}
	return true
}

func (lx *lexer) name() {
	for lx.pos < len(lx.src) && (isNameByte(lx.src[lx.pos]) || lx.src[lx.pos] >= 0x80) {
		lx.pos++
	}
}

// punctuators, longest first.
var puncts = []string{
	"<=>", "===", "!==", "**=", "...", "<<=", ">>=", "??=", "?->",
	"->", "=>", "::", "==", "!=", "<>", "<=", ">=", "&&", "||", "??", "++", "--", "+=", "-=", "*=", "/=",
	".=", "%=", "&=", "|=", "^=", "**", "<<", ">>", "#[",
}

func punctLen(b []byte) int {
	for _, p := range puncts {
		if len(b) >= len(p) && string(b[:len(p)]) == p {
			return len(p)
		}
	}
	return 1
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isNameStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80
}

func isNameByte(c byte) bool { return isNameStart(c) || isDigit(c) }

// heredoc scans a heredoc (<<<ID or <<<"ID") or nowdoc (<<<'ID') at
// lx.pos, and returns nil when <<< does not open one. The closing marker
// may be indented (PHP 7.3): its indentation is removed from every line of
// the body, and the removed bytes map to nothing.
func (lx *lexer) heredoc(depth int) *literal {
	src := lx.src
	i := lx.pos + 3
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	quote := byte(0)
	if i < len(src) && (src[i] == '\'' || src[i] == '"') {
		quote = src[i]
		i++
	}
	idStart := i
	for i < len(src) && isNameByte(src[i]) {
		i++
	}
	id := string(src[idStart:i])
	if id == "" || isDigit(id[0]) {
		return nil
	}
	if quote != 0 {
		if i >= len(src) || src[i] != quote {
			return nil
		}
		i++
	}
	switch {
	case i < len(src) && src[i] == '\n':
		i++
	case i+1 < len(src) && src[i] == '\r' && src[i+1] == '\n':
		i += 2
	default:
		return nil
	}
	bodyStart := i
	// Find the closing line: optional indentation, the marker, then a
	// byte that cannot continue a name.
	lineStart := bodyStart
	closeAt, indent := -1, ""
	for lineStart <= len(src) {
		j := lineStart
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		if bytes.HasPrefix(src[j:], []byte(id)) && (j+len(id) >= len(src) || !isNameByte(src[j+len(id)])) {
			closeAt, indent = j, string(src[lineStart:j])
			break
		}
		nl := bytes.IndexByte(src[lineStart:], '\n')
		if nl < 0 {
			break
		}
		lineStart += nl + 1
	}
	if closeAt < 0 {
		return nil
	}
	form := byte('h')
	if quote == '\'' {
		form = 'n'
	}
	l := &literal{Literal: segvalue.Literal{Form: form}, indent: indent}
	// The body ends before the newline that precedes the closing line.
	bodyEnd := closeAt - len(indent)
	if bodyEnd > bodyStart {
		bodyEnd--
		if bodyEnd > bodyStart && src[bodyEnd-1] == '\r' {
			bodyEnd--
		}
	}
	l.OK = true
	lx.pos = bodyStart
	atLineStart := true
	for lx.pos < bodyEnd {
		if atLineStart {
			atLineStart = false
			k := 0
			for ; k < len(indent) && lx.pos < bodyEnd && (src[lx.pos] == ' ' || src[lx.pos] == '\t'); k++ {
				lx.pos++
			}
			if k < len(indent) && lx.pos < bodyEnd && src[lx.pos] != '\n' && src[lx.pos] != '\r' {
				l.OK = false // less indented than the closing marker: a parse error
			}
			continue
		}
		c := src[lx.pos]
		switch {
		case c == '\n':
			lx.add(l, "\n", lx.pos, lx.pos+1)
			lx.pos++
			atLineStart = true
		case form == 'h' && c == '\\':
			lx.escape(l, 'h', bodyEnd)
		case form == 'h' && c == '$':
			lx.dollar(l, depth, bodyEnd)
		case form == 'h' && c == '{' && lx.pos+1 < bodyEnd && src[lx.pos+1] == '$':
			lx.brace(l, depth)
		default:
			lx.char(l)
		}
	}
	lx.pos = closeAt + len(id)
	return l
}
