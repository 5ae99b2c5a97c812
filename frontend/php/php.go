package php

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/segvalue"
)

// Frontend finds the Lua scripts of PHP files.
type Frontend struct{}

// New returns the PHP front end.
func New() Frontend { return Frontend{} }

// Language is "php".
func (Frontend) Language() string { return "php" }

// Extensions are the PHP file-name extensions.
func (Frontend) Extensions() []string { return []string{".php"} }

var mayHoldMarks = [][]byte{
	[]byte("redis."), []byte("server.call"), []byte("server.pcall"), []byte("eval"), []byte("EVAL"),
	[]byte("ScriptCommand"), []byte("load"), []byte("LOAD"),
}

// MayHold reports whether src may hold a script: it names a Redis call or
// a scripting API.
func (Frontend) MayHold(src []byte) bool {
	for _, m := range mayHoldMarks {
		if bytes.Contains(src, m) {
			return true
		}
	}
	return false
}

// finder collects the scripts of one file.
type finder struct {
	p *parser
	segvalue.Scripts[*literal]
}

// Find returns the scripts of the PHP file src.
func (Frontend) Find(path string, src []byte) (*frontend.Found, error) {
	toks := lex(src)
	p := &parser{src: src, toks: toks, resolving: map[int]bool{}, budget: frontend.NewBudget(len(src))}
	p.collectDecls()
	f := &finder{p: p, Scripts: segvalue.Scripts[*literal]{Path: path, Used: map[*literal]bool{}, ByWhole: map[frontend.Span]*frontend.Script{}}}
	f.calls()
	f.scriptCommand(src)
	f.declared()
	f.loose()
	f.Found.Budget = p.budget
	sort.SliceStable(f.Found.Scripts, func(i, j int) bool {
		return f.Found.Scripts[i].Whole.Start < f.Found.Scripts[j].Whole.Start
	})
	return &f.Found, nil
}

// args returns the token ranges of the comma-separated items inside the
// bracket opening at open.
func (p *parser) args(open int) [][2]int {
	end := p.match(open) - 1
	var out [][2]int
	start := open + 1
	for j := start; j < end; {
		if p.isOpen(j) {
			j = p.match(j)
			continue
		}
		if p.is(j, ",") {
			out = append(out, [2]int{start, j})
			start = j + 1
		}
		j++
	}
	if start < end {
		out = append(out, [2]int{start, end})
	}
	return out
}

// array returns the elements of the array literal [ ... ] or array( ... )
// that tokens [i, e) are, and false when they are not one.
func (p *parser) array(i, e int) ([][2]int, bool) {
	switch {
	case p.is(i, "[") && p.match(i) == e:
		return p.args(i), true
	case p.is(i, "array") && p.is(i+1, "(") && p.match(i+1) == e:
		return p.args(i + 1), true
	}
	return nil, false
}

func (p *parser) span(i, e int) frontend.Span {
	if e <= i {
		return frontend.Span{Start: p.tok(i).span.Start, End: p.tok(i).span.Start}
	}
	return frontend.Span{Start: p.toks[i].span.Start, End: p.toks[e-1].span.End}
}

// intArg reads a literal key count: a number, or a string of digits.
func (p *parser) intArg(a [2]int) (int, bool) {
	if a[1] != a[0]+1 {
		return 0, false
	}
	t := p.toks[a[0]]
	text := t.text
	if t.kind == tString {
		if !t.str.OK || t.str.hasPlaceholder() {
			return 0, false
		}
		text = t.str.Value()
	} else if t.kind != tNumber {
		return 0, false
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 || n > 1<<20 {
		return 0, false
	}
	return n, true
}

// isWord reports whether argument a is the literal word w (case blind).
func (p *parser) isWord(a [2]int, w string) bool {
	s, ok := p.stringArg(a)
	return ok && strings.EqualFold(s, w)
}

// stringArg returns the text of a literal without placeholders.
func (p *parser) stringArg(a [2]int) (string, bool) {
	t := p.tok(a[0])
	if a[1] != a[0]+1 || t.kind != tString || !t.str.OK || t.str.hasPlaceholder() {
		return "", false
	}
	return t.str.Value(), true
}

// calls finds the scripts passed to the scripting calls of Predis,
// phpredis and Laravel's Redis facade.
func (f *finder) calls() {
	p := f.p
	for i, t := range p.toks {
		if t.kind != tIdent || !(p.is(i-1, "->") || p.is(i-1, "?->") || p.is(i-1, "::")) || !p.is(i+1, "(") {
			continue
		}
		name := strings.ToLower(t.text)
		args := p.args(i + 1)
		call := &frontend.CallSite{API: t.text, Span: p.span(i, p.match(i+1)), NumKeys: -1}
		sub := func(want ...string) bool {
			if len(args) == 0 {
				return false
			}
			s, ok := p.stringArg(args[0])
			for _, w := range want {
				if ok && strings.EqualFold(s, w) {
					return true
				}
			}
			return false
		}
		switch {
		case name == "eval" || name == "eval_ro" || name == "evalro":
			if len(args) == 0 {
				continue
			}
			f.evalKeys(call, args, name != "eval")
			f.script(call, args[0])
		case name == "script" && sub("load") && len(args) > 1:
			f.script(call, args[1])
		case name == "script" && len(args) == 3 && p.isWord(args[1], "load"):
			f.script(call, args[2]) // RedisCluster::script($keyOrNode, 'load', $src)
		case name == "function" && sub("load") && len(args) > 1:
			// function('load', [replace,] $lib): the library is the last
			// argument.
			lib := args[len(args)-1]
			if len(args) == 2 && p.isWord(lib, "replace") {
				continue
			}
			call.Library = true
			f.script(call, lib)
		case name == "load" && p.is(i-2, "function") && p.is(i-3, "->") && len(args) > 0:
			call.API, call.Library = "function->load", true
			f.script(call, args[0])
		case name == "rawcommand" && len(args) > 1:
			if !f.command(call, args) {
				f.command(call, args[1:]) // RedisCluster::rawCommand($keyOrNode, 'EVAL', ...)
			}
		case (name == "executecommand" || name == "command" || name == "createcommand") && len(args) > 1:
			if items, ok := p.array(args[1][0], args[1][1]); ok && len(items) > 0 {
				f.command(call, append([][2]int{args[0]}, items...))
			}
		case name == "executeraw" && len(args) > 0:
			if items, ok := p.array(args[0][0], args[0][1]); ok {
				f.command(call, items)
			}
		}
	}
}

// command reads the arguments of a generic command call, the command
// name first, when the name is a literal (case blind): EVAL and EVAL_RO
// (script, numkeys, keys...), SCRIPT LOAD and FUNCTION LOAD [REPLACE]
// (the script or library after the words). It reports whether the name
// is one of these.
func (f *finder) command(call *frontend.CallSite, items [][2]int) bool {
	p := f.p
	word := func(k int) string {
		if k >= len(items) {
			return ""
		}
		s, _ := p.stringArg(items[k])
		return strings.ToUpper(s)
	}
	switch word(0) {
	case "EVAL", "EVAL_RO":
		if len(items) > 1 {
			f.items(call, items[1:])
		}
	case "SCRIPT", "FUNCTION":
		if word(1) != "LOAD" {
			return false
		}
		at := 2
		if word(0) == "FUNCTION" && word(2) == "REPLACE" {
			at = 3
		}
		if at != len(items)-1 {
			return false
		}
		call.Library = word(0) == "FUNCTION"
		f.script(call, items[at])
	default:
		return false
	}
	return true
}

// items reads EVAL's arguments as a list: script, numkeys, keys, args.
func (f *finder) items(call *frontend.CallSite, items [][2]int) {
	if len(items) > 1 {
		f.numKeys(call, items, 1)
	}
	f.script(call, items[0])
}

// evalKeys reads the keys of eval(script, ...): Predis's and Laravel's
// eval($script, $numkeys, ...$keys), phpredis's eval($script, [$keys...,
// $args...], $numKeys), and Predis's eval_ro($script, $keys, ...$args)
// (keysArray).
func (f *finder) evalKeys(call *frontend.CallSite, args [][2]int, keysArray bool) {
	p := f.p
	if len(args) == 1 {
		call.NumKeys, call.NumKeysSpan = 0, call.Span
		return
	}
	if _, ok := p.intArg(args[1]); ok {
		f.numKeys(call, args, 1)
		return
	}
	elems, ok := p.array(args[1][0], args[1][1])
	if !ok {
		return
	}
	var n int
	switch {
	case len(args) > 2:
		if n, ok = p.intArg(args[2]); !ok {
			return
		}
		call.NumKeys, call.NumKeysSpan = n, p.span(args[2][0], args[2][1])
	case keysArray:
		n = len(elems)
	default:
		call.NumKeys, call.NumKeysSpan = 0, call.Span
		return
	}
	if n > len(elems) {
		return
	}
	f.keyList(call, elems[:n], p.span(args[1][0], args[1][1]))
}

// numKeys reads the key count at args[k] and the keys after it.
func (f *finder) numKeys(call *frontend.CallSite, args [][2]int, k int) {
	p := f.p
	n, ok := p.intArg(args[k])
	if !ok {
		return
	}
	call.NumKeys, call.NumKeysSpan = n, p.span(args[k][0], args[k][1])
	if len(args) < k+1+n {
		return
	}
	keys := args[k+1 : k+1+n]
	at := call.NumKeysSpan
	if n > 0 {
		at = p.span(keys[0][0], keys[n-1][1])
	}
	f.keyList(call, keys, at)
}

// keyList sets the call's keys from the argument ranges, unless one is
// spread (...$keys).
func (f *finder) keyList(call *frontend.CallSite, keys [][2]int, at frontend.Span) {
	p := f.p
	var out []frontend.Key
	for _, ka := range keys {
		if p.is(ka[0], "...") || p.is(ka[0]+1, "=>") {
			return
		}
		k := frontend.Key{Span: p.span(ka[0], ka[1])}
		if s, ok := p.stringArg(ka); ok {
			k.Value, k.Known = s, true
		}
		out = append(out, k)
	}
	call.Keys, call.KeysKnown, call.KeysSpan = out, true, at
	if out == nil {
		call.Keys = []frontend.Key{}
	}
}

// script records the script that argument a holds, run by call.
func (f *finder) script(call *frontend.CallSite, a [2]int) {
	v, end, ok := f.p.chain(a[0])
	if !ok || end != a[1] {
		return
	}
	if v.Runtime != "" {
		f.Found.Runtime = append(f.Found.Runtime, frontend.Runtime{API: call.API, Span: f.p.span(a[0], a[1]), BuiltBy: v.Runtime})
	}
	f.Add(v, call)
}

// scriptCommand finds the script of a Predis ScriptCommand class:
// getScript() returns it, getKeysCount() the key count.
func (f *finder) scriptCommand(src []byte) {
	p := f.p
	ds := p.decls["getScript()"]
	if len(ds) != 1 || !bytes.Contains(src, []byte("ScriptCommand")) {
		return
	}
	v, _, ok := p.chain(ds[0].value)
	if !ok {
		return
	}
	call := &frontend.CallSite{API: "ScriptCommand", Span: p.span(ds[0].value, ds[0].value+1), NumKeys: -1}
	if kd := p.decls["getKeysCount()"]; len(kd) == 1 {
		at := kd[0].value
		if n, ok := p.intArg([2]int{at, at + 1}); ok && p.is(at+1, ";") {
			call.NumKeys, call.NumKeysSpan = n, p.span(at, at+1)
		}
	}
	f.Add(v, call)
}

// declared finds the constants, variables and properties bound to a
// string whose text calls Redis.
func (f *finder) declared() {
	p := f.p
	names := make([]string, 0, len(p.decls))
	for n := range p.decls {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if strings.HasSuffix(n, ".=") {
			continue // read with the variable's assignment
		}
		for k, d := range p.decls[n] {
			v, _, ok := p.chain(d.value)
			if !ok {
				continue
			}
			if strings.HasPrefix(n, "$") {
				// What the variable holds at the end of its block, or at
				// its next assignment.
				until := len(p.toks) - 1
				if b := p.blocks[d.value]; b >= 0 {
					until = p.match(b) - 1
				}
				if k+1 < len(p.decls[n]) {
					until = min(until, p.decls[n][k+1].value)
				}
				p.appends(&v, n, d.value, until, d.fn)
			}
			if p.budget.Over != nil {
				return // the value is not whole
			}
			if !frontend.CallsRedis(v.Text()) {
				continue
			}
			if v.Name == "" {
				v.Name = strings.TrimSuffix(n, "()")
			}
			if strings.HasSuffix(n, "()") && !f.Parses(v) {
				continue
			}
			f.Add(v, nil)
		}
	}
}

// loose finds the other literal expressions (arguments of unknown
// calls, returned values, array elements) whose text calls Redis and
// reads as Lua.
func (f *finder) loose() {
	p := f.p
	for i, t := range p.toks {
		if t.kind != tString || !t.str.OK || f.Used[t.str] {
			continue
		}
		prev := p.tok(i - 1)
		if !(prev.kind == 0 || p.is(i-1, "return") || prev.kind == tPunct && looseAfter[prev.text]) {
			continue
		}
		v, _, ok := p.chain(i)
		if !ok || !frontend.CallsRedis(v.Text()) || !f.Parses(v) || p.is(i-1, ",") && !p.inList(i) {
			continue
		}
		f.Add(v, nil)
	}
}

// inList reports whether token i is an element of an array (or object)
// literal rather than an argument of a call: only a call's first argument
// is taken for a script (a script helper's), a later one is more often a
// fragment of one (a code generator's).
func (p *parser) inList(i int) bool {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		t := p.toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case ")", "]", "}":
			depth++
		case "(", "[", "{":
			if depth == 0 {
				return p.is(j, "[") || p.is(j, "(") && p.is(j-1, "array")
			}
			depth--
		}
	}
	return false
}

// looseAfter are the punctuation tokens after which a literal starts an
// expression of its own (an argument, an element, a value).
var looseAfter = map[string]bool{"(": true, ",": true, "[": true, "=>": true, "?": true, ":": true, "=": true}
