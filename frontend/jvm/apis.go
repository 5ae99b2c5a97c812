package jvm

import (
	"slices"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/clike"
)

// apis are the scripting calls of the Java and Kotlin clients (see
// docs/languages/java.md for the arguments each reads).
var apis = []clike.API{
	// Jedis, Lettuce, Redisson's RScript, Spring's RedisConnection.
	{Name: "eval", Shape: evalShape},
	{Name: "evalReadonly", Shape: evalShape},
	{Name: "evalReadOnly", Shape: evalShape},
	{Name: "evalRo", Shape: evalShape},
	{Name: "scriptLoad", Role: clike.Load},
	{Name: "digest", Role: clike.Load, ConstOnly: true}, // Lettuce: the SHA1 of a script
	{Name: "functionLoad", Role: clike.Library},
	{Name: "functionLoadReplace", Role: clike.Library},
	// Redisson's own commands: evalWriteAsync(key, codec, command,
	// script, keys, params...).
	{Name: "evalWriteAsync", Shape: redissonShape},
	{Name: "evalReadAsync", Shape: redissonShape},
	{Name: "evalWrite", Shape: redissonShape},
	{Name: "evalRead", Shape: redissonShape},
	{Name: "evalWriteNoRetryAsync", Shape: redissonShape},
	{Name: "evalWriteSyncedAsync", Shape: redissonShape},
	{Name: "evalWriteSyncedNoRetryAsync", Shape: redissonShape},
	{Name: "evalReadBatchedAsync", Shape: redissonShape},
	{Name: "evalWriteBatchedAsync", Shape: redissonShape},
	{Name: "syncedEval", Shape: redissonShape},
	{Name: "syncedEvalWithRetry", Shape: redissonShape},
	{Name: "syncedEvalNoRetry", Shape: redissonShape},
	// Spring Data Redis: script objects, and the template running them.
	{Name: "DefaultRedisScript", Label: "DefaultRedisScript", Role: clike.Wrap},
	{Name: "RedisScript", Label: "RedisScript", Role: clike.Wrap},
	{Name: "of", Qualifier: "RedisScript", Label: "RedisScript.of", Role: clike.Wrap},
	{Name: "StaticScriptSource", Role: clike.Wrap},
	{Name: "setScriptText", Role: clike.Wrap, Receiver: true},
	{Name: "setScriptSource", Role: clike.Wrap, Receiver: true},
	{Name: "setScript", Role: clike.Wrap, Receiver: true}, // StaticScriptSource
	{Name: "execute", ObjectOnly: true, Shape: springExecuteShape},
	// A project's own Kotlin extension making a script of its receiver:
	// "return 42".toRedisScript<Long>(), s.asLuaScript().
	{Match: clike.MakesScript, ReceiverScript: true, Role: clike.Wrap},
}

func isMode(s string) bool {
	return strings.HasPrefix(s, "Mode.") || strings.HasPrefix(s, "RScript.Mode.")
}

// knownKeys is the shape of a call passing the keys of list a.
func knownKeys(p *clike.Parser, sh clike.Shape, a clike.Arg) clike.Shape {
	if keys, ok := p.ListArg(a); ok {
		sh.Keys, sh.KeysKnown, sh.KeysSpan = keys, true, p.ArgSpan(a)
	}
	return sh
}

// noKeysPassed is the shape of a call that passes no keys at all.
func noKeysPassed(p *clike.Parser, c *clike.Call, sh clike.Shape) clike.Shape {
	sh.KeysKnown, sh.KeysSpan = true, c.Span(p)
	return sh
}

// evalShape reads an eval call by its arguments' shape:
//
//	Jedis     eval(script), eval(script, keyCount, params...), eval(script, keys, args)
//	Lettuce   eval(script, ScriptOutputType.T, keys...), eval(script, type, K[] keys, values...)
//	Redisson  eval(Mode.M, script, ReturnType.T[, keys, values...]), eval(key, Mode.M, script, ...)
//	Spring    connection.eval(script, ReturnType.T, numKeys, keysAndArgs...)
func evalShape(p *clike.Parser, c *clike.Call) clike.Shape {
	args := c.Args
	if len(args) == 0 {
		return clike.Shape{Script: -1}
	}
	text := func(i int) string {
		if i < len(args) {
			return p.ArgText(args[i])
		}
		return ""
	}
	for _, m := range []int{0, 1} {
		if isMode(text(m)) {
			sh := clike.NoKeys(m + 1)
			if k := m + 3; k < len(args) {
				return knownKeys(p, sh, args[k])
			}
			return noKeysPassed(p, c, sh)
		}
	}
	sh := clike.NoKeys(0)
	if len(args) == 1 {
		return noKeysPassed(p, c, sh)
	}
	if v, ok := p.ArgValue(args[0]); ok && clike.BareWord(v) {
		// A client's own eval(scriptId, script, keys, args).
		if _, ok := p.ArgValue(args[1]); ok {
			sh = clike.NoKeys(1)
			if len(args) > 2 {
				sh = knownKeys(p, sh, args[2])
			}
			return sh
		}
	}
	a1 := text(1)
	switch {
	case strings.HasPrefix(a1, "ScriptOutputType."):
		if len(args) == 2 {
			return noKeysPassed(p, c, sh)
		}
		if keys, ok := p.ListArg(args[2]); ok {
			sh.Keys, sh.KeysKnown, sh.KeysSpan = keys, true, p.ArgSpan(args[2])
		} else if keys, ok := p.VarargKeys(args, 2); ok {
			sh.Keys, sh.KeysKnown = keys, true
			sh.KeysSpan = clike.Span{Start: p.ArgSpan(args[2]).Start, End: p.ArgSpan(args[len(args)-1]).End}
		}
	case strings.HasPrefix(a1, "ReturnType."):
		if len(args) > 2 {
			if n, ok := p.IntArg(args[2]); ok {
				sh.NumKeys, sh.NumKeysArg = n, 2
			}
		}
	default:
		if n, ok := p.IntArg(args[1]); ok {
			sh.NumKeys, sh.NumKeysArg = n, 1
		} else {
			sh = knownKeys(p, sh, args[1])
		}
	}
	return sh
}

// redissonShape reads Redisson's evalWriteAsync(key, codec, command,
// script, keys, params...) and its kin.
func redissonShape(p *clike.Parser, c *clike.Call) clike.Shape {
	if len(c.Args) < 4 {
		return clike.Shape{Script: -1}
	}
	sh := clike.NoKeys(3)
	if len(c.Args) > 4 {
		return knownKeys(p, sh, c.Args[4])
	}
	return sh
}

// springExecuteShape reads RedisTemplate.execute(script, keys, args...)
// and execute(script, argsSerializer, resultSerializer, keys, args...).
func springExecuteShape(p *clike.Parser, c *clike.Call) clike.Shape {
	sh := clike.NoKeys(0)
	switch {
	case len(c.Args) == 0:
		return clike.Shape{Script: -1}
	case len(c.Args) == 1:
		return noKeysPassed(p, c, sh)
	}
	if k := knownKeys(p, sh, c.Args[1]); k.KeysKnown || len(c.Args) < 4 {
		return k
	}
	return knownKeys(p, sh, c.Args[3])
}

// primary reads the string-valued calls of Java and Kotlin:
// String.format(fmt, args...) and String.join(sep, parts...).
func primary(p *clike.Parser, i int) (clike.Value, int, bool) {
	if p.Tok(i).Is("SafeEncoder") && p.Tok(i+1).Is(".") && p.Tok(i+2).Is("encode") && p.Tok(i+3).Is("(") {
		// Jedis's SafeEncoder.encode(s): the bytes of s.
		args, end := p.Args(i + 3)
		if len(args) == 1 {
			if v, ok := p.ArgValue(args[0]); ok {
				return v, end, true // the span of the script's own expression
			}
		}
		return clike.Value{}, i, false
	}
	if !p.Tok(i).Is("String") || !p.Tok(i+1).Is(".") || !p.Tok(i+3).Is("(") {
		return clike.Value{}, i, false
	}
	args, end := p.Args(i + 3)
	switch p.Tok(i + 2).Text {
	case "format":
		for k := 0; k < len(args) && k < 2; k++ {
			if v, ok := p.ArgValue(args[k]); ok {
				v = formatHoles(v, argValues(p, args[k+1:]))
				v.Span = p.SpanOf(i, end)
				return v, end, true
			}
		}
	case "join":
		if len(args) < 1 {
			break
		}
		sep, ok := p.ArgValue(args[0])
		if !ok {
			break
		}
		parts := args[1:]
		v, ok := p.JoinArgs(sep, parts)
		if !ok {
			return clike.Value{}, i, false
		}
		v.Span = p.SpanOf(i, end)
		return v, end, true
	}
	return clike.Value{}, i, false
}

// postfix reads the calls on a string that keep a string value:
// .formatted(..) and .format(..) (a format call), .trimIndent() and
// .trimMargin(..) (Kotlin), .trim(), and the conversions to bytes.
func postfix(p *clike.Parser, v clike.Value, i int) (clike.Value, int, bool) {
	name := p.Tok(i + 1)
	if name.Kind != clike.Ident || !p.Tok(i+2).Is("(") {
		return v, i, false
	}
	args, end := p.Args(i + 2)
	switch name.Text {
	case "getBytes", "toByteArray", "intern", "toString", "encodeToByteArray":
		return v, end, true
	case "formatted", "format":
		return formatHoles(v, argValues(p, args)), end, true
	case "trim":
		if len(args) == 0 {
			return v.MapPieces(trimSpace), end, true
		}
	case "trimIndent":
		if len(args) == 0 {
			markTrimmed(v)
			return v.MapPieces(trimIndent), end, true
		}
	case "trimMargin":
		margin := "|"
		if len(args) == 1 {
			m, ok := p.ArgValue(args[0])
			if !ok {
				return v, i, false
			}
			margin = m.Text()
		}
		if len(args) <= 1 && margin != "" {
			markTrimmed(v)
			return v.MapPieces(func(ps []clike.Piece) []clike.Piece { return trimMargin(ps, margin) }), end, true
		}
	}
	return v, i, false
}

// markTrimmed notes that the raw literals of v are trimmed: an edit
// cannot add lines to them.
func markTrimmed(v clike.Value) {
	for _, l := range v.Lits {
		if l.Form == "raw" {
			l.Form = "trimmed"
		}
	}
}

// trimSpace drops the white space (and control characters) at both ends,
// as String.trim does.
func trimSpace(ps []clike.Piece) []clike.Piece {
	isSpace := func(p clike.Piece) bool { return !p.Hole && len(p.Text) == 1 && p.Text[0] <= ' ' }
	for len(ps) > 0 && isSpace(ps[0]) {
		ps = ps[1:]
	}
	for len(ps) > 0 && isSpace(ps[len(ps)-1]) {
		ps = ps[:len(ps)-1]
	}
	return ps
}

// argValues are the string values of args (nil: not a string value).
func argValues(p *clike.Parser, args []clike.Arg) []*clike.Value {
	out := make([]*clike.Value, len(args))
	for k, a := range args {
		if v, ok := p.ArgValue(a); ok {
			out[k] = &v
		}
	}
	return out
}

// formatHoles turns the format specifiers of v (%s, %d, %1$s) into holes,
// or into the value of their argument when it is a plain %s whose
// argument is a string value of the file: %% and %n stand for their
// characters.
func formatHoles(v clike.Value, args []*clike.Value) clike.Value {
	var out clike.Value
	out.Span, out.Runtime = v.Span, v.Runtime
	out.Lits = slices.Clone(v.Lits) // v may be a constant's, shared
	ps := v.Pieces
	next := 0
	for k := 0; k < len(ps); k++ {
		if ps[k].Hole || ps[k].Text != "%" {
			out.Pieces = append(out.Pieces, ps[k])
			continue
		}
		j := k + 1
		for j < len(ps) && !ps[j].Hole && len(ps[j].Text) == 1 && strings.IndexByte("-#+ 0,(<$.0123456789", ps[j].Text[0]) >= 0 {
			j++
		}
		if j >= len(ps) || ps[j].Hole || len(ps[j].Text) != 1 || !isLetter(ps[j].Text[0]) && ps[j].Text != "%" {
			out.Pieces = append(out.Pieces, ps[k])
			continue
		}
		if (ps[j].Text == "t" || ps[j].Text == "T") && j+1 < len(ps) {
			j++
		}
		from := clike.Span{Start: ps[k].From.Start, End: ps[j].From.End}
		switch {
		case j == k+1 && ps[j].Text == "%":
			out.Pieces = append(out.Pieces, clike.Piece{Text: "%", From: from, Lit: ps[k].Lit})
		case j == k+1 && ps[j].Text == "n":
			out.Pieces = append(out.Pieces, clike.Piece{Text: "\n", From: from, Lit: ps[k].Lit})
		case j == k+1 && ps[j].Text == "s" && next < len(args) && args[next] != nil:
			out.AddValue(*args[next])
			next++
		default:
			out.AddHole(from, false, "a format call")
			next++
		}
		k = j
	}
	return out
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
