package csharp

import (
	"slices"
	"strings"
	"unicode"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/clike"
)

// apis are the scripting calls of the C# clients (see
// docs/languages/csharp.md for the arguments each reads).
var apis = []clike.API{
	// StackExchange.Redis.
	{Name: "ScriptEvaluate", Shape: evaluateShape},
	{Name: "ScriptEvaluateAsync", Shape: evaluateShape},
	{Name: "ScriptEvaluateReadOnly", Shape: evaluateShape},
	{Name: "ScriptEvaluateReadOnlyAsync", Shape: evaluateShape},
	{Name: "Prepare", Qualifier: "LuaScript", Label: "LuaScript.Prepare", Role: clike.Wrap, Transform: parameterHoles},
	{Name: "ScriptLoad", Role: clike.Load},
	{Name: "ScriptLoadAsync", Role: clike.Load},
	// FreeRedis and CSRedisCore: Eval(script, keys, args...).
	{Name: "Eval", Shape: evaluateShape},
	{Name: "EvalAsync", Shape: evaluateShape},
	// ServiceStack.Redis: IRedisClient's ExecLua*(body, params args) and
	// ExecLua*(body, keys, args), ExecCachedLua(body, sha1 => ..),
	// LoadLuaScript(body); RedisNativeClient's Eval*(body, numKeys,
	// keysAndArgs...). The ExecLuaSha* calls take a SHA1.
	{Name: "ExecLua", Shape: execLuaShape},
	{Name: "ExecLuaAsInt", Shape: execLuaShape},
	{Name: "ExecLuaAsString", Shape: execLuaShape},
	{Name: "ExecLuaAsList", Shape: execLuaShape},
	{Name: "ExecLuaAsync", Shape: execLuaShape},
	{Name: "ExecLuaAsIntAsync", Shape: execLuaShape},
	{Name: "ExecLuaAsStringAsync", Shape: execLuaShape},
	{Name: "ExecLuaAsListAsync", Shape: execLuaShape},
	{Name: "ExecCachedLua"},
	{Name: "ExecCachedLuaAsync"},
	{Name: "LoadLuaScript", Role: clike.Load},
	{Name: "LoadLuaScriptAsync", Role: clike.Load},
	{Name: "EvalInt", Shape: numKeysShape},
	{Name: "EvalStr", Shape: numKeysShape},
	{Name: "EvalCommand", Shape: numKeysShape},
	// A project's own extension method making a script of its receiver:
	// "return 1".ToRedisScript().
	{Match: clike.MakesScript, ReceiverScript: true, Role: clike.Wrap},
}

// execLuaShape reads ServiceStack.Redis's ExecLua*(body, params string[]
// args), which passes no keys, and ExecLua*(body, string[] keys, string[]
// args), which C# chooses when argument 1 is an array and two arrays
// follow the body; the Async forms may end with a cancellation token.
func execLuaShape(p *clike.Parser, c *clike.Call) clike.Shape {
	if len(c.Args) == 0 || c.Args[0].Name != "" && c.Args[0].Name != "body" && c.Args[0].Name != "luaBody" {
		return clike.Shape{Script: -1}
	}
	sh := clike.NoKeys(0)
	rest := c.Args[1:]
	if n := len(rest); n > 0 && cancellation(p, rest[n-1]) {
		rest = rest[:n-1]
	}
	for _, a := range rest {
		if a.Name == "keys" {
			return listKeys(p, sh, a)
		}
	}
	if len(rest) == 2 && rest[0].Name == "" {
		switch _, array, known := p.ArrayArg(rest[0]); {
		case array:
			return listKeys(p, sh, rest[0])
		case !known:
			return sh // the overload is not known
		}
	}
	sh.KeysKnown, sh.KeysSpan = true, c.Span(p) // params args: no keys
	return sh
}

// listKeys is the shape of a call whose keys are the list a.
func listKeys(p *clike.Parser, sh clike.Shape, a clike.Arg) clike.Shape {
	if ks, ok := p.ListArg(a); ok {
		sh.Keys, sh.KeysKnown, sh.KeysSpan = ks, true, p.ArgSpan(a)
	}
	return sh
}

// cancellation reports whether argument a is a CancellationToken: named
// token, or spelled as one.
func cancellation(p *clike.Parser, a clike.Arg) bool {
	text := p.ArgText(a)
	return a.Name == "token" || text == "token" || text == "ct" || text == "cancellationToken" || text == "default" ||
		strings.HasPrefix(text, "CancellationToken.") || strings.HasSuffix(text, ".Token")
}

// numKeysShape reads RedisNativeClient's EvalInt(body, numKeys,
// keysAndArgs...): the key count when it is an integer literal.
func numKeysShape(p *clike.Parser, c *clike.Call) clike.Shape {
	sh := clike.NoKeys(0)
	if len(c.Args) > 1 {
		if n, ok := p.IntArg(c.Args[1]); ok {
			sh.NumKeys, sh.NumKeysArg = n, 1
		}
	}
	return sh
}

// evaluateShape reads ScriptEvaluate(script, keys, values, flags) and
// Eval(script, keys, args): the keys are the argument named keys, or the
// second one when it is a literal array.
func evaluateShape(p *clike.Parser, c *clike.Call) clike.Shape {
	if len(c.Args) == 0 || c.Args[0].Name != "" && c.Args[0].Name != "script" {
		return clike.Shape{Script: -1}
	}
	sh := clike.NoKeys(0)
	var keys *clike.Arg
	positional := true
	for k := 1; k < len(c.Args); k++ {
		a := c.Args[k]
		if a.Name != "" {
			positional = false
		}
		if a.Name == "keys" || k == 1 && a.Name == "" {
			keys = &c.Args[k]
			break
		}
	}
	if keys == nil {
		if len(c.Args) == 1 || !positional {
			// keys: null by default.
			sh.KeysKnown, sh.KeysSpan = true, c.Span(p)
		}
		return sh
	}
	if ks, ok := p.ListArg(*keys); ok {
		sh.Keys, sh.KeysKnown, sh.KeysSpan = ks, true, p.ArgSpan(*keys)
	}
	return sh
}

// parameterHoles turns the @name parameters of a LuaScript.Prepare
// script into holes: StackExchange.Redis replaces them with KEYS[n] and
// ARGV[n] when it runs the script.
func parameterHoles(_ *clike.Parser, v clike.Value) clike.Value {
	ps := v.Pieces
	var out []clike.Piece
	word := func(p clike.Piece, first bool) bool {
		if p.Hole || len(p.Text) != 1 {
			return false
		}
		r := rune(p.Text[0])
		return r == '_' || unicode.IsLetter(r) || !first && unicode.IsDigit(r)
	}
	for k := 0; k < len(ps); k++ {
		if !ps[k].Hole && ps[k].Text == "@" && k+1 < len(ps) && !ps[k+1].Hole && ps[k+1].Text == "@" {
			// @@ is an @ the script keeps.
			out = append(out, clike.Piece{Text: "@", From: clike.Span{Start: ps[k].From.Start, End: ps[k+1].From.End}, Lit: ps[k].Lit})
			k++
			continue
		}
		if ps[k].Hole || ps[k].Text != "@" || k+1 >= len(ps) || !word(ps[k+1], true) || k > 0 && word(ps[k-1], false) {
			out = append(out, ps[k])
			continue
		}
		j := k + 1
		for j < len(ps) && word(ps[j], false) {
			j++
		}
		out = append(out, clike.Piece{Hole: true, Const: true, From: clike.Span{Start: ps[k].From.Start, End: ps[j-1].From.End}})
		k = j - 1
	}
	v.Pieces = out
	return v
}

// primary reads string.Format(fmt, args...) and string.Concat/Join of
// string values.
func primary(p *clike.Parser, i int) (clike.Value, int, bool) {
	if !(p.Tok(i).Is("string") || p.Tok(i).Is("String")) || !p.Tok(i+1).Is(".") || !p.Tok(i+3).Is("(") {
		return clike.Value{}, i, false
	}
	args, end := p.Args(i + 3)
	switch p.Tok(i + 2).Text {
	case "Format":
		if len(args) == 0 {
			break
		}
		if v, ok := p.ArgValue(args[0]); ok {
			v = formatHoles(v)
			v.Span = p.SpanOf(i, end)
			return v, end, true
		}
	case "Join", "Concat":
		parts := args
		var sep clike.Value
		if p.Tok(i+2).Text == "Join" {
			if len(args) == 0 {
				break
			}
			s, ok := p.ArgValue(args[0])
			if !ok {
				break
			}
			sep, parts = s, args[1:]
		}
		v, ok := p.JoinArgs(sep, parts)
		if !ok {
			return clike.Value{}, i, false
		}
		v.Span = p.SpanOf(i, end)
		return v, end, true
	}
	return clike.Value{}, i, false
}

// formatHoles turns the {0} items of a composite format string into
// holes; {{ and }} stand for braces.
func formatHoles(v clike.Value) clike.Value {
	ps := v.Pieces
	var out clike.Value
	out.Span, out.Runtime = v.Span, v.Runtime
	out.Lits = slices.Clone(v.Lits) // v may be a constant's, shared
	for k := 0; k < len(ps); k++ {
		p := ps[k]
		switch {
		case p.Hole || p.Text != "{" && p.Text != "}":
			out.Pieces = append(out.Pieces, p)
		case k+1 < len(ps) && !ps[k+1].Hole && ps[k+1].Text == p.Text:
			out.Pieces = append(out.Pieces, clike.Piece{Text: p.Text, From: clike.Span{Start: p.From.Start, End: ps[k+1].From.End}, Lit: p.Lit})
			k++
		case p.Text == "{":
			j := k + 1
			for j < len(ps) && !ps[j].Hole && ps[j].Text != "}" && ps[j].Text != "{" {
				j++
			}
			if j >= len(ps) || ps[j].Text != "}" {
				out.Pieces = append(out.Pieces, p)
				continue
			}
			out.AddHole(clike.Span{Start: p.From.Start, End: ps[j].From.End}, false, "a format call")
			k = j
		default:
			out.Pieces = append(out.Pieces, p)
		}
	}
	return out
}

// postfix reads the calls on a string that keep a string value.
func postfix(p *clike.Parser, v clike.Value, i int) (clike.Value, int, bool) {
	name := p.Tok(i + 1)
	if name.Kind != clike.Ident || !p.Tok(i+2).Is("(") {
		return v, i, false
	}
	args, end := p.Args(i + 2)
	switch name.Text {
	case "ToString":
		return v, end, true
	case "Trim":
		if len(args) == 0 {
			return v.MapPieces(func(ps []clike.Piece) []clike.Piece {
				isSpace := func(p clike.Piece) bool { return !p.Hole && len(p.Text) == 1 && unicode.IsSpace(rune(p.Text[0])) }
				for len(ps) > 0 && isSpace(ps[0]) {
					ps = ps[1:]
				}
				for len(ps) > 0 && isSpace(ps[len(ps)-1]) {
					ps = ps[:len(ps)-1]
				}
				return ps
			}), end, true
		}
	}
	return v, i, false
}
