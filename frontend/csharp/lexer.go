package csharp

import "github.com/redis-lua-lint/redis-lua-lint/frontend/internal/clike"

// puncts are the operators of two or three characters, longest first; `<`
// and `>` stay single, for type arguments.
var puncts = []string{
	"??=", "=>", "==", "!=", "<=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
	"&&", "||", "??", "?.", "::", "++", "--", "->", "..",
}

// lexer turns a C# file into tokens.
type lexer struct {
	src  []byte
	toks []clike.Token
	nl   bool
	bol  bool // only white space since the start of the line
}

// lex returns the tokens of src, ending with an EOF token. It never
// fails: a literal it cannot decode has a nil Lit.
func lex(src []byte) []clike.Token {
	lx := &lexer{src: src, bol: true, toks: make([]clike.Token, 0, len(src)/6+1)}
	lx.run()
	return lx.toks
}

func (lx *lexer) emit(kind clike.Kind, start, end int, lit *clike.Lit) {
	lx.toks = append(lx.toks, clike.Token{Kind: kind, Span: clike.Span{Start: start, End: end}, Text: string(lx.src[start:end]), Lit: lit, NL: lx.nl})
	lx.nl, lx.bol = false, false
}

func (lx *lexer) run() {
	src := lx.src
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			lx.nl, lx.bol = true, true
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '#' && lx.bol:
			for i < len(src) && src[i] != '\n' {
				i++ // a preprocessor directive
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := i + 2
			for j+1 < len(src) && !(src[j] == '*' && src[j+1] == '/') {
				if src[j] == '\n' {
					lx.nl = true
				}
				j++
			}
			i = min(j+2, len(src))
		case stringStart(src, i):
			lit, end := lexString(src, i)
			lx.emit(clike.Str, i, end, lit)
			i = end
		case c == '\'':
			end := clike.CharEnd(src, i)
			lx.emit(clike.Char, i, end, nil)
			i = end
		case clike.NumberStart(src, i):
			end := clike.NumberEnd(src, i)
			lx.emit(clike.Number, i, end, nil)
			i = end
		case c == '@' && i+1 < len(src) && clike.IdentStart(src[i+1:]) || clike.IdentStart(src[i:]):
			start := i
			if c == '@' {
				i++ // a verbatim identifier
			}
			end := clike.IdentEnd(src, i, false)
			lx.toks = append(lx.toks, clike.Token{Kind: clike.Ident, Span: clike.Span{Start: start, End: end}, Text: string(src[i:end]), NL: lx.nl})
			lx.nl, lx.bol = false, false
			i = end
		default:
			n := clike.PunctLen(src, i, puncts)
			lx.emit(clike.Punct, i, i+n, nil)
			i += n
		}
	}
	lx.emit(clike.EOF, len(src), len(src), nil)
}

// stringStart reports whether a string literal opens at i: ", @", $",
// $@", @$", $$""" and so on.
func stringStart(src []byte, i int) bool {
	j := i
	for j < len(src) && (src[j] == '$' || src[j] == '@') {
		j++
	}
	return j < len(src) && src[j] == '"'
}
