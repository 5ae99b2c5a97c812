package jvm

import (
	"unicode"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/clike"
)

// puncts are the operators of two or three characters, longest first; `<`
// and `>` stay single, for type arguments.
var puncts = []string{
	"...", "==", "!=", "<=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
	"&&", "||", "++", "--", "->", "::", "?.", "!!", "?:", "..",
}

// lexer turns a Java or Kotlin file into tokens.
type lexer struct {
	src    []byte
	kotlin bool
	toks   []clike.Token
	nl     bool
}

// lex returns the tokens of src, ending with an EOF token. It never
// fails: a literal it cannot decode has a nil Lit.
func lex(src []byte, kotlin bool) []clike.Token {
	lx := &lexer{src: src, kotlin: kotlin, toks: make([]clike.Token, 0, len(src)/6+1)}
	lx.run()
	return lx.toks
}

func (lx *lexer) emit(kind clike.Kind, start, end int, lit *clike.Lit) {
	lx.toks = append(lx.toks, clike.Token{Kind: kind, Span: clike.Span{Start: start, End: end}, Text: string(lx.src[start:end]), Lit: lit, NL: lx.nl})
	lx.nl = false
}

func (lx *lexer) run() {
	src := lx.src
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			lx.nl = true
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i = lx.blockComment(i)
		case c == '"':
			var lit *clike.Lit
			var end int
			switch {
			case lx.kotlin:
				lit, end = lexKotlinString(src, i)
			case i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"':
				lit, end = lexTextBlock(src, i)
			default:
				lit, end = lexJavaString(src, i)
			}
			lx.emit(clike.Str, i, end, lit)
			i = end
		case c == '\'':
			end := clike.CharEnd(src, i)
			lx.emit(clike.Char, i, end, nil)
			i = end
		case c == '`' && lx.kotlin:
			end := i + 1
			for end < len(src) && src[end] != '`' && src[end] != '\n' {
				end++
			}
			if end < len(src) && src[end] == '`' {
				end++
			}
			lx.emit(clike.Ident, i, end, nil)
			i = end
		case clike.NumberStart(src, i):
			end := clike.NumberEnd(src, i)
			lx.emit(clike.Number, i, end, nil)
			i = end
		case lx.isIdentStart(i):
			end := clike.IdentEnd(src, i, !lx.kotlin)
			lx.emit(clike.Ident, i, end, nil)
			i = end
		default:
			n := clike.PunctLen(src, i, puncts)
			lx.emit(clike.Punct, i, i+n, nil)
			i += n
		}
	}
	lx.emit(clike.EOF, len(src), len(src), nil)
}

// blockComment returns the offset after the comment opening at i; Kotlin
// comments nest.
func (lx *lexer) blockComment(i int) int {
	src := lx.src
	depth := 0
	for j := i; j+1 < len(src); {
		switch {
		case src[j] == '/' && src[j+1] == '*':
			depth++
			j += 2
		case src[j] == '*' && src[j+1] == '/':
			depth--
			j += 2
			if depth == 0 || !lx.kotlin {
				return j
			}
		default:
			if src[j] == '\n' {
				lx.nl = true
			}
			j++
		}
	}
	return len(src)
}

func (lx *lexer) isIdentStart(i int) bool {
	r, _ := utf8.DecodeRune(lx.src[i:])
	return r == '_' || r == '$' && !lx.kotlin || unicode.IsLetter(r)
}
