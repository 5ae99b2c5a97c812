package javascript

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/segvalue"
)

// Frontend finds the Lua scripts of JavaScript and TypeScript files.
type Frontend struct{}

// New returns the JavaScript front end.
func New() Frontend { return Frontend{} }

// Language is "javascript" (TypeScript included).
func (Frontend) Language() string { return "javascript" }

// Extensions are the JavaScript and TypeScript file-name extensions.
func (Frontend) Extensions() []string {
	return []string{".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"}
}

// mayHoldMarks are byte strings one of which every file holding a script
// contains.
var mayHoldMarks = [][]byte{
	[]byte("redis."), []byte("server.call"), []byte("server.pcall"), []byte("eval"), []byte("EVAL"),
	[]byte("defineCommand"), []byte("defineScript"), []byte("criptLoad"), []byte("SCRIPT_LOAD"),
	[]byte("unctionLoad"), []byte("FUNCTION_LOAD"), []byte("createScript"), []byte("EvalCommand"),
	[]byte("EvalROCommand"), []byte("ScriptLoadCommand"),
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

// api is a scripting call of the common clients: where its arguments are.
type api struct {
	// script is the index of the script (or library) argument.
	script int
	// keys is the index of the key count, the keys array or the options
	// object with keys; -1 when none.
	keys int
	// library marks FUNCTION LOAD.
	library bool
	// sub is the subcommand the first argument must be ("load" for
	// script('load', src)).
	sub string
	// lua marks a call whose name is common outside Redis clients
	// (createScript): its argument is a script only when it reads as Lua
	// and is not blank.
	lua bool
}

// apis are the scripting calls recognised, by method name (member calls
// only: a bare eval( is JavaScript's own).
var apis = map[string]api{
	// ioredis eval(script, numKeys, ...keys, ...args); node-redis v4
	// eval(script, {keys, arguments}); @upstash/redis eval(script, keys, args).
	"eval": {script: 0, keys: 1}, "evalRo": {script: 0, keys: 1}, "eval_ro": {script: 0, keys: 1},
	"evalRO": {script: 0, keys: 1}, "EVAL": {script: 0, keys: 1}, "EVAL_RO": {script: 0, keys: 1},
	// SCRIPT LOAD.
	"scriptLoad": {script: 0, keys: -1}, "SCRIPT_LOAD": {script: 0, keys: -1},
	"script": {script: 1, keys: -1, sub: "load"},
	// FUNCTION LOAD.
	"functionLoad": {script: 0, keys: -1, library: true}, "FUNCTION_LOAD": {script: 0, keys: -1, library: true},
	"function": {script: 1, keys: -1, library: true, sub: "load"},
	// @upstash/redis createScript(script[, {readonly}]): the keys come
	// with each script.eval(keys, args) later.
	"createScript": {script: 0, keys: -1, lua: true},
}

// commandClasses are the @upstash/redis command classes whose constructor
// takes the arguments as one array: new EvalCommand([script, keys, args]),
// new ScriptLoadCommand([script]). Indexes are into that array.
// EvalshaCommand's element 0 is a digest, not a script.
var commandClasses = map[string]api{
	"EvalCommand": {script: 0, keys: 1}, "EvalROCommand": {script: 0, keys: 1},
	"ScriptLoadCommand": {script: 0, keys: -1},
}

// finder collects the scripts of one file.
type finder struct {
	p *parser
	segvalue.Scripts[*literal]
}

// Find returns the scripts of the JavaScript or TypeScript file src.
func (Frontend) Find(path string, src []byte) (*frontend.Found, error) {
	toks := lex(src)
	p := &parser{src: src, toks: toks, resolving: map[int]bool{}, budget: frontend.NewBudget(len(src))}
	p.collectDecls()
	f := &finder{p: p, Scripts: segvalue.Scripts[*literal]{Path: path, Used: map[*literal]bool{}, ByWhole: map[frontend.Span]*frontend.Script{}}}
	f.calls()
	f.scriptObjects()
	f.declared()
	f.loose()
	f.Found.Budget = p.budget
	sort.SliceStable(f.Found.Scripts, func(i, j int) bool {
		return f.Found.Scripts[i].Whole.Start < f.Found.Scripts[j].Whole.Start
	})
	return &f.Found, nil
}

// args returns the token ranges of the arguments of the call whose
// opening parenthesis is at open.
func (p *parser) args(open int) [][2]int {
	end := p.match(open) - 1
	var out [][2]int
	start := open + 1
	for j := start; j < end; {
		t := p.toks[j]
		if t.kind == tPunct && (t.text == "(" || t.text == "[" || t.text == "{") {
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

// span returns the host range of tokens [i, e).
func (p *parser) span(i, e int) frontend.Span {
	if e <= i {
		return frontend.Span{Start: p.tok(i).span.Start, End: p.tok(i).span.Start}
	}
	return frontend.Span{Start: p.toks[i].span.Start, End: p.toks[e-1].span.End}
}

// calls finds the scripts passed to the scripting calls.
func (f *finder) calls() {
	p := f.p
	for i, t := range p.toks {
		if t.kind != tIdent || !(p.is(i-1, ".") || p.is(i-1, "?.")) && !p.is(i-1, "new") {
			continue
		}
		open := p.callParen(i)
		if open < 0 {
			continue
		}
		args := p.args(open)
		if a, ok := commandClasses[t.text]; ok {
			f.commandClass(i, open, args, a)
			continue
		}
		if commandCalls[t.text] && !p.is(i-1, "new") || t.text == "Command" && p.isNew(i) {
			f.commandCall(i, open, args)
			continue
		}
		a, ok := apis[t.text]
		if !ok || p.is(i-1, "new") {
			continue
		}
		if a.sub != "" {
			if len(args) == 0 {
				continue
			}
			lit, ok := p.literalOperand(args[0][0], args[0][1])
			if !ok || !strings.EqualFold(lit.Value(), a.sub) {
				continue
			}
		}
		if a.script >= len(args) {
			continue
		}
		arg := args[a.script]
		call := &frontend.CallSite{API: t.text, Span: p.span(i, p.match(open)), NumKeys: -1, Library: a.library}
		if a.keys >= 0 && a.keys < len(args) {
			f.keys(call, args, a.keys)
		} else if a.keys >= 0 && !a.library {
			call.NumKeys, call.NumKeysSpan = 0, call.Span
		}
		v, end, ok := p.chain(arg[0])
		if !ok || end != arg[1] {
			continue
		}
		if a.lua && (strings.TrimSpace(v.Text()) == "" || !f.Parses(v)) {
			continue
		}
		if v.Runtime != "" {
			f.Found.Runtime = append(f.Found.Runtime, frontend.Runtime{API: t.text, Span: p.span(arg[0], arg[1]), BuiltBy: v.Runtime})
		}
		f.Add(v, call)
	}
}

// commandClass reads new EvalCommand([script, keys, args]) (a command
// class of commandClasses, a), whose name is token i, its arguments args.
func (f *finder) commandClass(i, open int, args [][2]int, a api) {
	p := f.p
	j := i
	for p.is(j-1, ".") && p.tok(j-2).kind == tIdent {
		j -= 2 // new commands.EvalCommand(...)
	}
	if !p.isNew(i) || len(args) == 0 {
		return
	}
	items, ok := p.arrayLit(args[0])
	if !ok || a.script >= len(items) {
		return
	}
	call := &frontend.CallSite{API: "new " + p.toks[i].text, Span: p.span(j-1, p.match(open)), NumKeys: -1}
	if a.keys >= 0 && a.keys < len(items) {
		f.keys(call, items, a.keys)
	}
	arg := items[a.script]
	v, end, ok := p.chain(arg[0])
	if !ok || end != arg[1] {
		return
	}
	if v.Runtime != "" {
		f.Found.Runtime = append(f.Found.Runtime, frontend.Runtime{API: call.API, Span: p.span(arg[0], arg[1]), BuiltBy: v.Runtime})
	}
	f.Add(v, call)
}

// callParen returns the opening parenthesis of the call whose callee name
// is token i, after TypeScript type arguments (eval<string>(...)), or -1.
func (p *parser) callParen(i int) int {
	j := i + 1
	if p.is(j, "<") {
		for j++; j < len(p.toks) && j < i+16 && !p.is(j, ">"); j++ {
			if t := p.toks[j]; t.kind != tIdent && !p.is(j, ".") && !p.is(j, ",") && !p.is(j, "[") && !p.is(j, "]") && !p.is(j, "|") {
				return -1
			}
		}
		if !p.is(j, ">") {
			return -1
		}
		j++
	}
	if !p.is(j, "(") {
		return -1
	}
	return j
}

// commandCalls are the generic command calls: ioredis call('EVAL',
// script, numKeys, ...), node-redis v4 sendCommand(['EVAL', script,
// numKeys, ...]) (a cluster's sendCommand(firstKey, isReadonly, [...])),
// node-redis v3 send_command('EVAL', [script, numKeys, ...]). ioredis's
// new Redis.Command('eval', [script, numKeys, ...]) is read the same way.
var commandCalls = map[string]bool{"call": true, "callBuffer": true, "sendCommand": true, "send_command": true}

// commandCall reads a generic command call whose tokens start at i (the
// method name): an EVAL, SCRIPT LOAD or FUNCTION LOAD with the script
// written out.
func (f *finder) commandCall(i, open int, args [][2]int) {
	p := f.p
	if len(args) == 0 {
		return
	}
	items := args
	if elems, ok := p.arrayLit(args[0]); ok {
		items = elems // sendCommand(['EVAL', ...])
	} else if len(args) == 2 {
		if elems, ok := p.arrayLit(args[1]); ok {
			items = append([][2]int{args[0]}, elems...) // send_command('EVAL', [...])
		}
	} else if len(args) >= 3 && !scriptCommands[p.word(args[0])] {
		if elems, ok := p.arrayLit(args[2]); ok {
			items = elems // a cluster's sendCommand(firstKey, isReadonly, [...])
		}
	}
	word := func(k int) string {
		if k >= len(items) {
			return ""
		}
		return p.word(items[k])
	}
	call := &frontend.CallSite{API: p.toks[i].text + "('" + strings.ToLower(word(0)) + "')", Span: p.span(i, p.match(open)), NumKeys: -1}
	script := 1
	switch word(0) {
	case "EVAL", "EVAL_RO":
		if len(items) > 2 {
			f.keys(call, items[1:], 1)
		}
	case "SCRIPT", "FUNCTION":
		if word(1) != "LOAD" {
			return
		}
		call.API = p.toks[i].text + "('" + strings.ToLower(word(0)) + " load')"
		call.Library = word(0) == "FUNCTION"
		script = 2
		if word(2) == "REPLACE" {
			script = 3
		}
	default:
		return
	}
	if script >= len(items) {
		return
	}
	v, end, ok := p.chain(items[script][0])
	if !ok || end != items[script][1] {
		return
	}
	if v.Runtime != "" {
		f.Found.Runtime = append(f.Found.Runtime, frontend.Runtime{API: call.API, Span: p.span(items[script][0], items[script][1]), BuiltBy: v.Runtime})
	}
	f.Add(v, call)
}

// scriptCommands are the commands a generic command call may run a
// script or library with.
var scriptCommands = map[string]bool{"EVAL": true, "EVAL_RO": true, "SCRIPT": true, "FUNCTION": true}

// word returns the text of the literal argument a, upper case ("" when
// it is not a literal).
func (p *parser) word(a [2]int) string {
	lit, ok := p.literalOperand(a[0], a[1])
	if !ok {
		return ""
	}
	return strings.ToUpper(lit.Value())
}

// isNew reports whether the name at token i is constructed: new Name or
// new a.b.Name.
func (p *parser) isNew(i int) bool {
	for p.is(i-1, ".") && p.tok(i-2).kind == tIdent {
		i -= 2
	}
	return p.is(i-1, "new")
}

// arrayLit returns the elements of the array literal that argument a is.
func (p *parser) arrayLit(a [2]int) ([][2]int, bool) {
	if p.is(a[0], "[") && p.match(a[0]) == a[1] {
		return p.args(a[0]), true
	}
	return nil, false
}

// keys reads the key count or key list of a call from argument k.
func (f *finder) keys(call *frontend.CallSite, args [][2]int, k int) {
	p := f.p
	a := args[k]
	if n, ok := p.intArg(a[0], a[1]); ok {
		call.NumKeys, call.NumKeysSpan = n, p.span(a[0], a[1])
		if len(args) < k+1+n {
			return
		}
		for _, ka := range args[k+1 : k+1+n] {
			if p.is(ka[0], "...") {
				return
			}
		}
		f.keyList(call, args[k+1:k+1+n])
		call.KeysSpan = call.NumKeysSpan
		if n > 0 {
			call.KeysSpan = p.span(args[k+1][0], args[k+n][1])
		}
		return
	}
	open := a[0]
	if p.is(open, "{") && p.match(open) == a[1] {
		props := p.props(open)
		kv, ok := props["keys"]
		if !ok {
			return
		}
		open = kv
		a = [2]int{kv, p.operand(kv)}
	}
	if p.is(open, "[") && p.match(open) == a[1] {
		elems := p.args(open)
		for _, e := range elems {
			if p.is(e[0], "...") {
				return
			}
		}
		f.keyList(call, elems)
		call.KeysSpan = p.span(a[0], a[1])
	}
}

// keyList sets the call's keys from the argument ranges.
func (f *finder) keyList(call *frontend.CallSite, keys [][2]int) {
	p := f.p
	call.KeysKnown = true
	call.Keys = []frontend.Key{}
	for _, ka := range keys {
		k := frontend.Key{Span: p.span(ka[0], ka[1])}
		if lit, ok := p.literalOperand(ka[0], ka[1]); ok && ka[1] == ka[0]+1 && !hasPlaceholder(lit) {
			k.Value, k.Known = lit.Value(), true
		}
		call.Keys = append(call.Keys, k)
	}
}

func hasPlaceholder(l *literal) bool {
	for _, s := range l.Segs {
		if s.PH {
			return true
		}
	}
	return false
}

// intArg reads a literal key count: a number, or a string of digits.
func (p *parser) intArg(i, e int) (int, bool) {
	if e != i+1 {
		return 0, false
	}
	t := p.toks[i]
	text := t.text
	if t.kind == tString {
		if !t.str.OK || hasPlaceholder(t.str) {
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

// props returns the properties of the object literal opening at open:
// each key's value token (a shorthand property's is its name).
func (p *parser) props(open int) map[string]int {
	out := map[string]int{}
	for _, a := range p.args(open) {
		t := p.tok(a[0])
		key := t.text
		if t.kind == tString && t.str.OK {
			key = t.str.Value()
		} else if t.kind != tIdent {
			continue
		}
		switch {
		case p.is(a[0]+1, ":"):
			out[key] = a[0] + 2
		case a[1] == a[0]+1 && t.kind == tIdent:
			out[key] = a[0]
		}
	}
	return out
}

// scriptObjects finds the scripts of ioredis command definitions
// ({numberOfKeys, lua} given to defineCommand or the scripts option) and
// node-redis defineScript({NUMBER_OF_KEYS, SCRIPT}).
func (f *finder) scriptObjects() {
	p := f.p
	for i, t := range p.toks {
		if t.kind != tPunct || t.text != "{" {
			continue
		}
		props := p.props(i)
		api, srcKey, nKey := "defineCommand", "lua", "numberOfKeys"
		at, ok := props[srcKey]
		if !ok {
			api, srcKey, nKey = "defineScript", "SCRIPT", "NUMBER_OF_KEYS"
			if at, ok = props[srcKey]; !ok {
				continue
			}
		}
		v, end, ok := p.chain(at)
		if !ok || !(p.is(end, ",") || p.is(end, "}")) {
			continue
		}
		call := &frontend.CallSite{API: api, Span: p.span(i, p.match(i)), NumKeys: -1}
		if n, ok := props[nKey]; ok {
			if k, ok := p.intArg(n, p.operand(n)); ok {
				call.NumKeys, call.NumKeysSpan = k, p.span(n, n+1)
			}
		}
		if v.Runtime != "" {
			f.Found.Runtime = append(f.Found.Runtime, frontend.Runtime{API: api, Span: p.span(at, end), BuiltBy: v.Runtime})
		}
		f.Add(v, call)
	}
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
		if strings.HasSuffix(n, "+=") {
			continue // read with the variable's assignment
		}
		for k, d := range p.decls[n] {
			v, _, ok := p.chain(d.value)
			if !ok {
				continue
			}
			if !d.prop && !strings.HasSuffix(n, "()") {
				// What the name holds at the end of its block, or at its
				// next assignment.
				until := len(p.toks) - 1
				if d.block >= 0 {
					until = p.match(d.block) - 1
				}
				if k+1 < len(p.decls[n]) {
					until = min(until, p.decls[n][k+1].value)
				}
				p.appends(&v, n, d.value, until)
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
				continue // a function's return value must read as Lua
			}
			f.Add(v, nil)
		}
	}
}

// loose finds the other literal expressions (arguments of unknown
// calls, returned values) whose text calls Redis and reads as Lua.
func (f *finder) loose() {
	p := f.p
	for i, t := range p.toks {
		if t.kind != tString || !t.str.OK || f.Used[t.str] {
			continue
		}
		prev := p.tok(i - 1)
		if prev.kind != tPunct && !(prev.kind == tIdent && prev.text == "return") && prev.kind != 0 {
			continue
		}
		if prev.kind == tPunct && !looseAfter[prev.text] {
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
				return p.is(j, "[") || p.is(j, "{")
			}
			depth--
		}
	}
	return false
}

// looseAfter are the punctuation tokens after which a literal starts an
// expression of its own (an argument, an element, a value).
var looseAfter = map[string]bool{"(": true, ",": true, "[": true, "=>": true, "?": true, ":": true, "=": true}
