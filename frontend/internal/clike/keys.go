package clike

import "sort"

// Key is one key a call passes.
type Key struct {
	// Value is the key's text when Known (a string constant).
	Value string
	Known bool
	Span  Span
}

// listFuncs are the names of the calls that make a list or an array of
// their arguments (Java, Kotlin, C#).
var listFuncs = map[string]bool{
	"asList": true, "of": true, "singletonList": true, "emptyList": true, "singleton": true,
	"listOf": true, "arrayOf": true, "mutableListOf": true, "arrayListOf": true, "emptyArray": true,
	"Empty": true, "newArrayList": true,
}

// ListArg returns the elements of argument a when it is a literal list
// or array: `Arrays.asList(..)`, `List.of(..)`,
// `Collections.singletonList(..)`, `Collections.emptyList()`,
// `new String[]{..}`, `listOf(..)`, `arrayOf(..)`, C#
// `new RedisKey[] {..}`, `new[] {..}`, `[..]`, `Array.Empty<T>()`, and
// `null` (no keys). ok is false for anything else, and for a list that
// spreads another one (`*keys`).
func (p *Parser) ListArg(a Arg) (keys []Key, ok bool) {
	elems, ok := p.ListElems(a)
	if !ok {
		return nil, false
	}
	for _, e := range elems {
		if p.Tok(e.Start).Is("*") {
			return nil, false
		}
		k := Key{Span: p.ArgSpan(e)}
		if v, ok := p.ArgValue(e); ok && !hasHole(v) {
			k.Value, k.Known = v.Text(), true
		}
		keys = append(keys, k)
	}
	return keys, true
}

// ListElems returns the elements of argument a when it is a literal list
// or array (the forms ListArg takes).
func (p *Parser) ListElems(a Arg) ([]Arg, bool) {
	t := p.Tok(a.Start)
	switch {
	case a.End == a.Start+1 && t.Is("null"):
		return nil, true
	case t.Is("["):
		if p.Close(a.Start) != a.End {
			return nil, false
		}
		return p.listElems(a.Start, a.End-1), true
	case t.Is("new"):
		k := a.Start + 1
		for k < a.End && !p.Tok(k).Is("{") && !p.Tok(k).Is("(") {
			k++
		}
		if k >= a.End || !p.Tok(k).Is("{") || p.Close(k) != a.End || !p.Tok(k-1).Is("]") {
			return nil, false
		}
		return p.listElems(k, a.End-1), true
	case t.Kind == Ident:
		k := a.Start
		for p.Tok(k + 1).Is(".") {
			k += 2
			if p.Tok(k).Is("<") {
				e, _ := p.skipTypeArgs(k)
				if e == k {
					return nil, false
				}
				k = e
			}
		}
		if p.Tok(k).Kind != Ident || !listFuncs[p.Tok(k).Text] {
			return nil, false
		}
		fn := p.Tok(k).Text
		k++
		if p.Tok(k).Is("<") {
			e, ok := p.skipTypeArgs(k)
			if !ok {
				return nil, false
			}
			k = e
		}
		if !p.Tok(k).Is("(") {
			return nil, false
		}
		args, end := p.Args(k)
		if end != a.End {
			return nil, false
		}
		if len(args) == 1 && p.cfg.ArraySpread && spreadFuncs[fn] {
			// Java's varargs: one array argument passes its elements.
			switch elems, kind := p.arrayArg(args[0]); kind {
			case arrayElems:
				return elems, true
			case arrayUnknown:
				return nil, false
			}
		}
		return args, true
	}
	return nil, false
}

// spreadFuncs are the list calls of Java whose varargs parameter takes
// an array argument as its elements (Arrays.asList(keys) with a String[]
// keys has keys' elements; Kotlin's listOf needs *keys to do so).
var spreadFuncs = map[string]bool{"asList": true, "of": true, "newArrayList": true}

// arrayKind is what one argument of a varargs list call is.
type arrayKind uint8

const (
	// notArray: the argument is one element (a string, a number, a name
	// of a type that is not an array of references).
	notArray arrayKind = iota
	// arrayElems: an array whose elements are known.
	arrayElems
	// arrayUnknown: an array whose elements are not known.
	arrayUnknown
	// typeUnknown: an expression the file does not show the type of (a
	// call, a name declared elsewhere), which a list call takes as one
	// element.
	typeUnknown
)

// ArrayArg tells what argument a is: an array (its elements when known:
// a `new T[]{..}` or `[..]` literal, the initializer of a name declared
// `T[] x`), or not an array (a string, a number, a name of another type);
// known is false when the file does not show its type. An array of a
// primitive type (`byte[]`) is not an array here: a varargs list call
// takes it as one element.
func (p *Parser) ArrayArg(a Arg) (elems []Arg, array, known bool) {
	elems, kind := p.arrayArg(a)
	return elems, kind == arrayElems || kind == arrayUnknown, kind != typeUnknown
}

// arrayArg tells whether argument a of a varargs list call is an array
// of references: a `new T[]{..}` literal, a name declared `T[] x` or `T...
// x` (its `{..}` or `new T[]{..}` initializer gives the elements), or an
// expression whose type the file does not show.
func (p *Parser) arrayArg(a Arg) ([]Arg, arrayKind) {
	t := p.Tok(a.Start)
	if a.End == a.Start+1 && (t.Kind == Str || t.Kind == Number || t.Kind == Char || t.Is("null")) {
		return nil, notArray
	}
	if t.Is("-") && a.End == a.Start+2 && p.Tok(a.Start+1).Kind == Number {
		return nil, notArray
	}
	if _, ok := p.ArgValue(a); ok {
		return nil, notArray // a string value
	}
	if t.Is("[") {
		if elems, ok := p.ListElems(a); ok {
			return elems, arrayElems // a C# collection expression
		}
		return nil, typeUnknown
	}
	if t.Is("new") {
		// new T[]{..}: an array of references unless T is primitive
		// (Arrays.asList(new byte[]{..}) is one element).
		k := a.Start + 1
		for k < a.End && (p.Tok(k).Kind == Ident || p.Tok(k).Is(".")) {
			k++
		}
		dims := 0
		for p.Tok(k).Is("[") {
			dims++
			k = p.Close(k)
		}
		if dims == 0 {
			return nil, notArray // new Foo(..)
		}
		if dims == 1 && primitives[p.Tok(a.Start+1).Text] {
			return nil, notArray
		}
		if elems, ok := p.ListElems(a); ok {
			return elems, arrayElems
		}
		return nil, arrayUnknown
	}
	name, single := p.simpleName(a)
	if !single {
		// A call: an array when the file declares the method so
		// (String[] keys() {..}); else taken as one element.
		if end := p.Tok(a.End - 1); end.Is(")") {
			k := a.End - 1
			for k > a.Start && !(p.Tok(k).Is("(") && p.Close(k) == a.End) {
				k--
			}
			if p.Tok(k-1).Kind == Ident && p.declaresArrayMethod(p.Tok(k-1).Text) {
				return nil, arrayUnknown
			}
		}
		return nil, typeUnknown
	}
	ds := p.declaration(name, a.Start)
	if ds == nil {
		return nil, typeUnknown // declared elsewhere
	}
	d := *ds
	prev := p.Tok(d - 1)
	if prev.Is("var") && p.Tok(d+1).Is("=") {
		// var x = new T[]{..}: the initializer's type.
		if v := (Arg{Start: d + 2, End: p.SkipOperand(d + 2)}); p.Tok(v.Start).Is("new") && p.endsStatement(v.End) {
			return p.arrayArg(v)
		}
		return nil, typeUnknown
	}
	switch {
	case prev.Is("..."):
		if primitives[p.Tok(d-2).Text] {
			return nil, notArray
		}
		return nil, arrayUnknown
	case prev.Is("]"):
		if p.Tok(d-2).Is("[") && primitives[p.Tok(d-3).Text] {
			return nil, notArray // byte[] b: one element
		}
		if p.Tok(d+1).Is("=") && !p.dirty[name] {
			v := Arg{Start: d + 2, End: p.SkipOperand(d + 2)}
			if p.Tok(v.Start).Is("{") {
				v.End = p.Close(v.Start)
				if p.endsStatement(v.End) {
					return p.listElems(v.Start, v.End-1), arrayElems
				}
			} else if p.Tok(v.Start).Is("new") && p.endsStatement(v.End) {
				if elems, ok := p.ListElems(v); ok {
					return elems, arrayElems
				}
			}
		}
		return nil, arrayUnknown
	}
	return nil, notArray
}

// primitives are the Java types whose arrays a varargs parameter of
// references takes as one element.
var primitives = map[string]bool{"byte": true, "short": true, "int": true, "long": true, "char": true,
	"boolean": true, "float": true, "double": true}

// declaration returns the token of the declaration of name that a use
// at token at sees (the last before it, else the first), nil when the
// file has none. A declaration is the name after a type (`String x`,
// `String[] x`, `String... x`, `List<String> x`, `var x`) and before `=`,
// `,`, `)`, `;` or `:`.
func (p *Parser) declaration(name string, at int) *int {
	if p.decls == nil {
		p.collectDeclarations()
	}
	ds := p.decls[name]
	if len(ds) == 0 {
		return nil
	}
	k := sort.Search(len(ds), func(k int) bool { return ds[k] >= at })
	if k == 0 {
		return &ds[0]
	}
	return &ds[k-1]
}

// collectDeclarations finds the declarations of names, and the methods
// declared to return an array (`String[] keys(..)`).
func (p *Parser) collectDeclarations() {
	p.decls, p.arrayMethods = map[string][]int{}, map[string]bool{}
	for i, t := range p.Toks {
		if t.Kind != Ident {
			continue
		}
		prev, next := p.Tok(i-1), p.Tok(i+1)
		if prev.Is("]") && next.Is("(") {
			p.arrayMethods[t.Text] = true
		}
		if !(prev.Is("]") || prev.Is("...") || prev.Is(">") || prev.Kind == Ident && !notTypes[prev.Text]) {
			continue
		}
		if next.Is("=") || next.Is(",") || next.Is(")") || next.Is(";") || next.Is(":") {
			p.decls[t.Text] = append(p.decls[t.Text], i)
		}
	}
}

// declaresArrayMethod reports whether the file declares a method name
// returning an array.
func (p *Parser) declaresArrayMethod(name string) bool {
	if p.decls == nil {
		p.collectDeclarations()
	}
	return p.arrayMethods[name]
}

// notTypes are the words that may stand before a name without being its
// type.
var notTypes = map[string]bool{"return": true, "throw": true, "new": true, "case": true, "else": true, "yield": true,
	"await": true, "in": true, "is": true, "as": true, "instanceof": true, "assert": true, "goto": true, "break": true,
	"continue": true, "do": true, "out": true, "ref": true, "params": true, "this": true}

// listElems splits the elements between the brackets at tokens open and
// closing.
func (p *Parser) listElems(open, closing int) []Arg {
	var out []Arg
	start := open + 1
	for k := open + 1; k <= closing; k++ {
		t := p.Toks[k]
		if t.Kind == Punct && k < closing && (t.Text == "(" || t.Text == "[" || t.Text == "{") {
			k = p.Close(k) - 1 // a nested bracket: on to its closer
			continue
		}
		if k == closing || t.Is(",") {
			if k > start {
				out = append(out, Arg{Start: start, End: k})
			}
			start = k + 1
		}
	}
	return out
}

func hasHole(v Value) bool {
	for _, p := range v.Pieces {
		if p.Hole {
			return true
		}
	}
	return false
}

// VarargKeys returns the arguments from index from on as keys, when
// each is a string constant (a call passing its keys as varargs:
// Lettuce eval(script, type, "k1", "k2")).
func (p *Parser) VarargKeys(args []Arg, from int) ([]Key, bool) {
	var keys []Key
	for _, a := range args[min(from, len(args)):] {
		v, ok := p.ArgValue(a)
		if !ok || hasHole(v) {
			return nil, false
		}
		keys = append(keys, Key{Value: v.Text(), Known: true, Span: p.ArgSpan(a)})
	}
	return keys, true
}
