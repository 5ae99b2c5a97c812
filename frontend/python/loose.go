package python

import (
	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// loose records the other string expressions whose text calls Redis and
// reads as Lua (rule 5): the first argument of a call (`Wrapper("...")`),
// a keyword argument (`Wrapper(lua="...")`), an element of a list, a dict
// value and a returned value.
func (f *finder) loose() {
	lits := map[int]bool{}
	for _, s := range f.order {
		for _, l := range s.Literals {
			lits[l.Span.Start] = true
		}
	}
	for i := 1; i < len(f.toks); i++ {
		t := f.toks[i]
		if t.kind != tokString || lits[t.str.span.Start] || !f.looseContext(i) {
			continue
		}
		v, ok := f.eval(i, f.statementEnd(i), 0)
		if !ok || !frontend.CallsRedis(v.Text()) {
			continue
		}
		if _, ok := f.scripts[frontend.Span(v.Whole)]; ok || coveredBy(v, lits) {
			continue
		}
		if _, err := luaast.Parse("", build(v).Text); err != nil {
			continue
		}
		for _, l := range v.Lits {
			lits[l.lit.span.Start] = true
		}
		f.record(v, "")
	}
}

// coveredBy says a literal of v is one of lits.
func coveredBy(v value, lits map[int]bool) bool {
	for _, l := range v.Lits {
		if lits[l.lit.span.Start] {
			return true
		}
	}
	return false
}

// looseContext says the literal at token i starts an argument, element or
// value of its own.
func (f *finder) looseContext(i int) bool {
	prev := f.toks[i-1]
	switch {
	case prev.kind == tokName:
		return prev.text == "return"
	case f.is(i-1, "("):
		return f.callParen(i - 1)
	case f.is(i-1, "="):
		open := f.enclosing(i - 1)
		return open >= 0 && f.is(open, "(") && f.callParen(open) && i >= 2 && f.toks[i-2].kind == tokName
	case f.is(i-1, "["), f.is(i-1, ","):
		open := f.enclosing(i)
		return open >= 0 && f.is(open, "[") && !f.indexBracket(open)
	case f.is(i-1, ":"):
		open := f.enclosing(i)
		return open >= 0 && f.is(open, "{")
	}
	return false
}

// callParen says the parenthesis at token open is a call's: it follows a
// name (not a keyword) or a closing bracket.
func (f *finder) callParen(open int) bool {
	if open == 0 {
		return false
	}
	p := f.toks[open-1]
	return p.kind == tokName && !pyKeywords[p.text] || f.is(open-1, ")") || f.is(open-1, "]")
}

// indexBracket says the bracket at token open indexes (`a[0]`) rather
// than opens a list.
func (f *finder) indexBracket(open int) bool {
	if open == 0 {
		return false
	}
	p := f.toks[open-1]
	return p.kind == tokName && !pyKeywords[p.text] || p.kind == tokString || f.is(open-1, ")") || f.is(open-1, "]")
}

// pyKeywords are the keywords after which a bracket starts an expression.
var pyKeywords = map[string]bool{"return": true, "in": true, "and": true, "or": true, "not": true, "if": true, "else": true, "yield": true, "await": true, "lambda": true, "is": true, "for": true, "while": true, "elif": true, "assert": true}

// enclosing returns the bracket enclosing token i, -1 when none.
func (f *finder) enclosing(i int) int {
	if f.encl == nil {
		f.encl = f.pairs.Enclosing()
	}
	return f.encl[i]
}

// build assembles the script text of v (placeholders as their stand-in).
func build(v value) *frontend.Script {
	return v.Script(func(l litRef) (frontend.Span, func(string) (string, bool)) { return l.lit.span, nil })
}
