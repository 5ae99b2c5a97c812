package goembed

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// span is a half-open range of Go positions.
type span struct{ pos, end token.Pos }

// luaSource is a Lua script recovered from Go code, as a frontend.Script
// whose host ranges are token.Pos of the package's FileSet (the script may
// come from several files: a constant declared in another one) rather than
// offsets of one file: its text and, for each byte, the range of Go source
// that produced it (the byte itself in a raw string, the whole escape
// sequence in an interpreted one, the whole verb of a format, or the whole
// expression when the text comes from a constant whose syntax is not at
// hand). Lit[i] names the literal byte i came from (0: none), so that a
// fix is only offered when every edit stays inside one literal; the
// mapping is frontend.Script's. Whole is the Go expression the script came
// from, for findings on an empty script.
type luaSource struct {
	frontend.Script
	// raw[k] says whether literal k (1-based) is a raw string.
	raw []bool
	// format[k] says whether literal k (1-based) is the format of a
	// fmt.Sprintf, where a percent sign is written %%.
	format []bool
}

// hostSpan is the frontend.Span of the Go range s.
func hostSpan(s span) frontend.Span { return frontend.Span{Start: int(s.pos), End: int(s.end)} }

// goSpan is the Go range of the frontend.Span s of a luaSource.
func goSpan(s frontend.Span) span { return span{token.Pos(s.Start), token.Pos(s.End)} }

// setWhole records e as the expression the script comes from.
func (ls *luaSource) setWhole(e ast.Node) { ls.Whole = hostSpan(span{e.Pos(), e.End()}) }

// origin returns the Go range of the script's text (from its first byte to
// its last), and false for an empty script.
func (ls *luaSource) origin() (span, bool) {
	n := len(ls.From)
	if n == 0 {
		return span{}, false
	}
	return span{token.Pos(ls.From[0].Start), token.Pos(ls.From[n-1].End)}, true
}

// newLiteral starts literal k (1-based) of ls, spanning s (quotes
// included), raw or not.
func (ls *luaSource) newLiteral(s span, raw bool) int32 {
	ls.raw = append(ls.raw, raw)
	ls.format = append(ls.format, false)
	id := int32(len(ls.raw))
	ls.Literals = append(ls.Literals, frontend.Literal{Span: hostSpan(s), Encode: ls.encoder(id)})
	return id
}

// encoder returns the Encode function of literal lit of ls.
func (ls *luaSource) encoder(lit int32) func(string) (string, bool) {
	return func(text string) (string, bool) { return ls.encode(text, lit) }
}

// withLiterals gives ls the literals of from, encoding for ls.
func (ls *luaSource) withLiterals(from *luaSource) {
	ls.raw, ls.format = from.raw, from.format
	ls.Literals = make([]frontend.Literal, len(from.Literals))
	for i, l := range from.Literals {
		ls.Literals[i] = frontend.Literal{Span: l.Span, Encode: ls.encoder(int32(i + 1))}
	}
}

// add appends b produced by Go source s in literal lit (0: none).
func (ls *luaSource) add(b byte, s span, lit int32) {
	ls.Text = append(ls.Text, b)
	ls.From = append(ls.From, hostSpan(s))
	ls.Lit = append(ls.Lit, lit)
}

// addOpaque appends text that maps as a whole to s (no literal).
func (ls *luaSource) addOpaque(text string, s span) {
	for i := range len(text) {
		ls.add(text[i], s, 0)
	}
}

// addLiteral appends the value of the string literal lit. fileSrc is the
// content of the Go file holding it and base the position of its first
// byte; the file's bytes are needed because the Go scanner drops carriage
// returns from raw strings, which still take room in the file. It reports
// false when lit is not a string literal or its text does not decode to
// its value (which would make the map wrong).
func (ls *luaSource) addLiteral(lit *ast.BasicLit, fileSrc []byte, base token.Pos) bool {
	if lit.Kind != token.STRING {
		return false
	}
	start, end := int(lit.Pos()-base), int(lit.End()-base)
	if start < 0 || end > len(fileSrc) || end-start < 2 {
		return false
	}
	text := string(fileSrc[start:end])
	want, err := strconv.Unquote(lit.Value)
	if err != nil {
		return false
	}
	mark := len(ls.Text)
	id := ls.newLiteral(span{lit.Pos(), lit.End()}, text[0] == '`')
	if text[0] == '`' {
		for i := 1; i < len(text)-1; i++ {
			if text[i] == '\r' {
				continue // the compiler drops it
			}
			p := lit.Pos() + token.Pos(i)
			ls.add(text[i], span{p, p + 1}, id)
		}
	} else {
		body := text[1 : len(text)-1]
		for i := 0; i < len(body); {
			p := lit.Pos() + token.Pos(1+i)
			if body[i] != '\\' {
				_, n := utf8.DecodeRuneInString(body[i:])
				for k := range n {
					ls.add(body[i+k], span{p + token.Pos(k), p + token.Pos(k) + 1}, id)
				}
				i += n
				continue
			}
			r, multibyte, tail, err := strconv.UnquoteChar(body[i:], '"')
			if err != nil {
				ls.truncate(mark)
				return false
			}
			n := len(body[i:]) - len(tail)
			s := span{p, p + token.Pos(n)}
			if !multibyte && r < utf8.RuneSelf || isByteEscape(body[i+1]) {
				ls.add(byte(r), s, id)
			} else {
				var buf [utf8.UTFMax]byte
				for _, b := range buf[:utf8.EncodeRune(buf[:], r)] {
					ls.add(b, s, id)
				}
			}
			i += n
		}
	}
	if string(ls.Text[mark:]) != want {
		ls.truncate(mark)
		return false
	}
	return true
}

// isByteEscape reports whether an escape starting with c (the byte after
// the backslash) denotes one byte: \xhh and octal \ooo.
func isByteEscape(c byte) bool { return c == 'x' || '0' <= c && c <= '7' }

func (ls *luaSource) truncate(n int) {
	ls.Text, ls.From, ls.Lit = ls.Text[:n], ls.From[:n], ls.Lit[:n]
}

// mapSpan returns the Go range of the Lua byte range [start, end) (see
// frontend.Script.MapSpan).
func (ls *luaSource) mapSpan(start, end int) span { return goSpan(ls.MapSpan(start, end)) }

// mapEdit returns the Go range an edit of Lua bytes [start, end) replaces,
// the literal it lies in, and false when the edit cannot be expressed in
// Go (see frontend.Script.MapEdit).
func (ls *luaSource) mapEdit(start, end int) (span, int32, bool) {
	sp, lit, ok := ls.MapEdit(start, end)
	return goSpan(sp), lit, ok
}

// encode returns text as it must be written inside literal lit to mean
// text, and false when it cannot be (a backquote or carriage return in a
// raw string).
func (ls *luaSource) encode(text string, lit int32) (string, bool) {
	if ls.format[lit-1] {
		text = strings.ReplaceAll(text, "%", "%%")
	}
	if ls.raw[lit-1] {
		for i := range len(text) {
			if text[i] == '`' || text[i] == '\r' {
				return "", false
			}
		}
		return text, true
	}
	q := strconv.Quote(text)
	return q[1 : len(q)-1], true
}

// formatVerb is a verb of a fmt format: flags, an argument index, a
// width and a precision (numbers or *), and the verb's letter.
var formatVerb = regexp.MustCompile(`^%[+\-# 0]*(\[\d+\])?(\d+|\*)?(\.(\[\d+\])?(\d+|\*)?)?(\[\d+\])?[a-zA-Z]`)

// formatted returns the script a fmt.Sprintf of the format ls makes: each
// verb of the format's literals stands as a placeholder, %% as a percent
// sign. It returns nil when ls holds a byte that is not from a literal
// (the format's text could not be followed to its syntax), or when the
// format holds a verb it cannot read.
func (ls *luaSource) formatted() *luaSource {
	out := &luaSource{}
	out.withLiterals(ls)
	out.format = make([]bool, len(ls.raw))
	for i := range out.format {
		out.format[i] = true
	}
	out.Whole = ls.Whole
	n := len(ls.Text)
	for i := 0; i < n; {
		if ls.Lit[i] == 0 {
			return nil
		}
		if ls.Text[i] != '%' {
			out.add(ls.Text[i], goSpan(ls.From[i]), ls.Lit[i])
			i++
			continue
		}
		if i+1 < n && ls.Text[i+1] == '%' && ls.Lit[i+1] == ls.Lit[i] {
			out.add('%', span{token.Pos(ls.From[i].Start), token.Pos(ls.From[i+1].End)}, ls.Lit[i])
			i += 2
			continue
		}
		j := i + 1
		for j < n && j-i < 40 && ls.Lit[j] == ls.Lit[i] {
			j++
		}
		m := formatVerb.Find(ls.Text[i:j])
		if m == nil {
			return nil // %!(NOVERB) and the like: not a template we read
		}
		host := frontend.Span{Start: ls.From[i].Start, End: ls.From[i+len(m)-1].End}
		start := len(out.Text)
		for k := range len(analyzer.PlaceholderName) {
			out.add(analyzer.PlaceholderName[k], goSpan(host), 0)
		}
		out.Placeholders = append(out.Placeholders, frontend.Placeholder{Lua: frontend.Span{Start: start, End: len(out.Text)}, Host: host, Text: string(m)})
		i += len(m)
	}
	return out
}
