package goembed

import (
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// span is a half-open range of Go positions.
type span struct{ pos, end token.Pos }

// luaSource is a Lua script recovered from Go code: its text and, for each
// byte, the range of Go source that produced it (the byte itself in a raw
// string, the whole escape sequence in an interpreted one, or the whole
// expression when the text comes from a constant whose syntax is not at
// hand). lit[i] names the literal byte i came from (0: none), so that a
// fix is only offered when every edit stays inside one literal.
type luaSource struct {
	text []byte
	from []span
	lit  []int32
	// raw[k] says whether literal k (1-based) is a raw string.
	raw []bool
	// format[k] says whether literal k (1-based) is the format of a
	// fmt.Sprintf, where a percent sign is written %%.
	format []bool
	// placeholders are the verbs of a fmt.Sprintf format, each standing as
	// analyzer.PlaceholderName in text, sorted by position.
	placeholders []placeholder
	// whole is the Go expression the script came from, for findings on
	// an empty script.
	whole span
}

// placeholder is a run-time part of a script: the verb of a format.
type placeholder struct {
	// start and end are the range of the stand-in in the script's text.
	start, end int
	// host is the Go range of the verb, text its Go text.
	host span
	text string
}

// add appends b produced by Go source s in literal lit (0: none).
func (ls *luaSource) add(b byte, s span, lit int32) {
	ls.text = append(ls.text, b)
	ls.from = append(ls.from, s)
	ls.lit = append(ls.lit, lit)
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
	mark := len(ls.text)
	ls.raw = append(ls.raw, text[0] == '`')
	ls.format = append(ls.format, false)
	id := int32(len(ls.raw))
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
	if string(ls.text[mark:]) != want {
		ls.truncate(mark)
		return false
	}
	return true
}

// isByteEscape reports whether an escape starting with c (the byte after
// the backslash) denotes one byte: \xhh and octal \ooo.
func isByteEscape(c byte) bool { return c == 'x' || '0' <= c && c <= '7' }

func (ls *luaSource) truncate(n int) {
	ls.text, ls.from, ls.lit = ls.text[:n], ls.from[:n], ls.lit[:n]
}

// mapSpan returns the Go range of the Lua byte range [start, end).
func (ls *luaSource) mapSpan(start, end int) span {
	n := len(ls.text)
	if n == 0 {
		return span{ls.whole.pos, ls.whole.pos}
	}
	if start >= n {
		// A point at the end of the script: just after its last byte.
		last := ls.from[n-1]
		return span{last.end, last.end}
	}
	start = max(start, 0)
	s := ls.from[start]
	if end <= start {
		return span{s.pos, s.pos}
	}
	e := ls.from[min(end, n)-1]
	if e.end < s.pos {
		// The bytes come from two places out of order (a constant declared
		// after its use): point at the start.
		return span{s.pos, s.pos}
	}
	return span{s.pos, e.end}
}

// mapEdit returns the Go range an edit of Lua bytes [start, end) replaces,
// the literal it lies in, and false when the edit cannot be expressed in
// Go: it crosses literals, touches text not from a literal, or cuts an
// escape sequence in two.
func (ls *luaSource) mapEdit(start, end int) (span, int32, bool) {
	n := len(ls.text)
	if start < 0 || end < start || end > n || n == 0 {
		return span{}, 0, false
	}
	var lit int32
	switch {
	case start < n:
		lit = ls.lit[start]
	default:
		lit = ls.lit[n-1]
	}
	if lit == 0 {
		return span{}, 0, false
	}
	for i := start; i < end; i++ {
		if ls.lit[i] != lit {
			return span{}, 0, false
		}
	}
	// Boundaries must fall between escape sequences.
	boundary := func(i int) bool {
		if i == 0 || i == n {
			return true
		}
		return ls.from[i] != ls.from[i-1]
	}
	if !boundary(start) || !boundary(end) {
		return span{}, 0, false
	}
	var s span
	switch {
	case start < n && ls.lit[start] == lit:
		s.pos = ls.from[start].pos
	case start > 0 && ls.lit[start-1] == lit:
		s.pos = ls.from[start-1].end
	default:
		return span{}, 0, false
	}
	if end > start {
		s.end = ls.from[end-1].end
	} else {
		s.end = s.pos
	}
	if start < n && start == end && start > 0 && ls.lit[start-1] != lit {
		// An insertion at the first byte of a literal: fine as is.
		s.end = s.pos
	}
	return s, lit, true
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
	out := &luaSource{raw: ls.raw, format: make([]bool, len(ls.raw)), whole: ls.whole}
	for i := range out.format {
		out.format[i] = true
	}
	n := len(ls.text)
	for i := 0; i < n; {
		if ls.lit[i] == 0 {
			return nil
		}
		if ls.text[i] != '%' {
			out.add(ls.text[i], ls.from[i], ls.lit[i])
			i++
			continue
		}
		if i+1 < n && ls.text[i+1] == '%' && ls.lit[i+1] == ls.lit[i] {
			out.add('%', span{ls.from[i].pos, ls.from[i+1].end}, ls.lit[i])
			i += 2
			continue
		}
		j := i + 1
		for j < n && j-i < 40 && ls.lit[j] == ls.lit[i] {
			j++
		}
		m := formatVerb.Find(ls.text[i:j])
		if m == nil {
			return nil // %!(NOVERB) and the like: not a template we read
		}
		host := span{ls.from[i].pos, ls.from[i+len(m)-1].end}
		start := len(out.text)
		for k := range len(analyzer.PlaceholderName) {
			out.add(analyzer.PlaceholderName[k], host, 0)
		}
		out.placeholders = append(out.placeholders, placeholder{start: start, end: len(out.text), host: host, text: string(m)})
		i += len(m)
	}
	return out
}

// lintPlaceholders returns the placeholders of ls as the engine takes
// them.
func (ls *luaSource) lintPlaceholders() []lint.Placeholder {
	if len(ls.placeholders) == 0 {
		return nil
	}
	out := make([]lint.Placeholder, len(ls.placeholders))
	for i, p := range ls.placeholders {
		out[i] = lint.Placeholder{Span: luaast.Span{Start: luaast.Pos(p.start), End: luaast.Pos(p.end)}, Text: p.text}
	}
	return out
}

// withStandIn returns a copy of ls whose placeholders stand as text
// instead of analyzer.PlaceholderName (a verb where a statement stands
// parses as a call), or nil when ls has none.
func (ls *luaSource) withStandIn(text string) *luaSource {
	if len(ls.placeholders) == 0 {
		return nil
	}
	out := &luaSource{raw: ls.raw, format: ls.format, whole: ls.whole}
	prev := 0
	for _, p := range ls.placeholders {
		for i := prev; i < p.start; i++ {
			out.add(ls.text[i], ls.from[i], ls.lit[i])
		}
		start := len(out.text)
		for k := range len(text) {
			out.add(text[k], p.host, 0)
		}
		q := p
		q.start, q.end = start, len(out.text)
		out.placeholders = append(out.placeholders, q)
		prev = p.end
	}
	for i := prev; i < len(ls.text); i++ {
		out.add(ls.text[i], ls.from[i], ls.lit[i])
	}
	return out
}

// parses reports whether the text of ls reads as Lua, its placeholders
// standing as names or, failing that, as calls: what tells a script held
// by a variable from a string that mentions redis.call in prose.
func (ls *luaSource) parses() bool {
	if _, err := luaast.Parse("", ls.text); err == nil {
		return true
	}
	alt := ls.withStandIn(analyzer.PlaceholderName + "()")
	if alt == nil {
		return false
	}
	_, err := luaast.Parse("", alt.text)
	return err == nil
}
