package php

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/brackets"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/segvalue"
)

// part is one piece of a string expression's value: a literal, a
// run-time part (a placeholder), or text that is neither (a numeric
// constant).
type part = segvalue.Part[*literal]

// value is a string expression: a literal, a . chain, a constant's,
// variable's or method's value.
type value = segvalue.Value[*literal]

// decl is a name bound to an expression in the file: "$x" for a variable
// or property, "X" for a constant, "f()" for a function or method whose
// body starts with return expr.
type decl struct {
	value int // index of the value's first token
	// fn is the function body the declaration is in (-1: none), for a
	// variable, which only its own function sees.
	fn int
}

// parser reads string expressions from the tokens of a file.
type parser struct {
	src       []byte
	toks      []token
	decls     map[string][]decl
	resolving map[int]bool
	// budget bounds the text the string expressions read copy into
	// values (see put), so that variables defined through each other
	// twice over take neither exponential memory nor time.
	budget *frontend.Budget
	// closing pairs the brackets, opening the other way; blocks[i] is the
	// innermost brace holding token i (-1: none).
	closing, opening, blocks []int
}

func (p *parser) tok(i int) token {
	if i < 0 || i >= len(p.toks) {
		return token{}
	}
	return p.toks[i]
}

// is reports whether token i is the punctuation or name text (names case
// blind, as PHP's keywords and functions are).
func (p *parser) is(i int, text string) bool {
	t := p.tok(i)
	switch t.kind {
	case tPunct:
		return t.text == text
	case tIdent:
		return strings.EqualFold(t.text, text)
	}
	return false
}

// match returns the index just after the bracket closing the one at i.
func (p *parser) match(i int) int {
	if p.closing == nil {
		p.pair()
	}
	if i < 0 || i >= len(p.closing) || p.closing[i] == 0 {
		return min(i+1, len(p.toks))
	}
	return p.closing[i]
}

// pair pairs the brackets of the file and finds each token's block.
func (p *parser) pair() {
	ps := brackets.PairTokens(len(p.toks), func(j int) brackets.Kind {
		switch t := p.toks[j]; {
		case t.kind != tPunct:
			return brackets.Other
		case t.text == "#[":
			return brackets.Open // an attribute
		default:
			return brackets.KindOf(t.text)
		}
	})
	p.closing, p.opening, p.blocks = ps.Closing, ps.Opening, ps.Blocks
}

// funcOf returns the function body holding token i (-1: none).
func (p *parser) funcOf(i int) int {
	p.match(0)
	if i < 0 || i >= len(p.blocks) {
		return -1
	}
	for b := p.blocks[i]; b >= 0; b = p.blocks[b] {
		if p.isFuncBody(b) {
			return b
		}
	}
	return -1
}

// isFuncBody reports whether the brace at b opens a function's body:
// function name(...) [use (...)] [: type] {.
func (p *parser) isFuncBody(b int) bool {
	j := b - 1
	for j >= 0 && !p.is(j, ")") && (p.toks[j].kind == tIdent || p.is(j, "?") || p.is(j, "|") || p.is(j, ":")) {
		j-- // a return type
	}
	if !p.is(j, ")") {
		return false
	}
	j = p.opening[j] - 1
	if p.is(j, "use") && p.is(j-1, ")") {
		j = p.opening[j-1] - 1
	}
	if p.tok(j).kind == tIdent && !p.is(j, "function") {
		j--
	}
	if p.is(j, "&") {
		j--
	}
	return p.is(j, "function")
}

func (p *parser) isOpen(i int) bool {
	return p.is(i, "(") || p.is(i, "[") || p.is(i, "{")
}

// operand returns the end of the operand (a primary with its postfixes)
// starting at token i.
func (p *parser) operand(i int) int {
	for {
		t := p.tok(i)
		if t.kind == tPunct && (t.text == "!" || t.text == "-" || t.text == "+" || t.text == "@" || t.text == "~" || t.text == "&") ||
			t.kind == tIdent && (p.is(i, "new") || p.is(i, "clone")) {
			i++
			continue
		}
		if p.is(i, "(") && p.tok(i+1).kind == tIdent && p.is(i+2, ")") && p.tok(i+3).kind != 0 && !p.is(i+3, ".") && !p.is(i+3, ";") {
			i += 3 // a cast
			continue
		}
		break
	}
	t := p.tok(i)
	switch {
	case t.kind == 0:
		return i
	case p.isOpen(i):
		i = p.match(i)
	case t.kind == tPunct:
		return i
	default:
		i++
	}
	for i < len(p.toks) {
		switch {
		case p.is(i, "->") || p.is(i, "?->") || p.is(i, "::"):
			i++
			if k := p.tok(i).kind; k == tIdent || k == tVar {
				i++
			} else if p.is(i, "{") {
				i = p.match(i)
			}
		case p.is(i, "(") || p.is(i, "["):
			i = p.match(i)
		default:
			return i
		}
	}
	return i
}

// terminates reports whether the token at i may follow a whole
// expression.
func (p *parser) terminates(i int) bool {
	t := p.tok(i)
	if t.kind == 0 {
		return true
	}
	if t.kind == tPunct {
		switch t.text {
		case ",", ";", ")", "]", "}", "=>", "?>":
			return true
		}
	}
	return false
}

// chain reads the string expression starting at token i: operands joined
// by the . operator. ok is false when it is not one.
func (p *parser) chain(i int) (v value, end int, ok bool) {
	if p.budget.Over != nil {
		return value{}, i, false
	}
	start := i
	for {
		e := p.operand(i)
		if e == i {
			return value{}, i, false
		}
		p.operandValue(&v, i, e)
		if p.budget.Over != nil {
			return value{}, i, false
		}
		i = e
		if !p.is(i, ".") {
			break
		}
		i++
	}
	if !p.terminates(i) || v.Lits == 0 {
		return value{}, i, false
	}
	if v.Span == (frontend.Span{}) {
		v.Span = frontend.Span{Start: p.toks[start].span.Start, End: p.toks[i-1].span.End}
	}
	return v, i, true
}

// operandValue appends the value of the operand tokens [i, e) to v.
func (p *parser) operandValue(v *value, i, e int) {
	whole := frontend.Span{Start: p.toks[i].span.Start, End: p.toks[e-1].span.End}
	single := len(v.Parts) == 0
	if p.is(i, "(") && p.match(i) == e {
		if iv, end, ok := p.chain(i + 1); ok && end == e-1 {
			p.merge(v, iv, whole)
			return
		}
	}
	if t := p.tok(i); e == i+1 && t.kind == tString && t.str.OK {
		p.addLiteral(v, t.str, i)
		return
	}
	if rv, ok := p.resolve(i, e); ok {
		if single && !p.is(e, ".") && p.terminates(e) {
			*v = rv
			return
		}
		p.merge(v, rv, whole)
		return
	}
	if e == i+1 && p.toks[i].kind == tNumber {
		p.put(v, whole, part{Text: p.toks[i].text, From: whole})
		return
	}
	p.put(v, whole, part{Text: string(p.src[whole.Start:whole.End]), From: whole, PH: true})
	if v.Runtime == "" {
		v.Runtime = "concatenation with a value known at run time"
	}
}

// addLiteral appends the literal at token at to v. An interpolation of a
// variable, property or constant-valued name the file binds to a string
// ($prefix, {$prefix}, ${prefix}, {$this->prefix}) is that string.
func (p *parser) addLiteral(v *value, lit *literal, at int) {
	v.Lits++
	from := 0
	for k, s := range lit.Segs {
		if !s.PH {
			continue
		}
		if cv, ok := p.interpolated(s.Text, at); ok {
			if from < k {
				p.put(v, lit.Span, part{Lit: lit, Segs: lit.Segs[from:k]})
			}
			p.merge(v, cv, lit.Span)
			from = k + 1
			continue
		}
		if v.Runtime == "" {
			v.Runtime = "interpolation of a variable"
		}
	}
	if from < len(lit.Segs) || from == 0 {
		p.put(v, lit.Span, part{Lit: lit, Segs: lit.Segs[from:]})
	}
}

// interpolated returns the value of the name an interpolation names, for
// a literal at token at.
func (p *parser) interpolated(text string, at int) (value, bool) {
	inner := text
	switch {
	case strings.HasPrefix(inner, "{$") && strings.HasSuffix(inner, "}"):
		inner = inner[1 : len(inner)-1]
	case strings.HasPrefix(inner, "${") && strings.HasSuffix(inner, "}"):
		inner = "$" + inner[2:len(inner)-1]
	}
	var name string
	switch {
	case strings.HasPrefix(inner, "$this->") && isNameText(inner[len("$this->"):]):
		name = "->" + inner[len("$this->"):]
	case strings.HasPrefix(inner, "$") && isNameText(inner[1:]):
		name = inner
	default:
		return value{}, false
	}
	return p.resolveName(name, at)
}

// put appends parts to v, for the value at host range at, taking their
// text from the file's budget (see segvalue.Value.Put). Once the budget
// is spent, chain fails.
func (p *parser) put(v *value, at frontend.Span, parts ...part) {
	v.Put(p.budget, at, parts...)
}

func isNameText(s string) bool {
	for i := range len(s) {
		if !isNameByte(s[i]) || i == 0 && isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// merge appends the value o, at host range at, to v.
func (p *parser) merge(v *value, o value, at frontend.Span) {
	p.put(v, at, o.Parts...)
	v.Lits += o.Lits
	if v.Runtime == "" {
		v.Runtime = o.Runtime
	}
}

// nameOf returns the declaration name that tokens [i, e) refer to: "$x"
// for $x, $this->x, self::$x; "X" for X, self::X, Foo::X; "f()" for f(),
// $this->f(), self::f(), Foo::f() (without arguments).
func (p *parser) nameOf(i, e int) string {
	last := p.tok(e - 1)
	switch {
	case e == i+1 && last.kind == tVar:
		return last.text
	case e == i+1 && last.kind == tIdent:
		return last.text
	case e-i == 3 && (p.is(i+1, "->") || p.is(i+1, "?->")) && p.tok(i).text == "$this" && last.kind == tIdent:
		return "->" + last.text
	case e-i == 3 && p.is(i+1, "::") && p.tok(i).kind == tIdent && last.kind == tVar:
		return "->" + last.text[1:]
	case e-i == 3 && p.is(i+1, "::") && p.tok(i).kind == tIdent && last.kind == tIdent:
		return last.text
	case p.is(e-2, "(") && p.is(e-1, ")"):
		fn := p.tok(e - 3)
		if fn.kind != tIdent {
			return ""
		}
		switch {
		case e-i == 3:
			return fn.text + "()"
		case e-i == 5 && (p.is(i+1, "->") && p.tok(i).text == "$this" || p.is(i+1, "::") && p.tok(i).kind == tIdent):
			return fn.text + "()"
		}
	}
	return ""
}

// resolve returns the value bound to the name tokens [i, e) refer to
// (the last declaration before the use, else the first).
func (p *parser) resolve(i, e int) (value, bool) {
	return p.resolveName(p.nameOf(i, e), i)
}

// resolveName returns the value bound to name (see nameOf) for a use at
// token i.
func (p *parser) resolveName(name string, i int) (value, bool) {
	var ds []decl
	for _, d := range p.decls[name] {
		if !strings.HasPrefix(name, "$") || d.fn == p.funcOf(i) {
			ds = append(ds, d) // a variable: only in its own function
		}
	}
	if name == "" || len(ds) == 0 {
		return value{}, false
	}
	d := ds[0]
	for _, c := range ds {
		if c.value < i {
			d = c
		}
	}
	if p.resolving[d.value] {
		return value{}, false
	}
	p.resolving[d.value] = true
	defer delete(p.resolving, d.value)
	v, _, ok := p.chain(d.value)
	if !ok {
		return value{}, false
	}
	if v.Name == "" {
		v.Name = strings.TrimSuffix(name, "()")
	}
	if strings.HasPrefix(name, "$") {
		p.appends(&v, name, d.value, i, p.funcOf(i))
	}
	return v, p.budget.Over == nil
}

// appends adds to v, the value a variable is assigned at token from, the
// texts appended to it ($x .= expr) before its use at token use, in the
// function fn and in a block that holds the use. An append that is not a
// string expression is a placeholder.
func (p *parser) appends(v *value, name string, from, use, fn int) {
	for _, a := range p.decls[name+".="] {
		if a.value <= from || a.value >= use || a.fn != fn || !p.encloses(p.blocks[a.value], use) {
			continue
		}
		if av, _, ok := p.chain(a.value); ok {
			p.merge(v, av, av.Span)
			continue
		}
		end := a.value
		for end < len(p.toks) && !p.is(end, ";") {
			end++
		}
		if end == a.value {
			continue
		}
		sp := frontend.Span{Start: p.toks[a.value].span.Start, End: p.toks[end-1].span.End}
		p.put(v, sp, part{Text: string(p.src[sp.Start:sp.End]), From: sp, PH: true})
		if v.Runtime == "" {
			v.Runtime = "concatenation with a value known at run time"
		}
	}
}

// encloses reports whether the brace at b holds token i (b -1: the file).
func (p *parser) encloses(b, i int) bool {
	return b < 0 || b < i && i < p.match(b)
}

// collectDecls finds the names bound in the file.
func (p *parser) collectDecls() {
	p.decls = map[string][]decl{}
	add := func(name string, at, fn int) {
		if at < len(p.toks) {
			p.decls[name] = append(p.decls[name], decl{value: at, fn: fn})
		}
	}
	for i, t := range p.toks {
		switch {
		case t.kind == tVar && p.is(i+1, ".="):
			add(t.text+".=", i+2, p.funcOf(i))
		case t.kind == tVar && p.is(i+1, "="):
			fn := p.funcOf(i)
			add(t.text, i+2, fn) // $x = ..., static $x = ...
			if fn < 0 {
				add("->"+t.text[1:], i+2, fn) // private $x = ..., a property
			}
		case t.kind == tIdent && p.is(i+1, "=") && p.is(i-1, "->") && p.tok(i-2).text == "$this":
			add("->"+t.text, i+2, -1)
		case t.kind == tIdent && p.is(i+1, "=") && (p.is(i-1, "const") || p.tok(i-1).kind == tIdent && p.is(i-2, "const")):
			add(t.text, i+2, -1)
		case p.is(i, "define") && p.is(i+1, "(") && p.tok(i+2).kind == tString && p.is(i+3, ","):
			add(p.toks[i+2].str.Value(), i+4, -1)
		case p.is(i, "function") && p.tok(i+1).kind == tIdent && p.is(i+2, "("):
			j := p.match(i + 2)
			if p.is(j, ":") {
				for j < len(p.toks) && !p.is(j, "{") && !p.is(j, ";") {
					j++
				}
			}
			if p.is(j, "{") && p.is(j+1, "return") {
				add(p.toks[i+1].text+"()", j+2, -1)
			}
		}
	}
}
