package javascript

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/brackets"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/segvalue"
)

// part is one piece of a string expression's value: a literal, a
// run-time part (a placeholder), or text that is neither (a join
// separator, a numeric constant).
type part = segvalue.Part[*literal]

// value is a string expression: a literal, a concatenation chain, a
// constant's value, an array of lines joined.
type value = segvalue.Value[*literal]

// decl is a name bound to an expression in the file: `const X = expr`,
// `this.x = expr`, `key: expr` in an object, a function whose body returns
// expr (named "f()").
type decl struct {
	name  string
	value int // index of the value's first token
	// prop marks an object's property or a member assignment (x.name =):
	// only a member path (a.name) reads it.
	prop bool
	// block is the brace the name is declared in (-1: the file's top).
	block int
}

// parser reads string expressions from the tokens of a file.
type parser struct {
	src   []byte
	toks  []token
	decls map[string][]decl
	// resolving guards against a constant defined through itself.
	resolving map[int]bool
	// budget bounds the text the string expressions read copy into
	// values (see put), so that constants defined through each other
	// twice over take neither exponential memory nor time.
	budget *frontend.Budget
	// closing pairs the brackets (see matchAll), opening the other way.
	closing, opening []int
	// blocks[i] is the innermost brace holding token i (-1: none).
	blocks []int
}

func (p *parser) tok(i int) token {
	if i < 0 || i >= len(p.toks) {
		return token{}
	}
	return p.toks[i]
}

func (p *parser) is(i int, text string) bool {
	t := p.tok(i)
	return (t.kind == tPunct || t.kind == tIdent) && t.text == text
}

// match returns the index just after the bracket closing the one at i
// (the end of the tokens when it is not closed).
func (p *parser) match(i int) int {
	if p.closing == nil {
		p.matchAll()
	}
	if i < 0 || i >= len(p.closing) || p.closing[i] == 0 {
		return min(i+1, len(p.toks))
	}
	return p.closing[i]
}

// matchAll pairs the brackets of the file: closing[i] is the index after
// the bracket closing the one at i. A bracket left open closes at the end
// of the tokens; a closing bracket of another kind closes it too.
func (p *parser) matchAll() {
	ps := brackets.PairTokens(len(p.toks), func(j int) brackets.Kind {
		if p.toks[j].kind != tPunct {
			return brackets.Other
		}
		return brackets.KindOf(p.toks[j].text)
	})
	p.closing, p.opening, p.blocks = ps.Closing, ps.Opening, ps.Blocks
}

// identity methods change nothing a linter cares about in a script's text
// (indentation, surrounding space).
var identityMethods = map[string]bool{
	"trim": true, "trimStart": true, "trimEnd": true, "trimLeft": true, "trimRight": true,
	"replace": true, "replaceAll": true, "toString": true, "valueOf": true,
}

// operand returns the end of the operand (a primary with its postfixes)
// starting at token i.
func (p *parser) operand(i int) int {
	return min(p.operandEnd(i), len(p.toks))
}

func (p *parser) operandEnd(i int) int {
	for {
		t := p.tok(i)
		if t.kind == tIdent && (t.text == "await" || t.text == "typeof" || t.text == "void" || t.text == "new") ||
			t.kind == tPunct && (t.text == "!" || t.text == "-" || t.text == "+" || t.text == "~") {
			i++
			continue
		}
		break
	}
	t := p.tok(i)
	switch {
	case t.kind == 0:
		return i
	case t.kind == tPunct && (t.text == "(" || t.text == "[" || t.text == "{"):
		i = p.match(i)
	case t.kind == tPunct:
		return i
	default:
		i++
	}
	for i < len(p.toks) {
		t := p.toks[i]
		switch {
		case t.kind == tPunct && (t.text == "." || t.text == "?."):
			i++
			if p.tok(i).kind == tIdent {
				i++
			}
		case t.kind == tPunct && (t.text == "(" || t.text == "["):
			if t.text == "[" && t.nl {
				return i
			}
			i = p.match(i)
		case t.kind == tString && t.str.Form != '\'' && t.str.Form != '"' && !t.nl:
			i++ // a tagged template
		case t.kind == tPunct && t.text == "!" && !p.is(i+1, "="):
			i++ // TypeScript's non-null assertion
		case t.kind == tIdent && (t.text == "as" || t.text == "satisfies") && !t.nl:
			i += 2
			for p.is(i, "[") && p.is(i+1, "]") || p.is(i, ".") {
				i += 2
			}
			if p.is(i, "<") {
				for i < len(p.toks) && !p.is(i, ">") {
					i++
				}
				i++
			}
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
	if t.kind == 0 || t.nl {
		return true
	}
	if t.kind == tPunct {
		switch t.text {
		case ",", ";", ")", "]", "}", ":":
			return true
		}
	}
	return false
}

// chain reads the string expression starting at token i: operands joined
// by +. ok is false when it is not one (no literal in it, or an operator
// other than + at its top level). end is the index after it.
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
		if !p.is(i, "+") {
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
	single := len(v.Parts) == 0 // the operand may be the whole chain
	// A literal, maybe with identity methods after it.
	if lit, ok := p.literalOperand(i, e); ok {
		p.addLiteral(v, lit, i)
		return
	}
	// An array of lines joined.
	if p.is(i, "[") {
		if jv, ok := p.joined(i, e); ok {
			p.put(v, whole, jv.Parts...)
			v.Lits += jv.Lits
			if v.Runtime == "" {
				v.Runtime = jv.Runtime
			}
			return
		}
	}
	// A name (or member) bound in the file.
	if rv, ok := p.resolve(i, e); ok {
		if single && p.terminates(e) && !p.is(e, "+") {
			*v = rv
			return
		}
		p.put(v, whole, rv.Parts...)
		v.Lits += rv.Lits
		if v.Runtime == "" {
			v.Runtime = rv.Runtime
		}
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

// addLiteral appends the literal at token at to v. A placeholder that
// names a string constant of the file (${PREFIX}) is the constant's text.
func (p *parser) addLiteral(v *value, lit *literal, at int) {
	v.Lits++
	from := 0
	for k, s := range lit.Segs {
		if !s.PH {
			continue
		}
		if cv, ok := p.placeholderValue(s.Text, at); ok {
			if from < k {
				p.put(v, lit.Span, part{Lit: lit, Segs: lit.Segs[from:k]})
			}
			p.put(v, lit.Span, cv.Parts...)
			if v.Runtime == "" {
				v.Runtime = cv.Runtime
			}
			from = k + 1
			continue
		}
		if v.Runtime == "" {
			v.Runtime = "a template literal with ${...}"
		}
	}
	if from < len(lit.Segs) || from == 0 {
		p.put(v, lit.Span, part{Lit: lit, Segs: lit.Segs[from:]})
	}
}

// put appends parts to v, for the value at host range at, taking their
// text from the file's budget (see segvalue.Value.Put). Once the budget
// is spent, chain fails.
func (p *parser) put(v *value, at frontend.Span, parts ...part) {
	v.Put(p.budget, at, parts...)
}

// placeholderValue returns the value of the constant a template
// placeholder ${NAME} or ${obj.name} names, for a template at token at.
func (p *parser) placeholderValue(text string, at int) (value, bool) {
	inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(text, "${"), "}"))
	names := strings.Split(inner, ".")
	for _, n := range names {
		if n == "" || !isNameText(n) {
			return value{}, false
		}
	}
	return p.resolveName(names[len(names)-1], len(names) == 1, at)
}

func isNameText(s string) bool {
	for i := range len(s) {
		if !isIdentByte(s[i]) || i == 0 && isDigit(s[i]) {
			return false
		}
	}
	return true
}

// literalOperand returns the literal that tokens [i, e) are: a literal,
// String.raw`...`, with identity method calls after it.
func (p *parser) literalOperand(i, e int) (*literal, bool) {
	if p.is(i, "String") && p.is(i+1, ".") && p.is(i+2, "raw") {
		i += 3
	}
	t := p.tok(i)
	if t.kind != tString || !t.str.OK {
		return nil, false
	}
	for j := i + 1; j < e; {
		if p.is(j, "as") || p.is(j, "satisfies") {
			break // a TypeScript type assertion
		}
		if p.is(j, "!") {
			j++
			continue
		}
		if !p.is(j, ".") || !identityMethods[p.tok(j+1).text] || !p.is(j+2, "(") {
			return nil, false
		}
		j = p.match(j + 2)
	}
	return t.str, true
}

// joined reads [expr, expr, ...].join(sep) over tokens [i, e).
func (p *parser) joined(i, e int) (value, bool) {
	end := p.match(i)
	if !(p.is(end, ".") && p.is(end+1, "join") && p.is(end+2, "(")) {
		return value{}, false
	}
	sepEnd := p.match(end + 2)
	if sepEnd != e {
		return value{}, false
	}
	sep := part{Text: ",", From: p.toks[end+1].span}
	if sepEnd > end+4 {
		lit, ok := p.literalOperand(end+3, sepEnd-1)
		if !ok {
			return value{}, false
		}
		sep = part{Text: lit.Value(), From: lit.Span}
	}
	var v value
	j := i + 1
	for n := 0; j < end-1; n++ {
		ev, next, ok := p.chain(j)
		if !ok || !(p.is(next, ",") || next == end-1) {
			return value{}, false
		}
		if n > 0 {
			p.put(&v, ev.Span, sep)
		}
		p.put(&v, ev.Span, ev.Parts...)
		v.Lits += ev.Lits
		if v.Runtime == "" {
			v.Runtime = ev.Runtime
		}
		j = next
		if p.is(j, ",") {
			j++
		}
	}
	return v, v.Lits > 0
}

// resolve returns the value of a name or member path bound in the file
// (the last declaration before the use, else the first), or of a call to
// a function that returns a string expression.
func (p *parser) resolve(i, e int) (value, bool) {
	var name string
	switch {
	case e == i+1 && p.toks[i].kind == tIdent:
		name = p.toks[i].text
	case e-i >= 3 && p.toks[e-1].kind == tIdent && p.is(e-2, ".") && p.isPath(i, e):
		name = p.toks[e-1].text
	case e-i >= 3 && p.is(e-2, "(") && p.is(e-1, ")") && p.tok(e-3).kind == tIdent && p.isPath(i, e-2):
		name = p.toks[e-3].text + "()"
	default:
		return value{}, false
	}
	return p.resolveName(name, e == i+1, i)
}

// resolveName returns the value bound to name for a use at token i: a
// bare name's declaration in scope, or a member's.
func (p *parser) resolveName(name string, bare bool, i int) (value, bool) {
	var ds []decl
	for _, d := range p.decls[name] {
		if strings.HasSuffix(name, "()") || bare && !d.prop && p.encloses(d.block, i) && !p.shadowed(name, i, d.block) || !bare && d.prop {
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
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
	if bare {
		p.appends(&v, name, d.value, i)
	}
	return v, p.budget.Over == nil
}

// appends adds to v, the value a variable is assigned at token from, the
// texts appended to it (x += expr) before its use at token use, in a block
// that holds the use. An append that is not a string expression is a
// placeholder.
func (p *parser) appends(v *value, name string, from, use int) {
	for _, a := range p.decls[name+"+="] {
		if a.value <= from || a.value >= use || !p.encloses(a.block, use) {
			continue
		}
		if av, _, ok := p.chain(a.value); ok {
			p.put(v, av.Span, av.Parts...)
			v.Lits += av.Lits
			if v.Runtime == "" {
				v.Runtime = av.Runtime
			}
			continue
		}
		end := p.operand(a.value)
		if end == a.value {
			continue
		}
		sp := p.span(a.value, end)
		p.put(v, sp, part{Text: string(p.src[sp.Start:sp.End]), From: sp, PH: true})
		if v.Runtime == "" {
			v.Runtime = "concatenation with a value known at run time"
		}
	}
}

// isClassBody reports whether the brace at b opens a class body: class
// Name [extends Base] [implements I, J] {.
func (p *parser) isClassBody(b int) bool {
	for j := b - 1; j >= 0 && j >= b-12; j-- {
		t := p.toks[j]
		switch {
		case t.kind == tIdent && t.text == "class":
			return true
		case t.kind == tIdent, p.is(j, "."), p.is(j, ","), p.is(j, "<"), p.is(j, ">"):
		default:
			return false
		}
	}
	return false
}

// encloses reports whether the brace at b holds token i (b -1: the file).
func (p *parser) encloses(b, i int) bool {
	if b < 0 {
		return true
	}
	p.match(0)
	return b < i && i < p.closing[b]
}

// shadowed reports whether a parameter name of a function holding token
// i, inside the block b where the name is declared, hides the
// declaration.
func (p *parser) shadowed(name string, i, b int) bool {
	p.match(0)
	for blk := p.blocks[i]; blk >= 0 && blk != b; blk = p.blocks[blk] {
		if !p.is(blk-1, ")") && !(p.is(blk-1, "=>") && p.is(blk-2, ")")) {
			continue
		}
		end := blk - 1
		if p.is(end, "=>") {
			end--
		}
		for j := p.opening[end] + 1; j < end; j++ {
			if p.toks[j].kind == tIdent && p.toks[j].text == name && !p.is(j-1, ":") && !p.is(j-1, ".") {
				return true
			}
		}
	}
	return false
}

// isPath reports whether tokens [i, e) are names joined by dots.
func (p *parser) isPath(i, e int) bool {
	for j := i; j < e; j++ {
		if (j-i)%2 == 0 && p.toks[j].kind != tIdent || (j-i)%2 == 1 && !p.is(j, ".") && !p.is(j, "?.") {
			return false
		}
	}
	return (e-i)%2 == 1
}

// collectDecls finds the names bound in the file.
func (p *parser) collectDecls() {
	p.decls = map[string][]decl{}
	p.match(0)
	var nameAt int
	add := func(name string, at int) {
		if at < len(p.toks) {
			prop := p.is(nameAt-1, ".") || p.is(nameAt+1, ":") && (p.is(nameAt-1, "{") || p.is(nameAt-1, ",")) ||
				p.isClassBody(p.blocks[nameAt])
			p.decls[name] = append(p.decls[name], decl{name: name, value: at, prop: prop, block: p.blocks[nameAt]})
		}
	}
	for i, t := range p.toks {
		if t.kind != tIdent && t.kind != tString {
			continue
		}
		name := t.text
		nameAt = i
		if t.kind == tString {
			if !t.str.OK || !p.is(i+1, ":") {
				continue
			}
			name = t.str.Value()
		}
		switch {
		case p.is(i+1, "+=") && t.kind == tIdent && !p.is(i-1, "."):
			add(name+"+=", i+2)
		case p.is(i+1, "=") && t.kind == tIdent:
			add(name, i+2)
		case p.is(i+1, ":") && (p.is(i-1, "{") || p.is(i-1, ",")) && !p.is(i-2, "?"):
			add(name, i+2) // an object's property
		case p.is(i+1, ":") && t.kind == tIdent && (p.is(i-1, "const") || p.is(i-1, "let") || p.is(i-1, "var") || p.is(i-1, "readonly")):
			// A TypeScript type annotation: the value follows the =.
			for j := i + 2; j < len(p.toks) && !p.toks[j].nl || j == i+2; j++ {
				if p.is(j, "=") {
					add(name, j+1)
					break
				}
				if p.is(j, ";") {
					break
				}
			}
		case p.is(i+1, "(") && t.kind == tIdent:
			// A function whose body starts with return expr.
			j := p.match(i + 1)
			if p.is(j, ":") {
				for j < len(p.toks) && !p.is(j, "{") && !p.is(j, ";") {
					j++
				}
			}
			if p.is(j, "{") && p.is(j+1, "return") {
				add(name+"()", j+2)
			}
		}
	}
}
