package python

import (
	"bytes"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/brackets"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/strvalue"
)

// Frontend finds the Lua scripts of Python files.
type Frontend struct{}

// New returns the Python front end.
func New() *Frontend { return &Frontend{} }

// Language is "python".
func (*Frontend) Language() string { return "python" }

// Extensions are .py and .pyi.
func (*Frontend) Extensions() []string { return []string{".py"} }

// mayHoldWords are the byte strings one of which a file holding a script
// contains.
var mayHoldWords = [][]byte{[]byte("redis."), []byte("server.call"), []byte("server.pcall"), []byte("eval"), []byte("register_script"), []byte("script_load"), []byte("function_load")}

// MayHold reports whether src mentions a Redis call or a scripting API.
func (*Frontend) MayHold(src []byte) bool {
	for _, w := range mayHoldWords {
		if bytes.Contains(src, w) {
			return true
		}
	}
	return false
}

// maxDepth bounds how deep names resolve into names.
const maxDepth = 8

// finder holds the state of one Find.
type finder struct {
	src  []byte
	toks []token
	// match[i] is the index of the bracket closing the one at i.
	match []int
	// assigns maps a name to its assignments, in file order.
	assigns map[string][]assign
	scripts map[frontend.Span]*frontend.Script
	order   []*frontend.Script
	found   frontend.Found
	// objects maps the name holding a script object (register_script)
	// or a script's SHA (script_load) to the script.
	objects map[string][]object
	// used marks the assignments (by their value's first token) whose
	// value a name brings into another expression.
	used map[int]bool
	// wrappers are the functions of the file that pass a parameter to a
	// scripting call, by name; noting says they are being collected.
	wrappers map[string]wrapper
	noting   bool
	// memo holds the values of assignments evaluated (by their value's
	// first token), busy those being evaluated (a name defined through
	// itself).
	memo map[int]memoValue
	busy map[int]bool
	// budget bounds the text the values of the file copy (constants
	// repeated into constants).
	budget *frontend.Budget
	// encl[i] is the bracket enclosing token i (-1: none), made on first
	// use.
	encl []int
	// pairs is how the file's brackets pair.
	pairs brackets.Pairs
}

// wrapper is a function of the file whose positional parameter index
// holds the script it passes to a scripting call.
type wrapper struct {
	index   int
	param   string
	library bool
}

// memoValue is a memoised evaluation.
type memoValue struct {
	v  value
	ok bool
}

// assign is one `name = value` of the file.
type assign struct {
	name       string
	at         int // the token of the name
	start, end int // the value's tokens
}

// object is a name bound to a script object at token at.
type object struct {
	at     int
	script *frontend.Script
	sha    bool
}

// Find returns the scripts of the Python file src.
func (*Frontend) Find(_ string, src []byte) (*frontend.Found, error) {
	f := &finder{src: src, toks: tokenize(src), assigns: map[string][]assign{}, scripts: map[frontend.Span]*frontend.Script{}, objects: map[string][]object{}, used: map[int]bool{}, wrappers: map[string]wrapper{}, memo: map[int]memoValue{}, busy: map[int]bool{},
		budget: frontend.NewBudget(len(src))}
	f.found.Budget = f.budget
	f.brackets()
	f.collectAssigns()
	f.calls()
	f.constants()
	f.loose()
	sort.SliceStable(f.order, func(i, j int) bool { return f.order[i].Whole.Start < f.order[j].Whole.Start })
	f.found.Scripts = f.order
	return &f.found, nil
}

// brackets matches the brackets of the file.
func (f *finder) brackets() {
	ps := brackets.PairTokens(len(f.toks), func(i int) brackets.Kind {
		if f.toks[i].kind != tokOp {
			return brackets.Other
		}
		return brackets.KindOf(f.toks[i].text)
	})
	f.pairs = ps
	f.match = make([]int, len(f.toks))
	for i := range f.match {
		f.match[i] = ps.Partner(i)
	}
}

func (f *finder) is(i int, op string) bool {
	return i >= 0 && i < len(f.toks) && f.toks[i].kind == tokOp && f.toks[i].text == op
}

// statementEnd returns the end of the expression starting at token i: the
// logical line's end, or a bracket closing one opened before i.
func (f *finder) statementEnd(i int) int {
	for i < len(f.toks) {
		t := f.toks[i]
		if t.kind == tokNewline || t.kind == tokOp && (t.text == ";" || t.text == ")" || t.text == "]" || t.text == "}" || t.text == ",") {
			return i
		}
		if t.kind == tokOp && (t.text == "(" || t.text == "[" || t.text == "{") && f.match[i] > i {
			i = f.match[i] + 1
			continue
		}
		i++
	}
	return i
}

// collectAssigns finds `target = value` at the start of a logical line
// (target a name or an attribute, optionally annotated).
func (f *finder) collectAssigns() {
	for i := range len(f.toks) {
		if i > 0 && f.toks[i-1].kind != tokNewline && !f.is(i-1, ";") {
			continue
		}
		j := i
		name := ""
		for j < len(f.toks) && f.toks[j].kind == tokName {
			name = f.toks[j].text
			if !f.is(j+1, ".") {
				j++
				break
			}
			j += 2
		}
		if name == "" {
			continue
		}
		if f.is(j, ":") { // an annotation
			k := j + 1
			for k < len(f.toks) && !f.is(k, "=") && f.toks[k].kind != tokNewline {
				if f.match[k] > k {
					k = f.match[k]
				}
				k++
			}
			j = k
		}
		if !f.is(j, "=") {
			continue
		}
		start := j + 1
		end := f.statementEnd(start)
		if start < end {
			f.assigns[name] = append(f.assigns[name], assign{name: name, at: j - 1, start: start, end: end})
		}
	}
}

// resolve returns the assignment of name that a use at token at sees: the
// last one before it, else the first one after it.
func (f *finder) resolve(name string, at int) (assign, bool) {
	as := f.assigns[name]
	if len(as) == 0 {
		return assign{}, false
	}
	best := -1
	for k, a := range as {
		if a.end <= at {
			best = k
		}
	}
	if best < 0 {
		best = 0
	}
	return as[best], true
}

// eval evaluates the tokens [a, b) as a string expression.
func (f *finder) eval(a, b, depth int) (value, bool) {
	if a >= b || depth > maxDepth {
		return value{}, false
	}
	terms := f.split(a, b, "+")
	if len(terms) == 1 {
		return f.term(a, b, depth)
	}
	var out value
	strs := 0
	for k, t := range terms {
		v, ok := f.term(t[0], t[1], depth)
		if ok {
			strs++
		} else {
			if t[0] >= t[1] {
				return value{}, false
			}
			at := frontend.Span{Start: f.toks[t[0]].span.Start, End: f.toks[t[1]-1].span.End}
			v = placeholder(string(f.src[at.Start:at.End]), at)
			v.Runtime = "concatenation with a variable"
		}
		if k == 0 {
			out = v
		} else {
			out.Concat(v)
		}
	}
	if strs == 0 {
		return value{}, false
	}
	out.Whole = strvalue.Span{Start: f.toks[a].span.Start, End: f.toks[b-1].span.End}
	return out, true
}

// split splits the tokens [a, b) at the top-level operator op.
func (f *finder) split(a, b int, op string) [][2]int {
	var out [][2]int
	start := a
	for i := a; i < b; i++ {
		if f.match[i] > i {
			i = f.match[i]
			continue
		}
		if f.is(i, op) {
			out = append(out, [2]int{start, i})
			start = i + 1
		}
	}
	return append(out, [2]int{start, b})
}

// term evaluates a term: an atom with its postfix calls, or
// `template % values`.
func (f *finder) term(a, b, depth int) (value, bool) {
	if parts := f.split(a, b, "%"); len(parts) == 2 {
		v, ok := f.postfix(parts[0][0], parts[0][1], depth)
		if !ok {
			return value{}, false
		}
		percentFormat(&v, f.src)
		v.Whole = strvalue.Span{Start: f.toks[a].span.Start, End: f.toks[b-1].span.End}
		return v, true
	}
	return f.postfix(a, b, depth)
}

// postfix evaluates an atom followed by string methods.
func (f *finder) postfix(a, b, depth int) (value, bool) {
	if a >= b {
		return value{}, false
	}
	v, next, ok := f.atom(a, b, depth)
	if !ok {
		return value{}, false
	}
	if next == b {
		return v, true
	}
	for next < b {
		if !f.is(next, ".") || next+2 >= b || f.toks[next+1].kind != tokName || !f.is(next+2, "(") || f.match[next+2] < 0 {
			return value{}, false
		}
		method, open, closing := f.toks[next+1].text, next+2, f.match[next+2]
		empty := closing == open+1
		switch {
		case method == "format":
			if !braceFormat(&v, f.src, f.formatArgs(open, depth)) {
				return value{}, false
			}
		case method == "strip" && empty:
			v.Strip(true, true)
		case method == "lstrip" && empty:
			v.Strip(true, false)
		case method == "rstrip" && empty:
			v.Strip(false, true)
		case method == "encode" || method == "decode":
		default:
			return value{}, false
		}
		next = closing + 1
	}
	v.Whole = strvalue.Span{Start: f.toks[a].span.Start, End: f.toks[b-1].span.End}
	return v, true
}

// formatArgs evaluates the arguments of the .format call whose
// parenthesis opens at token open: those whose value is a constant string
// fill their fields. Each is evaluated even when it is not constant, so
// that a template passed as one (a fragment) counts as used. After a
// *args, no position is known; after a **kwargs, no further keyword.
func (f *finder) formatArgs(open, depth int) formatArgs {
	out := formatArgs{kw: map[string]*value{}, take: func(w *value) bool {
		return f.budget.Take(len(w.Pieces), f.toks[open-1].span)
	}}
	known := true
	for _, a := range f.args(open) {
		if a.star {
			known = known && f.is(a.start-1, "**")
			continue
		}
		// The same depth: an argument is a part of the call's tokens, and
		// a name in it counts a level as it resolves.
		v, ok := f.eval(a.start, a.end, depth)
		var w *value
		if ok && v.Runtime == "" {
			w = &v
		}
		switch {
		case a.kw != "":
			out.kw[a.kw] = w
		case known:
			out.pos = append(out.pos, w)
		}
	}
	return out
}

// stringMethods are the str methods postfix applies: a name's attribute
// chain (`TEMPLATE.format(...)`, `self.LUA.strip()`) ends before one.
var stringMethods = map[string]bool{"format": true, "strip": true, "lstrip": true, "rstrip": true, "encode": true, "decode": true}

// atom evaluates the primary expression at a: adjacent literals, a
// parenthesised expression, a name holding a string, textwrap.dedent(x).
// It returns the token after it.
func (f *finder) atom(a, b, depth int) (value, int, bool) {
	t := f.toks[a]
	switch {
	case t.kind == tokString:
		var v value
		i := a
		for ; i < b && f.toks[i].kind == tokString; i++ {
			w, ok := f.literalValue(f.toks[i].str, i, depth)
			if !ok {
				return value{}, 0, false
			}
			if i == a {
				v = w
			} else {
				v.Concat(w)
			}
		}
		return v, i, true
	case f.is(a, "("):
		c := f.match[a]
		if c < 0 || c >= b {
			return value{}, 0, false
		}
		v, ok := f.eval(a+1, c, depth+1)
		return v, c + 1, ok
	case t.kind == tokName:
		i := a
		for i+2 < b && f.is(i+1, ".") && f.toks[i+2].kind == tokName && !(stringMethods[f.toks[i+2].text] && f.is(i+3, "(")) {
			i += 2
		}
		last := f.toks[i].text
		if f.is(i+1, "(") && f.match[i+1] > 0 && f.match[i+1] < b {
			c := f.match[i+1]
			if last == "dedent" {
				v, ok := f.eval(i+2, c, depth+1)
				if !ok {
					return value{}, 0, false
				}
				dedent(&v)
				return v, c + 1, true
			}
			return value{}, 0, false
		}
		as, ok := f.resolve(last, a)
		if !ok || as.start <= a && a < as.end {
			return value{}, 0, false
		}
		v, ok := f.evalAssign(as, a, depth+1)
		if ok {
			f.used[as.start] = true
		}
		return v, i + 1, ok
	}
	return value{}, 0, false
}

// evalAssign evaluates the value of an assignment, once, and returns a
// copy of it for a use at token at: the copy is taken from the file's
// budget.
func (f *finder) evalAssign(as assign, at, depth int) (value, bool) {
	m, ok := f.memo[as.start]
	if !ok {
		if f.busy[as.start] {
			return value{}, false
		}
		f.busy[as.start] = true
		m.v, m.ok = f.eval(as.start, as.end, depth)
		delete(f.busy, as.start)
		f.memo[as.start] = m
	}
	if !m.ok {
		return value{}, false
	}
	if !f.budget.Take(len(m.v.Pieces), f.toks[at].span) {
		// The name is used, by a value too large to know: it is no
		// script of its own (rule 3) either.
		f.used[as.start] = true
		return value{}, false
	}
	return m.v.Clone(), true
}

// fieldName matches an f-string field that is a name or an attribute.
var fieldName = regexp.MustCompile(`^\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*(?:!s)?\}$`)

// literalValue is the value of the literal l (token at): an f-string's
// fields that name a constant string of the file take its text. It is
// false when the file's budget is spent.
func (f *finder) literalValue(l *literal, at, depth int) (value, bool) {
	if !f.budget.Take(len(l.pieces), l.span) {
		return value{}, false
	}
	v := fromLiteral(l)
	if !l.fields {
		return v, true
	}
	out := value{Whole: v.Whole, Lits: v.Lits}
	constant := true
	for _, p := range v.Pieces {
		if p.PH {
			if m := fieldName.FindStringSubmatch(p.Text); m != nil && depth < maxDepth {
				name := m[1][strings.LastIndexByte(m[1], '.')+1:]
				if as, ok := f.resolve(name, at); ok {
					if w, ok := f.evalAssign(as, at, depth+1); ok && w.Runtime == "" {
						f.used[as.start] = true
						out.Concat(w)
						out.Whole = v.Whole
						continue
					}
				}
			}
			constant = false
		}
		out.Pieces = append(out.Pieces, p)
	}
	if constant {
		out.Runtime = ""
	} else {
		out.Runtime = v.Runtime
	}
	return out, true
}

// argument is one argument of a call: its keyword ("" for a positional
// one), its tokens, and whether it is starred.
type argument struct {
	kw         string
	start, end int
	star       bool
}

// args returns the arguments of the call whose parenthesis opens at
// token open.
func (f *finder) args(open int) []argument {
	closing := f.match[open]
	if closing < 0 {
		return nil
	}
	var out []argument
	for _, p := range f.split(open+1, closing, ",") {
		a := argument{start: p[0], end: p[1]}
		if a.start >= a.end {
			continue
		}
		if f.toks[a.start].kind == tokName && f.is(a.start+1, "=") {
			a.kw = f.toks[a.start].text
			a.start += 2
		} else if f.is(a.start, "*") || f.is(a.start, "**") {
			a.star = true
			a.start++
		}
		out = append(out, a)
	}
	return out
}

// argSpan is the host range of an argument.
func (f *finder) argSpan(a argument) frontend.Span {
	if a.start >= a.end {
		return frontend.Span{}
	}
	return frontend.Span{Start: f.toks[a.start].span.Start, End: f.toks[a.end-1].span.End}
}

// scriptArg returns the argument holding the script: the keyword one
// named kw, else positional index pos.
func scriptArg(args []argument, pos int, kws ...string) (argument, bool) {
	for _, a := range args {
		for _, kw := range kws {
			if a.kw == kw {
				return a, true
			}
		}
	}
	n := 0
	for _, a := range args {
		if a.kw != "" {
			continue
		}
		if a.star {
			return argument{}, false
		}
		if n == pos {
			return a, true
		}
		n++
	}
	return argument{}, false
}

// positional returns the positional arguments.
func positional(args []argument) []argument {
	var out []argument
	for _, a := range args {
		if a.kw == "" {
			out = append(out, a)
		}
	}
	return out
}

// api describes one scripting call of the clients.
type api struct {
	// scriptAt is the index of the positional argument holding the
	// script; kws its keyword names.
	scriptAt int
	kws      []string
	// numkeys: the call passes a key count after the script, then the
	// keys (EVAL's order).
	numkeys bool
	library bool
	// object: the call returns a script object called with keys=, args=.
	object bool
	// sha: the call returns the script's SHA, passed to evalsha.
	sha bool
	// method: it is only a method call (x.eval), never a bare name.
	method bool
	// needRedis: the script's text must call Redis (a method name that is
	// common outside Redis clients: coredis Library.update).
	needRedis bool
}

// apis are the scripting calls recognised, by name (redis-py, its asyncio
// client, aioredis, fakeredis, redis-py-cluster).
var apis = map[string]api{
	"eval":            {scriptAt: 0, kws: []string{"script"}, numkeys: true, method: true},
	"eval_ro":         {scriptAt: 0, kws: []string{"script"}, numkeys: true, method: true},
	"register_script": {scriptAt: 0, kws: []string{"script"}, object: true, method: true},
	"script_load":     {scriptAt: 0, kws: []string{"script"}, sha: true, method: true},
	"function_load":   {scriptAt: 0, kws: []string{"code", "function_code"}, library: true, method: true},
	// coredis: register_library(name, code), Library(client, name, code),
	// library.update(new_code).
	"register_library": {scriptAt: 1, kws: []string{"code"}, library: true, method: true},
	"Library":          {scriptAt: 2, kws: []string{"code"}, library: true},
	"update":           {scriptAt: 0, kws: []string{"new_code"}, library: true, method: true, needRedis: true},
	"Script":           {scriptAt: 1, kws: []string{"script"}, object: true},
	"AsyncScript":      {scriptAt: 1, kws: []string{"script"}, object: true},
}

// calls finds the scripting calls of the file.
func (f *finder) calls() {
	f.noting = true
	defer f.wrapperCalls()
	defer func() { f.noting = false }()
	for i := 0; i+1 < len(f.toks); i++ {
		t := f.toks[i]
		if t.kind != tokName || !f.is(i+1, "(") || f.match[i+1] < 0 || i > 0 && f.toks[i-1].kind == tokName && f.toks[i-1].text == "def" {
			continue
		}
		name := t.text
		if name == "execute_command" {
			f.executeCommand(i)
			continue
		}
		a, ok := apis[name]
		if !ok || a.method && !f.is(i-1, ".") {
			continue
		}
		args := f.args(i + 1)
		arg, ok := scriptArg(args, a.scriptAt, a.kws...)
		if !ok {
			continue
		}
		call := &frontend.CallSite{API: name, Span: f.callSpan(i), NumKeys: -1, Library: a.library}
		if a.numkeys {
			f.numKeys(call, args, a.scriptAt+1)
		}
		// lupa's LuaRuntime.eval(expr) is no Redis call: redis-py's eval
		// takes a key count.
		oneArg := (name == "eval" || name == "eval_ro") && len(args) == 1
		s := f.script(arg, call, oneArg || a.needRedis)
		if s == nil {
			continue
		}
		if a.object || a.sha {
			if holder, at := f.holder(i); holder != "" {
				f.objects[holder] = append(f.objects[holder], object{at: at, script: s, sha: a.sha})
			}
		}
	}
	f.objectCalls()
}

// executeCommand reads execute_command("EVAL", script, numkeys, ...),
// execute_command("SCRIPT", "LOAD", script) and execute_command(
// "FUNCTION", "LOAD", ["REPLACE",] code), the command's name a literal in
// any case ("SCRIPT LOAD" in one literal too, as redis-py sends it).
func (f *finder) executeCommand(i int) {
	args := positional(f.args(i + 1))
	words := []string{}
	at := 0
	for at < len(args) && len(words) < 2 {
		w, ok := f.plainArg(args[at])
		if !ok {
			break
		}
		words = append(words, strings.Fields(strings.ToUpper(w))...)
		at++
		if len(words) > 0 && (words[0] == "EVAL" || words[0] == "EVAL_RO") {
			break
		}
	}
	if len(words) == 0 || at >= len(args) {
		return
	}
	cmd := words[0]
	switch {
	case len(words) == 1 && (cmd == "EVAL" || cmd == "EVAL_RO"):
		call := &frontend.CallSite{API: `execute_command("` + cmd + `")`, Span: f.callSpan(i), NumKeys: -1}
		f.numKeys(call, args, at+1)
		f.script(args[at], call, false)
	case len(words) == 2 && (cmd == "SCRIPT" || cmd == "FUNCTION") && words[1] == "LOAD":
		call := &frontend.CallSite{API: `execute_command("` + cmd + ` LOAD")`, Span: f.callSpan(i), NumKeys: -1, Library: cmd == "FUNCTION"}
		f.script(args[len(args)-1], call, false)
	}
}

// plainArg returns the text of an argument that is one plain string
// literal.
func (f *finder) plainArg(a argument) (string, bool) {
	if a.star || a.end != a.start+1 || f.toks[a.start].kind != tokString || f.toks[a.start].str.fields {
		return "", false
	}
	return f.toks[a.start].str.plain(), true
}

// callSpan is the host range of the call whose name is token i, from its
// receiver.
func (f *finder) callSpan(i int) frontend.Span {
	start := i
	for start >= 2 && f.is(start-1, ".") && f.toks[start-2].kind == tokName {
		start -= 2
	}
	return frontend.Span{Start: f.toks[start].span.Start, End: f.toks[f.match[i+1]].span.End}
}

// holder returns the name that the call whose name is token i is assigned
// to (`self._script = r.register_script(...)`), and its token.
func (f *finder) holder(i int) (string, int) {
	start := i
	for start >= 2 && f.is(start-1, ".") && f.toks[start-2].kind == tokName {
		start -= 2
	}
	if start >= 1 && f.toks[start-1].kind == tokName && f.toks[start-1].text == "await" {
		start--
	}
	if start < 2 || !f.is(start-1, "=") || f.toks[start-2].kind != tokName {
		return "", 0
	}
	return f.toks[start-2].text, start - 2
}

// numKeys fills the key count and keys of an EVAL-ordered call: the
// positional argument at index at is the count, the keys follow; or
// keys= and args= keywords (aioredis).
func (f *finder) numKeys(call *frontend.CallSite, args []argument, at int) {
	for _, a := range args {
		if a.kw == "keys" {
			f.keyList(call, a)
			return
		}
	}
	pos := positional(args)
	if at >= len(pos) || pos[at].star {
		return
	}
	n, ok := f.intArg(pos[at])
	if !ok {
		return
	}
	call.NumKeys, call.NumKeysSpan = n, f.argSpan(pos[at])
	if at+1+n > len(pos) {
		return
	}
	var keys []frontend.Key
	for _, k := range pos[at+1 : at+1+n] {
		if k.star {
			return
		}
		keys = append(keys, f.key(k))
	}
	call.Keys, call.KeysKnown, call.KeysSpan = keys, true, call.NumKeysSpan
	if n > 0 {
		call.KeysSpan = frontend.Span{Start: f.argSpan(pos[at+1]).Start, End: f.argSpan(pos[at+n]).End}
	}
}

// intArg reads a literal key count: 2, or "2" (redis-py sends it as is).
func (f *finder) intArg(a argument) (int, bool) {
	if a.end != a.start+1 {
		return 0, false
	}
	t := f.toks[a.start]
	text := t.text
	if t.kind == tokString {
		text = t.str.plain()
	} else if t.kind != tokNumber {
		return 0, false
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// key reads one key argument.
func (f *finder) key(a argument) frontend.Key {
	k := frontend.Key{Span: f.argSpan(a)}
	if a.end == a.start+1 && f.toks[a.start].kind == tokString && !f.toks[a.start].str.fields {
		k.Value, k.Known = f.toks[a.start].str.plain(), true
	}
	return k
}

// keyList reads keys=[...] (a list or tuple literal).
func (f *finder) keyList(call *frontend.CallSite, a argument) {
	if !(f.is(a.start, "[") || f.is(a.start, "(")) || f.match[a.start] != a.end-1 {
		return
	}
	var keys []frontend.Key
	if a.end-a.start > 2 {
		for _, p := range f.split(a.start+1, a.end-1, ",") {
			if p[0] >= p[1] {
				continue
			}
			k := argument{start: p[0], end: p[1]}
			if f.is(k.start, "*") {
				return
			}
			keys = append(keys, f.key(k))
		}
	}
	call.Keys, call.KeysKnown, call.KeysSpan = keys, true, f.argSpan(a)
}

// objectCalls finds the calls of script objects (`s(keys=[...],
// args=[...])`) and of evalsha with a SHA from script_load, and adds them
// to their scripts' call sites.
func (f *finder) objectCalls() {
	if len(f.objects) == 0 {
		return
	}
	for i := 0; i+1 < len(f.toks); i++ {
		t := f.toks[i]
		if t.kind != tokName || !f.is(i+1, "(") || f.match[i+1] < 0 {
			continue
		}
		if t.text == "evalsha" || t.text == "evalsha_ro" {
			args := f.args(i + 1)
			pos := positional(args)
			if len(pos) == 0 || pos[0].star {
				continue
			}
			name := f.lastName(pos[0])
			if o, ok := f.object(name, i, true); ok {
				call := &frontend.CallSite{API: t.text, Span: f.callSpan(i), NumKeys: -1}
				f.numKeys(call, args, 1)
				o.script.Calls = append(o.script.Calls, call)
			}
			continue
		}
		o, ok := f.object(t.text, i, false)
		if !ok {
			continue
		}
		if i > 0 && f.toks[i-1].kind == tokName && f.toks[i-1].text == "def" {
			continue
		}
		call := &frontend.CallSite{API: t.text, Span: f.callSpan(i), NumKeys: -1}
		args := f.args(i + 1)
		if a, ok := scriptArg(args, 0, "keys"); ok {
			f.keyList(call, argument{kw: "keys", start: a.start, end: a.end})
		}
		o.script.Calls = append(o.script.Calls, call)
	}
}

// object returns the script object or SHA that name holds at token at.
func (f *finder) object(name string, at int, sha bool) (object, bool) {
	var best *object
	for k, o := range f.objects[name] {
		if o.sha != sha || o.at == at {
			continue
		}
		if best == nil || o.at < at {
			best = &f.objects[name][k]
		}
	}
	if best == nil {
		return object{}, false
	}
	return *best, true
}

// noteWrapper records the function enclosing a scripting call whose
// script argument is one of the function's parameters (`def run(self,
// script): return self.r.eval(script, 0)`); self and cls do not count.
func (f *finder) noteWrapper(arg argument, call *frontend.CallSite) {
	if arg.end != arg.start+1 || f.toks[arg.start].kind != tokName {
		return
	}
	param := f.toks[arg.start].text
	d := arg.start - 1
	for d >= 0 && !(f.toks[d].kind == tokName && f.toks[d].text == "def") {
		d--
	}
	if d < 0 || d+2 >= len(f.toks) || f.toks[d+1].kind != tokName || !f.is(d+2, "(") || f.match[d+2] < 0 {
		return
	}
	index := 0
	for _, a := range f.args(d + 2) {
		if a.star || a.start >= a.end || f.toks[a.start].kind != tokName {
			continue
		}
		p := f.toks[a.start].text
		if p == "self" || p == "cls" {
			continue
		}
		if a.kw != "" {
			p = a.kw // a parameter with a default
		}
		if p == param {
			f.wrappers[f.toks[d+1].text] = wrapper{index: index, param: param, library: call.Library}
			return
		}
		index++
	}
}

// wrapperCalls finds the calls of the wrappers, with the script they
// pass.
func (f *finder) wrapperCalls() {
	if len(f.wrappers) == 0 {
		return
	}
	for i := 0; i+1 < len(f.toks); i++ {
		t := f.toks[i]
		w, ok := f.wrappers[t.text]
		if t.kind != tokName || !ok || !f.is(i+1, "(") || f.match[i+1] < 0 || i > 0 && f.toks[i-1].kind == tokName && f.toks[i-1].text == "def" {
			continue
		}
		if a, ok := scriptArg(f.args(i+1), w.index, w.param); ok {
			f.script(a, &frontend.CallSite{API: t.text, Span: f.callSpan(i), NumKeys: -1, Library: w.library}, false)
		}
	}
}

// lastName returns the last name of an argument that is a name or an
// attribute (self._sha), or "".
func (f *finder) lastName(a argument) string {
	for i := a.start; i < a.end; i++ {
		if f.toks[i].kind != tokName && !f.is(i, ".") {
			return ""
		}
	}
	if f.toks[a.end-1].kind != tokName {
		return ""
	}
	return f.toks[a.end-1].text
}

// script records the script that argument arg of call holds, and returns
// it (nil when the argument is not a string the file shows).
func (f *finder) script(arg argument, call *frontend.CallSite, needRedis bool) *frontend.Script {
	v, ok := f.eval(arg.start, arg.end, 0)
	if !ok && f.noting && !needRedis {
		f.noteWrapper(arg, call)
	}
	if !ok || needRedis && !frontend.CallsRedis(v.Text()) {
		return nil
	}
	if v.Runtime != "" && !call.Library {
		f.found.Runtime = append(f.found.Runtime, frontend.Runtime{API: call.API, Span: f.argSpan(arg), BuiltBy: v.Runtime})
	}
	name := ""
	if arg.end == arg.start+1 || f.lastName(arg) != "" {
		name = f.lastName(arg)
	}
	s := f.record(v, name)
	if s.Call == nil {
		s.Call = call
	} else {
		s.Calls = append(s.Calls, call)
	}
	return s
}

// record returns the script of value v, made once per host expression.
func (f *finder) record(v value, name string) *frontend.Script {
	if s, ok := f.scripts[frontend.Span(v.Whole)]; ok {
		return s
	}
	s := v.Script(func(l litRef) (frontend.Span, func(string) (string, bool)) {
		return l.lit.span, l.lit.encoder(l.braces, l.percent)
	})
	s.Name = name
	f.scripts[frontend.Span(v.Whole)] = s
	f.order = append(f.order, s)
	return s
}

// constants records the assigned strings whose text calls Redis.
func (f *finder) constants() {
	names := make([]string, 0, len(f.assigns))
	for n := range f.assigns {
		names = append(names, n)
	}
	sort.Strings(names)
	type candidate struct {
		v     value
		name  string
		start int
	}
	var cands []candidate
	for _, n := range names {
		for _, a := range f.assigns[n] {
			v, ok := f.evalAssign(a, a.at, 0)
			if ok && frontend.CallsRedis(v.Text()) {
				cands = append(cands, candidate{v, n, a.start})
			}
		}
	}
	for _, c := range cands {
		if _, ok := f.scripts[frontend.Span(c.v.Whole)]; ok || !f.used[c.start] {
			f.record(c.v, c.name)
		}
	}
}

// plain is the literal's text without its placeholders.
func (l *literal) plain() string {
	var b strings.Builder
	for _, p := range l.pieces {
		if !p.PH {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}
