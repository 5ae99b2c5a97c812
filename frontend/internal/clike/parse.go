package clike

import (
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// Config is what a host language adds to the shared machinery.
type Config struct {
	// NewlineEndsChain says a `+` opening a line does not continue the
	// expression before it (Kotlin, where a line break ends a statement).
	NewlineEndsChain bool
	// ArrowBindings says `Name => value` binds Name (C# expression-bodied
	// members).
	ArrowBindings bool
	// Primary parses a string-valued primary the language spells with a
	// call (String.format(...), String.join(...)) at token i; ok is false
	// when there is none there.
	Primary func(p *Parser, i int) (v Value, end int, ok bool)
	// Postfix applies the method call on the string value v whose `.`
	// is token i (.trimIndent(), .formatted(...)); ok is false when the
	// call is not one that keeps a string value.
	Postfix func(p *Parser, v Value, i int) (w Value, end int, ok bool)
	// ArraySpread says a varargs list call given one array of references
	// takes its elements (Java's Arrays.asList(keys) with a String[] keys;
	// Kotlin spreads only with *keys).
	ArraySpread bool
	// APIs are the scripting calls of the language's clients.
	APIs []API
}

// binding is one `name = value` of the file.
type binding struct {
	name  string
	at    int // token index of the name
	val   int // token index of the value's start
	end   int // token index after the value
	state uint8
	value Value
	ok    bool // the value is a string value
	// obj is the script a script object holds (a Spring RedisScript, a
	// LuaScript) when the value creates one.
	obj *Call
	// used says the value is taken by a call or another value.
	used bool
}

// Parser reads the tokens of one host file.
type Parser struct {
	Src   []byte
	Toks  []Token
	cfg   *Config
	binds map[string][]*binding
	dirty map[string]bool
	depth int
	// closers[i] is the token after the bracket closing the one at token
	// i (0: token i opens none).
	closers []int
	// openers[i] is the token opening the bracket token i closes (0:
	// token i closes none; the file's first token opens nothing).
	openers []int
	// budget is what is left of the units (pieces and literals) the
	// parser may still copy from one value into another in this file:
	// constants defined through each other twice over double at each
	// step, and the budget keeps the work O(file).
	budget int
	// Over is the host range of the first value the budget could not pay
	// for (nil while it lasts): the front end reports it.
	Over *Span
	// wrapsAt are the calls making script objects, by their first token.
	wrapsAt map[int][]*Call
	// literal is above zero while the parser reads a chain that is
	// protocol text (a RESP request): its names are not filled in, so
	// that a script constant spliced into it stays a script of its own.
	literal int
	// decls are the tokens declaring each name, arrayMethods the methods
	// declared to return an array (made on first use).
	decls        map[string][]int
	arrayMethods map[string]bool
}

// NewParser returns a parser of the tokens toks (ending with an EOF
// token) of the host file src.
func NewParser(src []byte, toks []Token, cfg *Config) *Parser {
	if len(toks) == 0 || toks[len(toks)-1].Kind != EOF {
		toks = append(toks, Token{Kind: EOF, Span: Span{len(src), len(src)}})
	}
	p := &Parser{Src: src, Toks: toks, cfg: cfg, binds: map[string][]*binding{}, dirty: map[string]bool{},
		budget: frontend.BudgetFor(len(src))}
	p.matchBrackets()
	p.collectBindings()
	return p
}

// Spend takes the size of v (its pieces and literals) from the file's
// budget of copied units before v is copied into another value, and
// reports false, spending nothing, when the budget cannot pay for it: the
// caller then treats v as a part known only at run time.
func (p *Parser) Spend(v Value) bool {
	n := len(v.Pieces) + len(v.Lits)
	if n > p.budget {
		if p.Over == nil {
			sp := v.Span
			p.Over = &sp
		}
		return false
	}
	p.budget -= n
	return true
}

// matchBrackets pairs the brackets of the file once, so that Close is
// O(1): every (, [ or { with the next closing bracket of any kind left
// unpaired after it.
func (p *Parser) matchBrackets() {
	p.closers, p.openers = make([]int, len(p.Toks)), make([]int, len(p.Toks))
	var open []int
	for k, t := range p.Toks {
		if t.Kind != Punct {
			continue
		}
		switch t.Text {
		case "(", "[", "{":
			open = append(open, k)
		case ")", "]", "}":
			if n := len(open); n > 0 {
				p.closers[open[n-1]] = k + 1
				p.openers[k] = open[n-1]
				open = open[:n-1]
			}
		}
	}
	for _, k := range open {
		p.closers[k] = len(p.Toks) - 1
	}
}

// Tok returns token i, or the EOF token past the end.
func (p *Parser) Tok(i int) Token {
	if i < 0 || i >= len(p.Toks) {
		return p.Toks[len(p.Toks)-1]
	}
	return p.Toks[i]
}

// SpanOf is the host range of tokens [i, j).
func (p *Parser) SpanOf(i, j int) Span {
	if j <= i {
		s := p.Tok(i).Span.Start
		return Span{s, s}
	}
	return Span{p.Tok(i).Span.Start, p.Tok(j - 1).Span.End}
}

// Text is the host text of tokens [i, j).
func (p *Parser) Text(i, j int) string {
	s := p.SpanOf(i, j)
	return string(p.Src[s.Start:s.End])
}

func (p *Parser) collectBindings() {
	for i, t := range p.Toks {
		if t.Kind != Ident {
			continue
		}
		prev := p.Tok(i - 1)
		if prev.Is(".") && !p.Tok(i-2).Is("this") {
			continue
		}
		next := p.Tok(i + 1)
		val := -1
		switch {
		case next.Is("="):
			val = i + 2
		case next.Is("+="):
			p.dirty[t.Text] = true
		case next.Is(":") && p.Tok(i+2).Kind == Ident && p.Tok(i+3).Is("="):
			val = i + 4 // Kotlin val x: String = ...
		case p.cfg.ArrowBindings && next.Is("=>") && prev.Kind == Ident:
			val = i + 2
		}
		if val >= 0 {
			p.binds[t.Text] = append(p.binds[t.Text], &binding{name: t.Text, at: i, val: val, end: val})
		}
	}
}

// lookup returns the binding a use of name at token at refers to: the
// last before it, else the first.
func (p *Parser) lookup(name string, at int) *binding {
	bs := p.binds[name]
	if len(bs) == 0 {
		return nil
	}
	// bs is in token order: the last one before at.
	k := sort.Search(len(bs), func(k int) bool { return bs[k].at >= at })
	if k == 0 {
		return bs[0]
	}
	return bs[k-1]
}

// value evaluates the binding's value once.
func (p *Parser) value(b *binding) (Value, bool) {
	switch b.state {
	case 1:
		return Value{}, false // a cycle
	case 2:
		return b.value, b.ok
	}
	b.state = 1
	v, end, ok := p.Expr(b.val)
	if ok && !p.endsStatement(end) {
		ok = false
	}
	if p.dirty[b.name] {
		ok = false
	}
	b.value, b.ok, b.end, b.state = v, ok, end, 2
	return v, ok
}

// endsStatement reports whether token i may follow a whole value.
func (p *Parser) endsStatement(i int) bool {
	t := p.Tok(i)
	return t.Kind == EOF || t.NL || t.Is(";") || t.Is(",") || t.Is(")") || t.Is("}") || t.Is("]")
}

// Expr parses the expression at token i as a string value: operands
// joined by `+`, one of which at least a string. end is the token after
// it; ok is false when it is not a string value.
func (p *Parser) Expr(i int) (v Value, end int, ok bool) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > 64 {
		return Value{}, i, false
	}
	isStr, resp := false, false
	defer func() {
		if resp {
			p.literal--
		}
	}()
	j, parts := i, 0
	var first Value
	for {
		w, k, kind := p.operand(j)
		if kind == none {
			if j == i {
				return Value{}, i, false
			}
			j-- // a dangling +
			break
		}
		if kind == str {
			isStr = true
		}
		switch parts {
		case 0:
			first = w // not copied: a constant's value alone is shared
			if kind == str && RESP(w) {
				p.literal++
				resp = true
			}
		case 1:
			v.AddValue(first)
			v.AddValue(w)
		default:
			v.AddValue(w)
		}
		parts++
		j = k
		t := p.Tok(j)
		if !t.Is("+") || p.cfg.NewlineEndsChain && t.NL {
			break
		}
		j++
	}
	if parts == 1 {
		// A constant's value alone keeps its own span; clipped, so that
		// appending to it copies.
		first.Pieces, first.Lits = slices.Clip(first.Pieces), slices.Clip(first.Lits)
		return first, j, isStr
	}
	v.Span = p.SpanOf(i, j)
	return v, j, isStr
}

type operandKind uint8

const (
	none operandKind = iota
	hole
	str
)

// operand parses one operand of a chain at token i.
func (p *Parser) operand(i int) (Value, int, operandKind) {
	t := p.Tok(i)
	var v Value
	j := i
	kind := none
	switch {
	case t.Kind == Str:
		if t.Lit == nil {
			return Value{}, i, none
		}
		v, j, kind = p.litValue(t.Lit, i), i+1, str
	case t.Is("("):
		w, k, ok := p.Expr(i + 1)
		if ok && p.Tok(k).Is(")") {
			v, j, kind = w, k+1, str
			v.Span = p.SpanOf(i, j)
		}
	case t.Kind == Ident && p.cfg.Primary != nil:
		if w, k, ok := p.cfg.Primary(p, i); ok && p.Spend(w) {
			v, j, kind = w, k, str
		}
	}
	if kind == none && t.Kind == Ident && !t.Is("new") && p.literal == 0 {
		// A name, maybe qualified: a constant of the file?
		k := i + 1
		for p.Tok(k).Is(".") && p.Tok(k+1).Kind == Ident && !p.Tok(k+2).Is("(") && !p.Tok(k+2).Is("<") {
			k += 2
		}
		next := p.Tok(k)
		if !next.Is("(") && !next.Is("[") && !next.Is("<") && !next.Is("!!") && !next.Is("?.") && !next.Is("::") {
			name := p.Tok(k - 1).Text
			if b := p.lookup(name, i); b != nil && (k == i+1 || p.Tok(i).Is("this") || isTypeName(p.Tok(i).Text)) {
				if w, ok := p.value(b); ok {
					b.used = true // taken, even where too big to copy
					if p.Spend(w) {
						v, j, kind = w, k, str
					}
				}
			}
		}
	}
	if kind == str {
		named := t.Kind == Ident && j > i && p.Tok(j-1).Kind == Ident // a constant's value keeps its span
		for p.cfg.Postfix != nil && (p.Tok(j).Is(".") || p.Tok(j).Is("?.")) {
			w, k, ok := p.cfg.Postfix(p, v, j)
			if !ok {
				break
			}
			if !p.Spend(w) {
				kind = none // too big to copy: a hole
				break
			}
			v, j = w, k
			if !named {
				v.Span = p.SpanOf(i, j)
			}
		}
		if t.Kind == Ident && (p.Tok(j).Is(".") || p.Tok(j).Is("?.")) {
			kind = none // S.length(), S.Length: not the string
		}
	}
	if kind == str {
		return v, j, str
	}
	// Any other operand: a hole.
	end := p.SkipOperand(i)
	if end == i {
		return Value{}, i, none
	}
	v = Value{Span: p.SpanOf(i, end)}
	v.AddHole(v.Span, p.constant(i, end), "concatenation with a variable")
	return v, end, hole
}

// constant reports whether the operand [i, j) is a constant: a number or
// character, or a name in upper case (a constant by the naming
// convention of Java and Kotlin), maybe qualified.
func (p *Parser) constant(i, j int) bool {
	if j == i+1 && (p.Tok(i).Kind == Number || p.Tok(i).Kind == Char) {
		return true
	}
	if p.Tok(i).Is("-") && j == i+2 && p.Tok(i+1).Kind == Number {
		return true
	}
	for k := i; k < j; k++ {
		t := p.Tok(k)
		switch {
		case t.Is("."):
		case t.Kind == Ident && (k == j-1 && IsConstName(t.Text) || k < j-1 && isTypeName(t.Text)):
		default:
			return false
		}
	}
	return true
}

// IsConstName reports whether s is named as a constant: upper-case
// letters, digits and _, one letter at least.
func IsConstName(s string) bool {
	hasUpper := false
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			hasUpper = true
		case r == '_' || unicode.IsDigit(r):
		default:
			return false
		}
	}
	return hasUpper
}

func isTypeName(s string) bool {
	return s != "" && unicode.IsUpper(rune(s[0]))
}

// litValue is the value of literal l at token i, with its simple holes
// (`$NAME`) that name a string constant of the file filled in.
func (p *Parser) litValue(l *Lit, i int) Value {
	v := Value{Span: l.Span}
	v.Lits = append(v.Lits, l)
	resp := p.literal > 0 || respHeader(l.Pieces)
	for _, pc := range l.Pieces {
		if !pc.Hole {
			pc.Lit = 1
			v.Pieces = append(v.Pieces, pc)
			continue
		}
		if name := holeName(string(p.Src[pc.From.Start:pc.From.End])); name != "" && !resp {
			if b := p.lookup(name, i); b != nil {
				if w, ok := p.value(b); ok {
					b.used = true
					if p.Spend(w) {
						v.AddValue(w)
						continue
					}
				}
			}
		}
		if !pc.Const && l.Interpolated && v.Runtime == "" {
			v.Runtime = "interpolation"
		}
		v.Pieces = append(v.Pieces, pc)
	}
	return v
}

// holeName is the identifier a hole's host text names ($x, ${x}, {x}),
// or "".
func holeName(s string) string {
	s = strings.TrimPrefix(s, "$")
	if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	if s == "" {
		return ""
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return ""
		}
	}
	return s
}

// Close returns the index after the bracket that closes the one at token
// i ((, [ or {), or i+1 when token i opens none; the end of the file when
// it is never closed.
func (p *Parser) Close(i int) int {
	if i < 0 || i >= len(p.Toks) || p.closers[i] == 0 {
		return i + 1
	}
	return p.closers[i]
}

// SkipOperand returns the token after the operand at token i: a name,
// number, literal or parenthesised expression with its member accesses,
// calls, indexes and type arguments, or `new T(...)`; i when there is
// none.
func (p *Parser) SkipOperand(i int) int {
	j := i
	t := p.Tok(j)
	newExpr := false
	switch {
	case t.Is("new"):
		newExpr = true
		j++
		if p.Tok(j).Kind != Ident && !p.Tok(j).Is("[") && !p.Tok(j).Is("{") && !p.Tok(j).Is("(") {
			return i
		}
		if p.Tok(j).Kind == Ident {
			j++
		}
	case t.Is("-") && p.Tok(j+1).Kind == Number:
		return j + 2
	case t.Kind == Ident || t.Kind == Number || t.Kind == Char || t.Kind == Str:
		j++
	case t.Is("(") || t.Is("["):
		j = p.Close(j)
	default:
		return i
	}
	for {
		t := p.Tok(j)
		switch {
		case (t.Is(".") || t.Is("?.") || t.Is("::")) && (p.Tok(j+1).Kind == Ident):
			j += 2
		case t.Is("!!"):
			j++
		case t.Is("(") || t.Is("["):
			j = p.Close(j)
		case t.Is("{") && newExpr:
			j = p.Close(j)
			newExpr = false
		case t.Is("<"):
			k, ok := p.skipTypeArgs(j)
			if !ok {
				return j
			}
			j = k
		default:
			return j
		}
	}
}

// skipTypeArgs returns the token after the type arguments opening at
// token i (`<`), and false when they are not type arguments (a
// comparison).
func (p *Parser) skipTypeArgs(i int) (int, bool) {
	depth := 0
	for k := i; k < len(p.Toks) && k < i+32; k++ {
		t := p.Toks[k]
		switch {
		case t.Is("<"):
			depth++
		case t.Is(">"):
			depth--
			if depth == 0 {
				n := p.Tok(k + 1)
				return k + 1, n.Is("(") || n.Is("::") || n.Is(".") || n.Is("{") || n.Is("[")
			}
		case t.Kind == Ident || t.Is(".") || t.Is(",") || t.Is("?") || t.Is("[") || t.Is("]") || t.Is("*"):
		default:
			return i, false
		}
	}
	return i, false
}

// Arg is one argument of a call: tokens [Start, End), and its name when
// the call names it (C# `keys: x`, Kotlin `keys = x`).
type Arg struct {
	Start, End int
	Name       string
}

// Args splits the arguments of the call whose `(` is token i; end is the
// token after its `)`.
func (p *Parser) Args(i int) (args []Arg, end int) {
	end = p.Close(i)
	if end <= i+1 {
		return nil, end
	}
	closing := end - 1
	start := i + 1
	for k := i + 1; k <= closing; k++ {
		t := p.Toks[k]
		if t.Kind != Punct {
			continue
		}
		switch t.Text {
		case "(", "[", "{":
			k = p.Close(k) - 1 // a nested bracket: on to its closer
			continue
		case ")", "]", "}":
			if k < closing {
				continue
			}
		case ",":
		default:
			continue
		}
		if k > start {
			a := Arg{Start: start, End: k}
			if p.Tok(start).Kind == Ident && (p.Tok(start+1).Is(":") || p.Tok(start+1).Is("=")) && start+2 < k {
				a.Name, a.Start = p.Tok(start).Text, start+2
			}
			args = append(args, a)
		}
		start = k + 1
	}
	return args, end
}

// ArgValue is the string value of argument a, when the whole argument is
// one.
func (p *Parser) ArgValue(a Arg) (Value, bool) {
	v, end, ok := p.Expr(a.Start)
	return v, ok && end == a.End
}

// JoinArgs is the value of the arguments parts joined by sep (the zero
// Value: nothing between them), as String.join and string.Join/Concat
// build it; one argument that is a literal list or array stands for its
// elements. ok is false when an argument is not a string value.
func (p *Parser) JoinArgs(sep Value, parts []Arg) (Value, bool) {
	if len(parts) == 1 {
		if elems, ok := p.ListElems(parts[0]); ok {
			parts = elems
		}
	}
	var v Value
	for k, a := range parts {
		w, ok := p.ArgValue(a)
		if !ok {
			return Value{}, false
		}
		if k > 0 {
			if !p.Spend(sep) {
				return Value{}, false
			}
			v.AddValue(sep)
		}
		v.AddValue(w)
	}
	return v, true
}

// IntArg returns the integer literal argument a holds.
func (p *Parser) IntArg(a Arg) (int, bool) {
	if a.End != a.Start+1 || p.Tok(a.Start).Kind != Number {
		return 0, false
	}
	n := 0
	s := strings.TrimRight(p.Tok(a.Start).Text, "lLuU")
	if s == "" || len(s) > 6 {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// ArgText is the host text of argument a.
func (p *Parser) ArgText(a Arg) string { return p.Text(a.Start, a.End) }

// ArgSpan is the host range of argument a.
func (p *Parser) ArgSpan(a Arg) Span { return p.SpanOf(a.Start, a.End) }
