package clike

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
		return args, true
	}
	return nil, false
}

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
