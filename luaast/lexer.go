package luaast

import (
	"encoding/binary"
	"errors"
	"strconv"
	"strings"
)

// tokKind is a token kind. Single-byte tokens ('+', '(', a stray byte) use
// their byte value, as Lua 5.1's lexer does; reserved words and multi-byte
// tokens start at firstReserved.
type tokKind int

const firstReserved tokKind = 257

// Reserved words and multi-byte tokens, in Lua 5.1's order.
const (
	tAnd tokKind = firstReserved + iota
	tBreak
	tDo
	tElse
	tElseif
	tEnd
	tFalse
	tFor
	tFunction
	tIf
	tIn
	tLocal
	tNil
	tNot
	tOr
	tRepeat
	tReturn
	tThen
	tTrue
	tUntil
	tWhile
	tConcat // ..
	tDots   // ...
	tEq     // ==
	tGe     // >=
	tLe     // <=
	tNe     // ~=
	tNumber
	tName
	tString
	tEOF
)

// tokenText is luaX_tokens: how Lua 5.1 names reserved tokens in messages.
var tokenText = [...]string{
	"and", "break", "do", "else", "elseif",
	"end", "false", "for", "function", "if",
	"in", "local", "nil", "not", "or", "repeat",
	"return", "then", "true", "until", "while",
	"..", "...", "==", ">=", "<=", "~=",
	"<number>", "<name>", "<string>", "<eof>",
}

// kindText is luaX_token2str.
func kindText(k tokKind) string {
	if k < firstReserved {
		c := byte(k)
		if c < 32 || c == 127 {
			return "char(" + strconv.Itoa(int(c)) + ")"
		}
		return string([]byte{c})
	}
	return tokenText[k-firstReserved]
}

// token is one lexed token.
type token struct {
	kind tokKind
	pos  Pos
	end  Pos
	// sval is the decoded value of a string. A name's text is
	// src[pos:end] (see tokText): not storing it saves a pointer store,
	// and so a GC write barrier, per name token.
	sval string
	// nval is the value of a number.
	nval float64
	// sep is the level of a long string (-1 for a quoted string).
	sep int
}

// Character classes of the C locale, which Redis's Lua uses.
const (
	cAlpha = 1 << iota // isalpha or '_'
	cDigit
	cSpace // isspace except newlines
	cHex
)

var charClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cAlpha
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] |= cAlpha
	}
	t['_'] |= cAlpha
	for c := '0'; c <= '9'; c++ {
		t[c] |= cDigit | cHex
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] |= cHex
		t[c-'a'+'A'] |= cHex
	}
	t[' '] |= cSpace
	t['\t'] |= cSpace
	t['\v'] |= cSpace
	t['\f'] |= cSpace
	return t
}()

func isAlnum(c byte) bool { return charClass[c]&(cAlpha|cDigit) != 0 }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// lexer holds the scanning state; it is embedded in parser so that lexer
// errors can abort the parse directly.
type lexer struct {
	src []byte
	s   string // src as a string: token texts are substrings, not copies
	// off is the current read offset, or -1 while the parser holds a
	// lookahead token (the offset after it is then parser.aheadOff).
	off int
	// line is Lua's ls->linenumber: the line the lexer is on (1-based).
	line int
	// comments collects every comment in source order.
	comments []*Comment
	// commentSlab holds the Comment values that comments points to.
	commentSlab slab[Comment]
	// buf is scratch space for decoding strings with escapes.
	buf []byte
	// lines holds the offset at which each line starts, appended as the
	// lexer counts line breaks (lines[0] is 0): a parse that lexes the
	// whole source gets its LineIndex without a pass of its own (see
	// parser.finishLines).
	lines []Pos
}

// skipNewline consumes one line break at p (\n, \r, \r\n or \n\r) and
// counts it, returning the offset after it.
func (lx *lexer) skipNewline(p int) int {
	c := lx.src[p]
	p++
	if p < len(lx.src) && (lx.src[p] == '\n' || lx.src[p] == '\r') && lx.src[p] != c {
		p++
	}
	lx.line++
	lx.lines = append(lx.lines, Pos(p))
	return p
}

// checkNext mirrors llex.c's check_next: strchr(set, current) is also true
// for a NUL byte, so NUL matches every set (Redis accepts "1\0" as 1).
func (lx *lexer) checkNext(p int, a, b byte) bool {
	if p >= len(lx.src) {
		return false
	}
	c := lx.src[p]
	return c == a || c == b || c == 0
}

// Byte classes for scan's dispatch: a dense switch on them compiles to a
// jump table, where a switch on the byte values is a tree of compares.
const (
	bOther  = iota // a one-byte token (or a stray byte)
	bBlank         // ' ', '\t', '\v', '\f'
	bLF            // '\n'
	bCR            // '\r'
	bAlpha         // a name start
	bDigit         // a numeral start
	bMinus         // '-' (maybe a comment)
	bQuote         // '"' or '\''
	bLbrack        // '[' (maybe a long string)
	bTwo           // '=', '<', '>', '~': maybe followed by '='
	bDot           // '.', "..", "..." or a numeral
)

// byteClass maps a byte to its class. The classes are below 16, and
// next's dispatch masks the class with 15 and has a case for each of the
// 16 values: its jump table then needs no range check (one compare and
// branch less per token).
var byteClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case charClass[c]&cAlpha != 0:
			t[c] = bAlpha
		case charClass[c]&cDigit != 0:
			t[c] = bDigit
		case charClass[c]&cSpace != 0:
			t[c] = bBlank
		}
	}
	t['\n'], t['\r'], t['-'], t['"'], t['\''], t['['] = bLF, bCR, bMinus, bQuote, bQuote, bLbrack
	t['='], t['<'], t['>'], t['~'], t['.'] = bTwo, bTwo, bTwo, bTwo, bDot
	return t
}()

// twoKind maps the first byte of a two-byte comparison token to its kind.
var twoKind = [256]tokKind{'=': tEq, '<': tLe, '>': tGe, '~': tNe}

// next consumes the current token and reads the next one into p.tok
// (luaX_next), or takes the lookahead; a lexical error ends the parse (see
// parser.lexError).
//
// Why it is shaped this way: next runs once per token (about one token per
// 4 bytes of source), so its fixed cost matters more than any one case.
// The parser's bookkeeping and the lexer are one function (one call per
// token, not two); the offset lives in a local and is stored back once;
// t.pos is written once after the blanks; the common blanks (one space, a
// line break and its indentation) are skipped without a trip through the
// dispatch. It is not inlined: PGO would inline it into a dozen hot
// callers, which saves calls but grows the parser's code by about 24 KB
// and costs more in instruction cache misses than it saves (measured
// with cachegrind's cache simulation on the benchmark corpus).
//
//go:noinline
func (p *parser) next() {
	// The token is written through p, not a local pointer to p.tok: the
	// pointer would be one more value kept across calls (saved to the
	// stack on every token).
	p.prevKind, p.prevEnd = p.tok.kind, p.tok.end
	lx := &p.lexer
	src := lx.src
	cur := lx.off
	var c byte
again:
	for {
		// As unsigned: the compare then also proves src[cur] in range,
		// and catches a buffered lookahead (a negative offset, see
		// parser.lookahead) without a test of its own on every token.
		if uint(cur) >= uint(len(src)) {
			if cur < 0 {
				p.tok = p.ahead
				lx.off = p.aheadOff
				p.fromAhead = p.tok.pos
				return
			}
			lx.off = cur
			p.tok.kind, p.tok.pos, p.tok.end = tEOF, Pos(cur), Pos(cur)
			return
		}
		c = src[cur]
		if c == ' ' {
			cur++
			continue
		}
		if c != '\n' {
			break
		}
		// A line break is mostly followed by indentation: count it
		// ("\n\r" is one break) and skip the blanks in one go.
		cur++
		lx.line++
		if cur < len(src) && src[cur] == '\r' {
			cur++
		}
		lx.lines = append(lx.lines, Pos(cur))
		for cur < len(src) && (src[cur] == ' ' || src[cur] == '\t') {
			cur++
		}
	}
	p.tok.pos = Pos(cur)
	switch byteClass[c] & 15 { // see the comment on byteClass
	case bBlank:
		cur++
		for cur < len(src) && charClass[src[cur]]&cSpace != 0 {
			cur++
		}
		goto again
	case bCR:
		cur = lx.skipNewline(cur)
		goto again
	case bMinus:
		if cur+1 < len(src) && src[cur+1] == '-' {
			cur = lx.comment(cur, p)
			goto again
		}
		p.tok.kind = '-'
		cur++
	case bAlpha:
		q := cur + 1
		for q < len(src) && charClass[src[q]]&(cAlpha|cDigit) != 0 {
			q++
		}
		p.tok.kind = tName
		// Most names cannot be reserved words by their first byte and
		// length: only the others pay for the keyword lookup. (Testing
		// the length first also spares the shift its check for counts
		// of 16 and more.)
		if n := uint(q - cur); n <= 8 && kwLengths[c]>>n&1 != 0 {
			p.tok.kind = lx.keyword(cur, q)
		}
		p.tok.end = Pos(q)
		lx.off = q
		return
	case bDigit:
		lx.number(&p.tok, cur, p)
		return
	case bQuote:
		lx.quoted(&p.tok, cur, p)
		return
	case bLbrack:
		sep, q := lx.sep(cur)
		if sep >= 0 {
			lx.longString(&p.tok, q, sep, p)
			return
		}
		if sep != -1 {
			p.lexError(Pos(cur), Pos(q), "invalid long string delimiter", lx.s[cur:q], false)
		}
		p.tok.kind = '['
		cur++
	case bTwo:
		if cur+1 < len(src) && src[cur+1] == '=' {
			p.tok.kind = twoKind[c]
			cur += 2
		} else {
			p.tok.kind = tokKind(c)
			cur++
		}
	case bDot:
		switch {
		case lx.checkNext(cur+1, '.', '.'):
			if lx.checkNext(cur+2, '.', '.') {
				p.tok.kind = tDots
				cur += 3
			} else {
				p.tok.kind = tConcat
				cur += 2
			}
		case cur+1 < len(src) && isDigit(src[cur+1]):
			lx.number(&p.tok, cur, p)
			return
		default:
			p.tok.kind = '.'
			cur++
		}
	case bOther, 11, 12, 13, 14, 15: // a one-byte token or a stray byte ('\n' never gets here)
		p.tok.kind = tokKind(c)
		cur++
	}
	p.tok.end = Pos(cur)
	lx.off = cur
}

// keywordTable maps a hash of a reserved word (see kwHash) to its kind and
// its bytes packed as by kwWord.
var keywordTable = func() (t [64]struct {
	word uint64
	kind tokKind
}) {
	for k := tAnd; k <= tWhile; k++ {
		w := tokenText[k-firstReserved]
		h := kwHash(w[0], w[len(w)-1], len(w))
		if t[h].word != 0 {
			panic("luaast: keyword hash collision: " + w)
		}
		t[h].word, t[h].kind = kwWord([]byte(w)), k
	}
	return t
}()

// kwLengths has bit n of entry c set when a reserved word of n bytes
// starts with byte c.
var kwLengths = func() (t [256]uint16) {
	for _, w := range tokenText[:tWhile-firstReserved+1] {
		t[w[0]] |= 1 << len(w)
	}
	return t
}()

// kwHash is a perfect hash of Lua 5.1's reserved words built from their
// first and last bytes and length.
func kwHash(first, last byte, n int) int {
	return (int(first) + int(last) + n*8) & 63
}

// kwWord packs a word of at most 8 bytes into a uint64 (little-endian,
// zero-padded), so that a keyword test is one integer compare.
func kwWord(b []byte) uint64 {
	var w uint64
	for i := len(b) - 1; i >= 0; i-- {
		w = w<<8 | uint64(b[i])
	}
	return w
}

// keyword returns the reserved word kind of the name src[p:q] (2 to 8
// bytes), or tName.
func (lx *lexer) keyword(p, q int) tokKind {
	src := lx.src
	n := q - p
	e := &keywordTable[kwHash(src[p], src[q-1], n)]
	if e.kind == 0 {
		return tName
	}
	var w uint64
	if p+8 <= len(src) {
		// One 8-byte load masked to the name's length, instead of a
		// byte loop or a string compare.
		w = binary.LittleEndian.Uint64(src[p:]) & (1<<(8*uint(n)) - 1)
	} else {
		w = kwWord(src[p:q])
	}
	if w == e.word {
		return e.kind
	}
	return tName
}

// sep mirrors skip_sep at a '[' or ']' at p: it returns the level of the
// bracket (count of '=') when the same bracket follows, else -count-1, and
// the offset after the '=' signs.
func (lx *lexer) sep(p int) (int, int) {
	s := lx.src[p]
	q := p + 1
	for q < len(lx.src) && lx.src[q] == '=' {
		q++
	}
	n := q - p - 1
	if q < len(lx.src) && lx.src[q] == s {
		return n, q
	}
	return -n - 1, q
}

// comment consumes a comment starting at the "--" at p and returns the
// offset after it.
func (lx *lexer) comment(p int, ps *parser) int {
	src := lx.src
	start := p
	p += 2
	if p < len(src) && src[p] == '[' {
		if sep, q := lx.sep(p); sep >= 0 {
			textStart, textEnd, end := lx.longBracket(q+1, sep, false, ps)
			c := lx.commentSlab.new()
			c.Span, c.Text, c.Long = Span{Pos(start), Pos(end)}, lx.s[textStart:textEnd], true
			lx.comments = append(lx.comments, c)
			return end
		}
	}
	q := p
	for q < len(src) && src[q] != '\n' && src[q] != '\r' {
		q++
	}
	c := lx.commentSlab.new()
	c.Span, c.Text = Span{Pos(start), Pos(q)}, lx.s[p:q]
	lx.comments = append(lx.comments, c)
	return q
}

// longBracket scans the body of a long string or comment whose opening
// bracket ends just before p. It returns the body (after the skipped first
// newline) and the offset after the closing bracket.
func (lx *lexer) longBracket(p, sep int, isString bool, ps *parser) (textStart, textEnd, end int) {
	src := lx.src
	if p < len(src) && (src[p] == '\n' || src[p] == '\r') {
		p = lx.skipNewline(p)
	}
	textStart = p
	for {
		// Jump to the next byte of interest.
		i := indexAny3(src[p:], ']', '\n', '\r')
		if i < 0 {
			what := "unfinished long comment"
			if isString {
				what = "unfinished long string"
			}
			ps.lexError(Pos(len(src)), Pos(len(src)), what, "<eof>", false)
		}
		p += i
		switch src[p] {
		case ']':
			s, q := lx.sep(p)
			if s == sep {
				return textStart, p, q + 1
			}
			p = q
		default:
			p = lx.skipNewline(p)
		}
	}
}

func indexAny3(b []byte, x, y, z byte) int {
	for i, c := range b {
		if c == x || c == y || c == z {
			return i
		}
	}
	return -1
}

// longString scans a long string whose opening bracket ends at q.
func (lx *lexer) longString(t *token, q, sep int, ps *parser) {
	textStart, textEnd, end := lx.longBracket(q+1, sep, true, ps)
	t.kind = tString
	t.end = Pos(end)
	t.sep = sep
	body := lx.s[textStart:textEnd]
	if strings.IndexByte(body, '\r') >= 0 {
		body = normalizeNewlines(body)
	}
	t.sval = body
	lx.off = end
}

// normalizeNewlines turns every Lua line break into "\n", as Lua does in
// long strings.
func normalizeNewlines(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\n' || c == '\r' {
			if i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r') && s[i+1] != c {
				i++
			}
			b.WriteByte('\n')
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// quoteStop classifies the bytes that end a run of plain bytes in a
// quoted string: its delimiter (quoteStopDouble for a double quote,
// quoteStopSingle for a single one), a backslash or a line break (both).
var quoteStop = func() (t [256]uint8) {
	t['"'] = quoteStopDouble
	t['\''] = quoteStopSingle
	t['\\'], t['\n'], t['\r'] = quoteStopDouble|quoteStopSingle, quoteStopDouble|quoteStopSingle, quoteStopDouble|quoteStopSingle
	return t
}()

const (
	quoteStopDouble = 1 << iota
	quoteStopSingle
)

// quoted scans a '...' or "..." string starting at p.
func (lx *lexer) quoted(t *token, p int, ps *parser) {
	src := lx.src
	del := src[p]
	// stop selects the bytes that end a run of plain string bytes: this
	// string's delimiter, a backslash or a line break (one table test
	// per byte instead of four compares).
	stop := uint8(quoteStopDouble)
	if del == '\'' {
		stop = quoteStopSingle
	}
	q := p + 1
	for q < len(src) && quoteStop[src[q]]&stop == 0 {
		q++
	}
	// Fast path: no escapes.
	if q < len(src) && src[q] == del {
		t.kind, t.sep, t.end = tString, -1, Pos(q+1)
		t.sval = lx.s[p+1 : q]
		lx.off = q + 1
		return
	}
	buf := lx.buf[:0] // reuse the lexer's buffer
	buf = append(buf, src[p+1:q]...)
	lastZ := -1 // offset just after the last "\z" escape, for the 5.2 hint
	for {
		// Copy the plain bytes up to the next delimiter, escape or line
		// break in one append.
		if r := q; r < len(src) && quoteStop[src[r]]&stop == 0 {
			for r < len(src) && quoteStop[src[r]]&stop == 0 {
				r++
			}
			buf = append(buf, src[q:r]...)
			q = r
		}
		if q >= len(src) {
			lx.buf = buf
			ps.lexError(Pos(len(src)), Pos(len(src)), "unfinished string", "<eof>", false)
		}
		c := src[q]
		switch c {
		case del:
			t.kind, t.sep, t.end = tString, -1, Pos(q+1)
			t.sval = string(buf)
			lx.buf = buf
			lx.off = q + 1
			return
		case '\n', '\r':
			lx.buf = buf
			near := string(del) + string(buf)
			if lastZ >= 0 && onlyBlanks(src[lastZ:q]) {
				ps.lexError(Pos(lastZ-2), Pos(lastZ), `escape '\z' (skip whitespace) is Lua 5.2 syntax: Redis runs Lua 5.1, where "\z" is just "z" and the string ends at the line break (join the lines with ..)`, near, true)
			}
			ps.lexError(Pos(p), Pos(q), "unfinished string", near, false)
		case '\\':
			q++
			if q >= len(src) {
				continue // unfinished string next loop
			}
			e := src[q]
			switch e {
			case 'a':
				buf = append(buf, '\a')
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'v':
				buf = append(buf, '\v')
			case '\n', '\r':
				buf = append(buf, '\n')
				q = lx.skipNewline(q)
				continue
			default:
				if !isDigit(e) {
					if e == 'z' {
						lastZ = q + 1
					}
					buf = append(buf, e) // \\ \" \' and unknown escapes keep the char
				} else {
					v, i := 0, 0
					esc := q - 1
					for ; i < 3 && q < len(src) && isDigit(src[q]); i++ {
						v = v*10 + int(src[q]-'0')
						q++
					}
					if v > 255 {
						lx.buf = buf
						ps.lexError(Pos(esc), Pos(q), "escape sequence too large", string(del)+string(buf), false)
					}
					buf = append(buf, byte(v))
					continue
				}
			}
			q++
		default:
			buf = append(buf, c)
			q++
		}
	}
}

func onlyBlanks(b []byte) bool {
	for _, c := range b {
		if charClass[c]&cSpace == 0 {
			return false
		}
	}
	return true
}

// number scans a numeral at p exactly as llex.c's read_numeral does and
// converts it as lua_str2number (glibc strtod) does.
func (lx *lexer) number(t *token, p int, ps *parser) {
	src := lx.src
	q, end := p, min(len(src), p+16) // end: at most 16 digits (exact in a float64)
	// Fast path: a short run of decimal digits ending the numeral.
	var iv uint64
	for q < end && isDigit(src[q]) {
		iv = iv*10 + uint64(src[q]-'0')
		q++
	}
	if q > p && (q >= len(src) || (charClass[src[q]]&(cAlpha|cDigit) == 0 && src[q] != '.' && src[q] != 0)) {
		t.kind, t.end, t.nval = tNumber, Pos(q), float64(iv)
		lx.off = q
		return
	}
	q = p
	for q < len(src) && (isDigit(src[q]) || src[q] == '.') {
		q++
	}
	// The C string ends at the first NUL, which only check_next can have
	// taken (as an exponent mark or sign): note where instead of
	// searching the numeral for it.
	nul := -1
	if lx.checkNext(q, 'E', 'e') {
		if src[q] == 0 {
			nul = q
		}
		q++
		if lx.checkNext(q, '+', '-') {
			if src[q] == 0 && nul < 0 {
				nul = q
			}
			q++
		}
	}
	for q < len(src) && (isAlnum(src[q])) {
		q++
	}
	text := lx.s[p:q]
	if nul >= 0 {
		text = lx.s[p:nul]
	}
	v, ok := str2number(text)
	if !ok {
		msg, lua52 := numberHint(text)
		ps.lexError(Pos(p), Pos(q), msg, text, lua52)
	}
	t.kind, t.end, t.nval = tNumber, Pos(q), v
	lx.off = q
}

// numberHint words the malformed-number error, naming constructs of other
// Lua versions and languages.
func numberHint(text string) (string, bool) {
	if len(text) > 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B') && strings.Trim(text[2:], "01") == "" {
		return "malformed number near '" + text + "': binary literals are not Lua syntax and Redis runs Lua 5.1 (write the value in decimal or hex)", true
	}
	if strings.IndexByte(text, '_') >= 0 {
		if _, ok := str2number(strings.ReplaceAll(text, "_", "")); ok {
			return "malformed number near '" + text + "': digit separators '_' are not Lua syntax and Redis runs Lua 5.1 (write " + strings.ReplaceAll(text, "_", "") + ")", true
		}
	}
	return "malformed number", false
}

// str2number mirrors luaO_str2d with glibc strtod: the whole text must be
// a decimal float or a hex float ("0x1p4"; a 'p' without exponent digits is
// not consumed, so "0x1p" is malformed).
func str2number(s string) (float64, bool) {
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		i := 2
		for i < len(s) && charClass[s[i]]&cHex != 0 {
			i++
		}
		digits := s[2:i]
		if digits == "" {
			return 0, false
		}
		if i == len(s) && len(digits) <= 13 {
			// At most 52 bits: the integer converts exactly.
			var v uint64
			for j := range len(digits) {
				v = v<<4 | uint64(hexVal(digits[j]))
			}
			return float64(v), true
		}
		exp := "0"
		if i < len(s) && (s[i] == 'p' || s[i] == 'P') {
			j := i + 1
			if j < len(s) && (s[j] == '+' || s[j] == '-') {
				j++
			}
			k := j
			for k < len(s) && isDigit(s[k]) {
				k++
			}
			if k > j {
				exp = s[i+1 : k]
				i = k
			}
		}
		if i != len(s) {
			return 0, false
		}
		// Saturate the exponent: anything beyond ±99999 is out of float64
		// range either way, and ParseFloat need not see a huge one.
		neg, mag := false, 0
		for i := range len(exp) {
			switch c := exp[i]; {
			case c == '-':
				neg = true
			case c >= '0' && c <= '9' && mag < 100000:
				mag = mag*10 + int(c-'0')
			}
		}
		if mag >= 100000 {
			mag = 99999 + len(digits)*4 // still saturates with any mantissa
		}
		if neg {
			mag = -mag
		}
		v, e := strconv.ParseFloat("0x"+digits+"p"+strconv.Itoa(mag), 64)
		if e != nil && !isRangeErr(e) {
			return 0, false
		}
		return v, true
	}
	// While validating, collect the significant digits (up to 15, which
	// always fit a float64 exactly) and the decimal exponent, for the
	// exact fast path below.
	i, nd := 0, 0
	var mant uint64
	md := 0    // significant digits seen (leading zeros excluded)
	scale := 0 // power of ten to apply to mant
	for i < len(s) && isDigit(s[i]) {
		if d := s[i] - '0'; md > 0 || d != 0 {
			if md < 15 {
				mant = mant*10 + uint64(d)
			} else {
				scale++
			}
			md++
		}
		i++
		nd++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			if d := s[i] - '0'; md > 0 || d != 0 {
				if md < 15 {
					mant = mant*10 + uint64(d)
					scale--
				}
				md++
			} else {
				scale--
			}
			i++
			nd++
		}
	}
	if nd == 0 {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		neg := false
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			neg = s[j] == '-'
			j++
		}
		k := j
		exp := 0
		for k < len(s) && isDigit(s[k]) {
			if exp < 10000 {
				exp = exp*10 + int(s[k]-'0')
			}
			k++
		}
		if k > j {
			i = k
			if neg {
				exp = -exp
			}
			scale += exp
		}
	}
	if i != len(s) {
		return 0, false
	}
	// Clinger's fast path: with at most 15 significant digits the
	// mantissa and a power of ten up to 1e22 are exact float64s, so one
	// multiplication or division is correctly rounded, giving what strtod
	// (and ParseFloat, several times slower) give.
	if md <= 15 {
		switch {
		case mant == 0:
			return 0, true
		case scale >= 0 && scale <= 22:
			return float64(mant) * pow10[scale], true
		case scale < 0 && scale >= -22:
			return float64(mant) / pow10[-scale], true
		}
	}
	v, e := strconv.ParseFloat(s, 64)
	if e != nil && !isRangeErr(e) {
		return 0, false
	}
	return v, true
}

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// hexVal returns the value of hex digit c.
func hexVal(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

func isRangeErr(e error) bool {
	return errors.Is(e, strconv.ErrRange)
}

// stringNear is the text Lua quotes for a string token: its buffer, the
// delimiters around the decoded value.
func stringNear(t *token, src string) string {
	raw := src[t.pos:t.end]
	if t.sep < 0 {
		return raw[:1] + t.sval + raw[:1]
	}
	return raw[:t.sep+2] + t.sval + raw[len(raw)-t.sep-2:]
}

// IsReserved reports whether name is one of Lua 5.1's reserved words
// (and, break, do ... while), which cannot be used as names.
func IsReserved(name string) bool {
	for _, w := range tokenText[:tWhile-firstReserved+1] {
		if w == name {
			return true
		}
	}
	return false
}
