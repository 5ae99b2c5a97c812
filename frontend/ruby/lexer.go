package ruby

import (
	"bytes"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// tokKind is the kind of a Ruby token.
type tokKind uint8

const (
	tokName    tokKind = iota + 1 // an identifier, a constant, @ivar, @@cvar, $gvar
	tokNumber                     //
	tokString                     // a string literal (quotes, %q, %Q, heredoc)
	tokSymbol                     // :sym, :"sym"
	tokOp                         // punctuation and operators
	tokOpaque                     // a literal the front end skips: regexp, %w[], ?c, backquotes
	tokNewline                    // the end of a statement
	tokBad                        // a literal that does not end or decode
)

// token is one Ruby token.
type token struct {
	kind tokKind
	span frontend.Span
	text string
	str  *literal
	// spaceBefore says white space precedes the token.
	spaceBefore bool
}

// keywords after which an expression starts.
var keywords = map[string]bool{
	"and": true, "or": true, "not": true, "if": true, "unless": true, "while": true, "until": true,
	"when": true, "case": true, "return": true, "then": true, "else": true, "elsif": true, "do": true,
	"in": true, "yield": true, "begin": true, "puts": true, "raise": true, "next": true, "break": true,
}

// continuing are the tokens after which a line break does not end a
// statement.
var continuing = map[string]bool{
	",": true, "+": true, "-": true, "*": true, "/": true, "%": true, "<<": true, "&&": true, "||": true,
	"=": true, "+=": true, "-=": true, "||=": true, "&&=": true, "<<=": true, ".": true, "&.": true,
	"?": true, ":": true, "(": true, "[": true, "{": true, "==": true, "!=": true,
	"=>": true, "->": true, "::": true, "&": true, "**": true, "and": true, "or": true, "not": true,
	"<": true, ">": true, "<=": true, ">=": true, "=~": true, "!": true,
}

// pendingHeredoc is a heredoc whose body starts on the next line.
type pendingHeredoc struct {
	lit    *literal
	tok    int // its token
	id     string
	squig  bool // <<~: indentation removed
	dash   bool // <<- or <<~: the terminator may be indented
	interp bool // escapes and #{} are read
}

// lexer splits a Ruby file into tokens.
type lexer struct {
	src     []byte
	pos     int
	parens  int // ( and [ depth: line breaks inside do not end statements
	toks    []token
	pending []pendingHeredoc
	space   bool
}

// tokenize returns the tokens of src.
func tokenize(src []byte) []token {
	lx := &lexer{src: src}
	lx.run()
	return lx.toks
}

func (lx *lexer) emit(kind tokKind, start, end int, lit *literal) {
	lx.toks = append(lx.toks, token{kind: kind, span: frontend.Span{Start: start, End: end}, text: string(lx.src[start:end]), str: lit, spaceBefore: lx.space})
	lx.space = false
}

func isIdentStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

// last returns the last token, or nil.
func (lx *lexer) last() *token {
	if len(lx.toks) == 0 {
		return nil
	}
	return &lx.toks[len(lx.toks)-1]
}

// valueExpected says an expression may start here: after an operator, an
// opening bracket, a keyword, a line break, or (with white space before
// and none after) a method name taking an argument without parentheses.
func (lx *lexer) valueExpected() bool {
	t := lx.last()
	if t == nil || t.kind == tokNewline {
		return true
	}
	switch t.kind {
	case tokOp:
		return t.text != ")" && t.text != "]" && t.text != "}"
	case tokName:
		if keywords[t.text] {
			return true
		}
		next := byte(' ')
		if lx.pos+1 < len(lx.src) {
			next = lx.src[lx.pos+1]
		}
		return lx.space && next != ' ' && next != '=' && t.text[0] != '@' && !('A' <= t.text[0] && t.text[0] <= 'Z')
	}
	return false
}

func (lx *lexer) run() {
	src := lx.src
	atLineStart := true
	for lx.pos < len(src) {
		c := src[lx.pos]
		if atLineStart {
			atLineStart = false
			if bytes.HasPrefix(src[lx.pos:], []byte("=begin")) && (lx.pos+6 == len(src) || !isIdentChar(src[lx.pos+6])) {
				lx.skipEmbeddedDoc()
				atLineStart = true
				continue
			}
			if bytes.HasPrefix(src[lx.pos:], []byte("__END__")) && (lx.pos+7 == len(src) || src[lx.pos+7] == '\n' || src[lx.pos+7] == '\r') {
				return
			}
		}
		switch {
		case c == '\n':
			lx.newline(lx.pos)
			lx.pos++
			if len(lx.pending) > 0 {
				lx.readHeredocs()
			}
			atLineStart = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			lx.pos++
			lx.space = true
		case c == '\\' && lx.pos+1 < len(src) && (src[lx.pos+1] == '\n' || src[lx.pos+1] == '\r'):
			lx.pos++
			if src[lx.pos] == '\r' && lx.pos+1 < len(src) && src[lx.pos+1] == '\n' {
				lx.pos++
			}
			lx.pos++
			lx.space = true
			if len(lx.pending) > 0 {
				lx.readHeredocs()
			}
		case c == '#':
			for lx.pos < len(src) && src[lx.pos] != '\n' {
				lx.pos++
			}
		case c == '"' || c == '\'' || c == '`':
			lx.quoted(lx.pos, c)
		case c == '%' && lx.percentLiteral():
		case c == '<' && lx.heredocStart():
		case c == '/' && lx.valueExpected():
			lx.regexp()
		case c == '?' && lx.valueExpected() && lx.pos+1 < len(src) && src[lx.pos+1] > ' ' && (lx.pos+2 >= len(src) || !isIdentChar(src[lx.pos+2])):
			start := lx.pos
			lx.pos += 2
			if src[start+1] == '\\' && lx.pos < len(src) {
				lx.pos++
			}
			lx.emit(tokOpaque, start, lx.pos, nil)
		case c == ':' && lx.pos+1 < len(src) && (src[lx.pos+1] == '"' || src[lx.pos+1] == '\''):
			start := lx.pos
			lx.pos++
			lx.quoted(lx.pos, src[lx.pos])
			if t := lx.last(); t != nil {
				t.kind, t.span.Start, t.text = tokSymbol, start, string(src[start:t.span.End])
			}
		case c == ':' && lx.pos+1 < len(src) && isIdentStart(src[lx.pos+1]) && (lx.pos == 0 || src[lx.pos-1] != ':'):
			start := lx.pos
			lx.pos++
			for lx.pos < len(src) && isIdentChar(src[lx.pos]) {
				lx.pos++
			}
			if lx.pos < len(src) && (src[lx.pos] == '?' || src[lx.pos] == '!' || src[lx.pos] == '=') && (lx.pos+1 >= len(src) || src[lx.pos+1] != '=') {
				lx.pos++
			}
			lx.emit(tokSymbol, start, lx.pos, nil)
		case isIdentStart(c) || c == '@' || c == '$' && lx.pos+1 < len(src) && (isIdentStart(src[lx.pos+1]) || src[lx.pos+1] != ' '):
			start := lx.pos
			for lx.pos < len(src) && (src[lx.pos] == '@' || src[lx.pos] == '$') && lx.pos-start < 2 {
				lx.pos++
			}
			if lx.pos > start && lx.pos < len(src) && !isIdentChar(src[lx.pos]) && src[start] == '$' {
				lx.pos++ // $! $0 $~ ...
			}
			for lx.pos < len(src) && isIdentChar(src[lx.pos]) {
				lx.pos++
			}
			if lx.pos < len(src) && (src[lx.pos] == '?' || src[lx.pos] == '!') && (lx.pos+1 >= len(src) || src[lx.pos+1] != '=') {
				lx.pos++
			}
			if lx.pos == start {
				lx.pos++
			}
			lx.emit(tokName, start, lx.pos, nil)
		case '0' <= c && c <= '9':
			start := lx.pos
			for lx.pos < len(src) && (isIdentChar(src[lx.pos]) || src[lx.pos] == '.' && lx.pos+1 < len(src) && '0' <= src[lx.pos+1] && src[lx.pos+1] <= '9') {
				lx.pos++
			}
			lx.emit(tokNumber, start, lx.pos, nil)
		default:
			lx.operator()
		}
	}
	lx.newline(len(src))
}

// newline ends the statement at a line break, unless the line continues
// (an operator or a comma last, a method call on the next line, inside
// parentheses or brackets).
func (lx *lexer) newline(at int) {
	t := lx.last()
	if t == nil || t.kind == tokNewline || lx.parens > 0 {
		return
	}
	if (t.kind == tokOp || t.kind == tokName) && continuing[t.text] {
		return
	}
	// A line starting with .method continues the statement.
	i := at + 1
	for i < len(lx.src) && (lx.src[i] == ' ' || lx.src[i] == '\t' || lx.src[i] == '\r' || lx.src[i] == '\n') {
		i++
	}
	if i+1 < len(lx.src) && (lx.src[i] == '.' && lx.src[i+1] != '.' || lx.src[i] == '&' && lx.src[i+1] == '.') && len(lx.pending) == 0 {
		return
	}
	lx.toks = append(lx.toks, token{kind: tokNewline, span: frontend.Span{Start: at, End: min(at+1, len(lx.src))}, text: "\n"})
}

// operators, longest first.
var operators = []string{"**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=", "==", "!=", ">=", "<=", "&&", "||", "<<", ">>", "**", "=~", "!~", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "::", "..", "=>", "->", "&."}

func (lx *lexer) operator() {
	start := lx.pos
	n := 1
	for _, op := range operators {
		if bytes.HasPrefix(lx.src[start:], []byte(op)) {
			n = len(op)
			break
		}
	}
	switch lx.src[start] {
	case '(', '[':
		lx.parens++
	case ')', ']':
		if lx.parens > 0 {
			lx.parens--
		}
	}
	lx.pos += n
	lx.emit(tokOp, start, lx.pos, nil)
}

func (lx *lexer) skipEmbeddedDoc() {
	for lx.pos < len(lx.src) {
		e := bytes.IndexByte(lx.src[lx.pos:], '\n')
		line := lx.src[lx.pos:]
		if e >= 0 {
			line = lx.src[lx.pos : lx.pos+e]
		}
		done := bytes.HasPrefix(line, []byte("=end")) && (len(line) == 4 || !isIdentChar(line[4]))
		if e < 0 {
			lx.pos = len(lx.src)
			return
		}
		lx.pos += e + 1
		if done {
			return
		}
	}
}

// closer returns the closing delimiter of an opening one.
func closer(open byte) byte {
	switch open {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return open
}

// quoted reads a '...', "..." or `...` literal whose quote is at q.
func (lx *lexer) quoted(q int, quote byte) {
	kind := kindDouble
	switch quote {
	case '\'':
		kind = kindSingle
	case '`':
		kind = kindCommand
	}
	lx.delimited(q, q+1, quote, quote, kind)
}

// delimited reads a literal from start whose body starts at body and
// ends with close (open nests when it differs).
func (lx *lexer) delimited(start, body int, open, closing byte, kind litKind) {
	end, ok := scanDelimited(lx.src, body, open, closing, kind != kindSingle && kind != kindQ)
	if !ok {
		lx.emit(tokBad, start, end, nil)
		lx.pos = end
		return
	}
	if kind == kindCommand || kind == kindOpaque {
		lx.emit(tokOpaque, start, end, nil)
		lx.pos = end
		return
	}
	lit := &literal{span: frontend.Span{Start: start, End: end}, kind: kind, open: open, close: closing}
	if !lit.decode(lx.src, body, end-1) {
		lx.emit(tokBad, start, end, nil)
	} else {
		lx.emit(tokString, start, end, lit)
	}
	lx.pos = end
}

// scanDelimited returns the end of a literal body starting at i and
// closed by close, just after it. interp: #{...} may hold the closer.
func scanDelimited(src []byte, i int, open, closing byte, interp bool) (int, bool) {
	depth := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\':
			i += 2
			continue
		case interp && c == '#' && i+1 < len(src) && src[i+1] == '{':
			e, ok := scanInterpolation(src, i+1)
			if !ok {
				return e, false
			}
			i = e
			continue
		case c == closing && depth == 0:
			return i + 1, true
		case c == closing:
			depth--
		case c == open && open != closing:
			depth++
		}
		i++
	}
	return len(src), false
}

// scanInterpolation returns the end of the #{...} whose brace is at i,
// just after its closing brace.
func scanInterpolation(src []byte, i int) (int, bool) {
	depth := 0
	for i < len(src) {
		c := src[i]
		switch c {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		case '"', '\'', '`':
			e, ok := scanDelimited(src, i+1, c, c, c != '\'')
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

// percentLiteral reads %q(...), %Q(...), %(...), and skips %w[] %i[] %r{}
// %s() %x(); it reports false for a modulo operator.
func (lx *lexer) percentLiteral() bool {
	src, p := lx.src, lx.pos
	if !lx.valueExpected() || p+1 >= len(src) {
		return false
	}
	kind := kindDouble
	d := p + 1
	switch src[d] {
	case 'q':
		kind, d = kindQ, d+1
	case 'Q':
		kind, d = kindDouble, d+1
	case 'w', 'W', 'i', 'I', 'r', 's', 'x':
		kind, d = kindOpaque, d+1
	}
	if d >= len(src) {
		return false
	}
	open := src[d]
	if isIdentChar(open) || open == ' ' || open == '\n' || open == '\t' || open == '\r' || open == '=' && kind == kindDouble && d == p+1 {
		return false
	}
	if kind == kindOpaque {
		end, ok := scanDelimited(src, d+1, open, closer(open), true)
		k := tokOpaque
		if !ok {
			k = tokBad
		}
		lx.emit(k, p, end, nil)
		lx.pos = end
		return true
	}
	lx.delimited(p, d+1, open, closer(open), kind)
	return true
}

// regexp skips a /.../ literal.
func (lx *lexer) regexp() {
	start := lx.pos
	end, ok := scanDelimited(lx.src, start+1, '/', '/', true)
	if !ok || bytes.IndexByte(lx.src[start:end], '\n') >= 0 && !ok {
		lx.operator()
		return
	}
	for end < len(lx.src) && isIdentChar(lx.src[end]) {
		end++
	}
	lx.emit(tokOpaque, start, end, nil)
	lx.pos = end
}

// heredocStart reads a heredoc marker (<<~ID, <<-ID, <<ID, quoted IDs)
// and queues its body; it reports false for a << operator.
func (lx *lexer) heredocStart() bool {
	src, p := lx.src, lx.pos
	if !bytes.HasPrefix(src[p:], []byte("<<")) {
		return false
	}
	i := p + 2
	h := pendingHeredoc{interp: true}
	if i < len(src) && (src[i] == '~' || src[i] == '-') {
		h.squig, h.dash = src[i] == '~', true
		i++
	}
	if i >= len(src) {
		return false
	}
	switch q := src[i]; {
	case q == '\'' || q == '"' || q == '`':
		e := bytes.IndexByte(src[i+1:], q)
		if e < 0 || bytes.IndexByte(src[i+1:i+1+e], '\n') >= 0 {
			return false
		}
		h.id = string(src[i+1 : i+1+e])
		h.interp = q != '\''
		i += e + 2
	case isIdentStart(q):
		if !h.dash && !('A' <= q && q <= 'Z' || q == '_') {
			return false // x <<y is a shift
		}
		e := i
		for e < len(src) && isIdentChar(src[e]) {
			e++
		}
		h.id = string(src[i:e])
		i = e
	default:
		return false
	}
	if !h.dash && !lx.valueExpected() {
		return false
	}
	if h.dash && !lx.valueExpected() {
		if t := lx.last(); t == nil || t.kind != tokName || !lx.space {
			return false
		}
	}
	kind := kindHeredoc
	if !h.interp {
		kind = kindHeredocRaw
	}
	h.lit = &literal{span: frontend.Span{Start: p, End: i}, kind: kind, squiggly: h.squig, label: h.id}
	lx.emit(tokString, p, i, h.lit)
	h.tok = len(lx.toks) - 1
	lx.pending = append(lx.pending, h)
	lx.pos = i
	return true
}

// readHeredocs reads the bodies of the pending heredocs from lx.pos (the
// start of the line after their markers).
func (lx *lexer) readHeredocs() {
	pend := lx.pending
	lx.pending = nil
	for _, h := range pend {
		bodyStart := lx.pos
		end, termEnd := -1, len(lx.src)
		for i := lx.pos; i < len(lx.src); {
			e := bytes.IndexByte(lx.src[i:], '\n')
			lineEnd := len(lx.src)
			if e >= 0 {
				lineEnd = i + e
			}
			line := strings.TrimRight(string(lx.src[i:lineEnd]), "\r")
			if h.dash {
				line = strings.TrimLeft(line, " \t")
			}
			if line == h.id {
				end = i
				termEnd = min(lineEnd+1, len(lx.src))
				break
			}
			i = lineEnd + 1
		}
		tok := &lx.toks[h.tok]
		if end < 0 {
			tok.kind, tok.str = tokBad, nil
			lx.pos = len(lx.src)
			return
		}
		h.lit.span.End = termEnd
		if !h.lit.decodeHeredoc(lx.src, bodyStart, end) {
			tok.kind, tok.str = tokBad, nil
		}
		lx.pos = termEnd
	}
}
