package ruby

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

// Frontend finds the Lua scripts of Ruby files.
type Frontend struct{}

// New returns the Ruby front end.
func New() *Frontend { return &Frontend{} }

// Language is "ruby".
func (*Frontend) Language() string { return "ruby" }

// Extensions are .rb.
func (*Frontend) Extensions() []string { return []string{".rb"} }

// mayHoldWords are the byte strings one of which a file holding a script
// contains.
var mayHoldWords = [][]byte{[]byte("redis."), []byte("server.call"), []byte("server.pcall"), []byte("eval"), []byte("EVAL"), []byte("script"), []byte("function")}

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
	src     []byte
	toks    []token
	match   []int
	assigns map[string][]assign
	scripts map[frontend.Span]*frontend.Script
	order   []*frontend.Script
	found   frontend.Found
	objects map[string][]object
	used    map[int]bool
	memo    map[int]memoValue
	busy    map[int]bool
	// recorded marks the starts of the literals of the scripts recorded.
	recorded map[int]bool
	// wrappers are the methods of the file that pass a parameter to a
	// scripting call, by name; noting says they are being collected.
	wrappers map[string]wrapper
	noting   bool
	// budget bounds the text the values of the file copy (constants
	// repeated into constants).
	budget *frontend.Budget
	// encl[i] is the bracket enclosing token i (-1: none), made on first
	// use.
	encl []int
	// pairs is how the file's brackets pair.
	pairs brackets.Pairs
}

// wrapper is a method of the file whose positional parameter index
// holds the script it passes to a scripting call.
type wrapper struct {
	index   int
	library bool
}

// assign is one `name = value` of the file, or an RSpec `let(:name) {
// value }` (let).
type assign struct {
	name       string
	at         int
	start, end int
	let        bool
}

// object is a name bound to a script's SHA (script(:load, ...)) at token
// at.
type object struct {
	at     int
	script *frontend.Script
}

type memoValue struct {
	v  value
	ok bool
}

// Find returns the scripts of the Ruby file src.
func (*Frontend) Find(_ string, src []byte) (*frontend.Found, error) {
	f := &finder{src: src, toks: tokenize(src), assigns: map[string][]assign{}, scripts: map[frontend.Span]*frontend.Script{},
		objects: map[string][]object{}, used: map[int]bool{}, memo: map[int]memoValue{}, busy: map[int]bool{}, recorded: map[int]bool{}, wrappers: map[string]wrapper{},
		budget: frontend.NewBudget(len(src))}
	f.found.Budget = f.budget
	f.brackets()
	f.collectAssigns()
	f.collectLets()
	f.calls()
	f.commandArrays()
	f.constants()
	f.loose()
	sort.SliceStable(f.order, func(i, j int) bool { return f.order[i].Whole.Start < f.order[j].Whole.Start })
	f.found.Scripts = f.order
	return &f.found, nil
}

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

func (f *finder) isName(i int, name string) bool {
	return i >= 0 && i < len(f.toks) && f.toks[i].kind == tokName && f.toks[i].text == name
}

func (f *finder) newline(i int) bool {
	return i >= 0 && i < len(f.toks) && f.toks[i].kind == tokNewline
}

// statementStart says token i starts a statement.
func (f *finder) statementStart(i int) bool {
	return i == 0 || f.newline(i-1) || f.is(i-1, ";")
}

// statementEnd returns the end of the expression starting at token i.
func (f *finder) statementEnd(i int) int {
	for i < len(f.toks) {
		t := f.toks[i]
		if t.kind == tokNewline || t.kind == tokOp && (t.text == ";" || t.text == ")" || t.text == "]" || t.text == "}" || t.text == ",") {
			return i
		}
		if t.kind == tokName && (t.text == "if" || t.text == "unless" || t.text == "do" || t.text == "rescue") {
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

// trim drops the line breaks at the edges of [a, b).
func (f *finder) trim(a, b int) (int, int) {
	for a < b && f.newline(a) {
		a++
	}
	for b > a && f.newline(b-1) {
		b--
	}
	return a, b
}

// collectAssigns finds `target = value` and `target ||= value` at the
// start of a statement (target a name, @ivar, a constant, Mod::CONST,
// self.x).
func (f *finder) collectAssigns() {
	for i := range len(f.toks) {
		if !f.statementStart(i) {
			continue
		}
		j := i
		name := ""
		for j < len(f.toks) && f.toks[j].kind == tokName {
			name = f.toks[j].text
			if !f.is(j+1, ".") && !f.is(j+1, "::") {
				j++
				break
			}
			j += 2
		}
		if name == "" || keywords[name] || !f.is(j, "=") && !f.is(j, "||=") {
			continue
		}
		start := j + 1
		end := f.statementEnd(start)
		if start < end {
			f.assigns[name] = append(f.assigns[name], assign{name: name, at: j - 1, start: start, end: end})
		}
	}
}

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

// evalAssign returns a copy of the value of the assignment as, used at
// token at: the copy is taken from the file's budget.
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

// eval evaluates the tokens [a, b) as a string expression: terms joined
// by + or <<.
func (f *finder) eval(a, b, depth int) (value, bool) {
	a, b = f.trim(a, b)
	if a >= b || depth > maxDepth {
		return value{}, false
	}
	terms := f.splitOps(a, b, "+", "<<")
	if len(terms) == 1 {
		return f.term(a, b, depth)
	}
	var out value
	strs := 0
	for k, t := range terms {
		ta, tb := f.trim(t[0], t[1])
		v, ok := f.term(ta, tb, depth)
		if ok {
			strs++
		} else {
			if ta >= tb {
				return value{}, false
			}
			at := frontend.Span{Start: f.toks[ta].span.Start, End: f.toks[tb-1].span.End}
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

// splitOps splits [a, b) at the top-level operators ops.
func (f *finder) splitOps(a, b int, ops ...string) [][2]int {
	var out [][2]int
	start := a
	for i := a; i < b; i++ {
		if f.match[i] > i {
			i = f.match[i]
			continue
		}
		for _, op := range ops {
			if f.is(i, op) {
				out = append(out, [2]int{start, i})
				start = i + 1
				break
			}
		}
	}
	return append(out, [2]int{start, b})
}

// term evaluates an atom with its postfix calls, or `template % values`.
func (f *finder) term(a, b, depth int) (value, bool) {
	if parts := f.splitOps(a, b, "%"); len(parts) == 2 {
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

// postfix evaluates an atom followed by string methods that keep its text
// (.freeze, .dup, .to_s) or strip it.
func (f *finder) postfix(a, b, depth int) (value, bool) {
	a, b = f.trim(a, b)
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
		if !(f.is(next, ".") || f.is(next, "&.")) || next+1 >= b || f.toks[next+1].kind != tokName {
			return value{}, false
		}
		method := f.toks[next+1].text
		next += 2
		empty := true
		if f.is(next, "(") && !f.toks[next].spaceBefore && f.match[next] > 0 && f.match[next] < b {
			empty = f.match[next] == next+1
			next = f.match[next] + 1
		}
		switch {
		case method == "freeze" || method == "dup" || method == "to_s" || method == "b" || method == "force_encoding" || method == "encode" || method == "to_str":
		case method == "strip" && empty:
			v.Strip(true, true)
		case method == "lstrip" && empty:
			v.Strip(true, false)
		case (method == "rstrip" || method == "chomp") && empty:
			if method == "chomp" {
				chomp(&v)
			} else {
				v.Strip(false, true)
			}
		default:
			return value{}, false
		}
	}
	v.Whole = strvalue.Span{Start: f.toks[a].span.Start, End: f.toks[b-1].span.End}
	return v, true
}

// atom evaluates the primary expression at a.
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
		for i+2 < b && (f.is(i+1, "::") || f.is(i+1, ".")) && f.toks[i+2].kind == tokName && !postfixMethods[f.toks[i+2].text] {
			i += 2
		}
		last := f.toks[i].text
		if (last == "format" || last == "sprintf") && f.is(i+1, "(") && f.match[i+1] > 0 && f.match[i+1] < b {
			args := f.args(i+1, f.match[i+1])
			if len(args) == 0 || args[0].kw != "" {
				return value{}, 0, false
			}
			v, ok := f.eval(args[0].start, args[0].end, depth+1)
			if !ok {
				return value{}, 0, false
			}
			percentFormat(&v, f.src)
			return v, f.match[i+1] + 1, true
		}
		if f.is(i+1, "(") && !f.toks[i+1].spaceBefore {
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

// postfixMethods are the string methods postfix reads.
var postfixMethods = map[string]bool{"freeze": true, "dup": true, "to_s": true, "b": true, "force_encoding": true, "encode": true, "to_str": true, "strip": true, "lstrip": true, "rstrip": true, "chomp": true}

// interpolatedName matches #{NAME} or #{Mod::NAME}.
var interpolatedName = regexp.MustCompile(`^#\{\s*((?:[A-Za-z_][A-Za-z0-9_]*(?:::|\.))*@{0,2}[A-Za-z_][A-Za-z0-9_]*)\s*\}$`)

// literalValue is the value of the literal l (token at): an interpolation
// naming a constant string of the file takes its text. It is false when
// the file's budget is spent.
func (f *finder) literalValue(l *literal, at, depth int) (value, bool) {
	if !f.budget.Take(len(l.pieces), l.span) {
		return value{}, false
	}
	v := fromLiteral(l)
	if !l.interpolated {
		return v, true
	}
	out := value{Whole: v.Whole, Lits: v.Lits}
	constant := true
	for _, p := range v.Pieces {
		if p.PH {
			if m := interpolatedName.FindStringSubmatch(p.Text); m != nil && depth < maxDepth {
				name := m[1][max(strings.LastIndexByte(m[1], ':'), strings.LastIndexByte(m[1], '.'))+1:]
				if as, ok := f.resolve(name, at); ok {
					if w, ok := f.evalAssign(as, at, depth+1); ok && w.Runtime == "" {
						f.used[as.start] = true
						out.Concat(w)
						out.Whole = v.Whole
						continue
					}
				}
			}
			if !strings.HasPrefix(p.Text, "#{") || !constantCode(p.Text[2:len(p.Text)-1]) {
				constant = false
			}
		}
		out.Pieces = append(out.Pieces, p)
	}
	if !constant {
		out.Runtime = v.Runtime
	}
	return out, true
}

// argument is one argument of a call.
type argument struct {
	kw         string
	start, end int
	star       bool
}

// args returns the arguments in the tokens (open, closing): positional
// ones, `kw: value` and `:kw => value` ones, and the entries of a literal
// hash as keyword ones.
func (f *finder) args(open, closing int) []argument {
	var out []argument
	for _, p := range f.splitOps(open+1, closing, ",") {
		s, e := f.trim(p[0], p[1])
		if s >= e {
			continue
		}
		if f.is(s, "{") && f.match[s] == e-1 {
			inner := f.args(s, e-1)
			hash := true
			for _, a := range inner {
				hash = hash && a.kw != ""
			}
			if hash && len(inner) > 0 {
				out = append(out, inner...)
				continue
			}
		}
		out = append(out, f.arg(s, e))
	}
	return out
}

func (f *finder) arg(s, e int) argument {
	a := argument{start: s, end: e}
	switch {
	case f.toks[s].kind == tokName && f.is(s+1, ":") && !f.toks[s+1].spaceBefore:
		a.kw, a.start = f.toks[s].text, s+2
	case f.toks[s].kind == tokSymbol && f.is(s+1, "=>"):
		a.kw, a.start = strings.Trim(f.toks[s].text, `:"'`), s+2
	case f.toks[s].kind == tokString && f.is(s+1, ":"):
		a.kw, a.start = f.toks[s].str.plain(), s+2
	case f.is(s, "*") || f.is(s, "**") || f.is(s, "&"):
		a.star = true
		a.start++
	}
	return a
}

func (f *finder) argSpan(a argument) frontend.Span {
	if a.start >= a.end {
		return frontend.Span{}
	}
	return frontend.Span{Start: f.toks[a.start].span.Start, End: f.toks[a.end-1].span.End}
}

func positional(args []argument) []argument {
	var out []argument
	for _, a := range args {
		if a.kw == "" {
			out = append(out, a)
		}
	}
	return out
}

// callArgs returns the argument tokens of the call whose method name is
// token i: in parentheses, or (a command call) up to the end of the
// statement. ok is false when nothing follows the name.
func (f *finder) callArgs(i int) (open, closing int, ok bool) {
	n := i + 1
	if n >= len(f.toks) {
		return 0, 0, false
	}
	if f.is(n, "(") && !f.toks[n].spaceBefore {
		if f.match[n] < 0 {
			return 0, 0, false
		}
		return n, f.match[n], true
	}
	t := f.toks[n]
	if !t.spaceBefore || t.kind == tokNewline || t.kind == tokOp && !(t.text == "(" || t.text == "[" || t.text == "*" || t.text == "{" || t.text == "::") {
		return 0, 0, false
	}
	end := n
	for end < len(f.toks) {
		if f.newline(end) || f.is(end, ";") || f.is(end, ")") || f.is(end, "]") || f.is(end, "}") || f.isName(end, "do") || f.isName(end, "if") || f.isName(end, "unless") {
			break
		}
		if f.match[end] > end {
			end = f.match[end]
		}
		end++
	}
	return n - 1, end, true
}

// callSpan is the host range of the call whose method is token i, from
// its receiver to the end of its arguments.
func (f *finder) callSpan(i, closing int) frontend.Span {
	start := i
	for start >= 2 && (f.is(start-1, ".") || f.is(start-1, "&.") || f.is(start-1, "::")) && f.toks[start-2].kind == tokName {
		start -= 2
	}
	end := f.toks[i].span.End
	if closing > i && closing < len(f.toks) && f.toks[closing].kind == tokOp && f.toks[closing].text == ")" {
		end = f.toks[closing].span.End
	} else if closing-1 > i {
		end = f.toks[closing-1].span.End
	}
	return frontend.Span{Start: f.toks[start].span.Start, End: end}
}

// holder returns the name the call whose method is token i is assigned to.
func (f *finder) holder(i int) (string, int) {
	start := i
	for start >= 2 && (f.is(start-1, ".") || f.is(start-1, "&.")) && f.toks[start-2].kind == tokName {
		start -= 2
	}
	if start < 2 || !(f.is(start-1, "=") || f.is(start-1, "||=")) || f.toks[start-2].kind != tokName {
		return "", 0
	}
	return f.toks[start-2].text, start - 2
}

// symbolOrString returns the text of a :sym or a plain string argument.
func (f *finder) symbolOrString(a argument) (string, bool) {
	if a.end != a.start+1 {
		return "", false
	}
	t := f.toks[a.start]
	switch {
	case t.kind == tokSymbol:
		return strings.Trim(t.text, `:"'`), true
	case t.kind == tokString && !t.str.interpolated:
		return t.str.plain(), true
	}
	return "", false
}

// calls finds the scripting calls of the file: eval, script(:load),
// call("EVAL"|"SCRIPT"|"FUNCTION", ...), function(:load), function_load.
func (f *finder) calls() {
	f.noting = true
	defer f.wrapperCalls()
	defer func() { f.noting = false }()
	for i := 1; i < len(f.toks); i++ {
		t := f.toks[i]
		if t.kind != tokName || !(f.is(i-1, ".") || f.is(i-1, "&.")) {
			continue
		}
		switch t.text {
		case "eval", "eval_ro", "script", "call", "function", "function_load":
		case "new":
			if f.gemClass(i) == "" {
				continue
			}
		default:
			continue
		}
		if t.text == "eval" && i >= 2 && f.isName(i-2, "binding") {
			continue
		}
		open, closing, ok := f.callArgs(i)
		if !ok {
			continue
		}
		args := f.args(open, closing)
		span := f.callSpan(i, closing)
		pos := positional(args)
		switch t.text {
		case "eval", "eval_ro":
			if len(pos) == 0 || pos[0].star {
				continue
			}
			call := &frontend.CallSite{API: t.text, Span: span, NumKeys: -1}
			f.keysArgs(call, args, span)
			f.script(pos[0], call)
		case "script":
			if len(pos) < 2 {
				continue
			}
			if sub, ok := f.symbolOrString(pos[0]); !ok || !strings.EqualFold(sub, "load") {
				continue
			}
			call := &frontend.CallSite{API: "script(:load)", Span: span, NumKeys: -1}
			if s := f.script(pos[1], call); s != nil {
				if h, at := f.holder(i); h != "" {
					f.objects[h] = append(f.objects[h], object{at: at, script: s})
				}
			}
		case "function", "function_load":
			at := 0
			if t.text == "function" {
				if len(pos) < 2 {
					continue
				}
				if sub, ok := f.symbolOrString(pos[0]); !ok || !strings.EqualFold(sub, "load") {
					continue
				}
				at = 1
			}
			if at < len(pos) {
				f.script(pos[len(pos)-1], &frontend.CallSite{API: t.text, Span: span, NumKeys: -1, Library: true})
			}
		case "call":
			f.commandCall(i, pos, span, false)
		case "new":
			if len(pos) > 0 && !pos[0].star {
				f.script(pos[0], &frontend.CallSite{API: f.gemClass(i) + ".new", Span: span, NumKeys: -1})
			}
		}
	}
	f.shaCalls()
}

// commandCall reads call("EVAL", script, numkeys, ...), call("SCRIPT",
// "LOAD", script) and call("FUNCTION", "LOAD", [REPLACE], code), or the
// same command array (array).
func (f *finder) commandCall(i int, pos []argument, span frontend.Span, array bool) {
	if len(pos) < 2 {
		return
	}
	cmd, ok := f.symbolOrString(pos[0])
	if !ok {
		return
	}
	cmd = strings.ToUpper(cmd)
	api := func(c string) string {
		if array {
			return `["` + c + `", ...]`
		}
		return `call("` + c + `")`
	}
	switch cmd {
	case "EVAL", "EVAL_RO":
		call := &frontend.CallSite{API: api(cmd), Span: span, NumKeys: -1}
		f.numKeys(call, pos, 2)
		f.script(pos[1], call)
	case "SCRIPT", "FUNCTION":
		sub, ok := f.symbolOrString(pos[1])
		if !ok || !strings.EqualFold(sub, "LOAD") || len(pos) < 3 {
			return
		}
		call := &frontend.CallSite{API: api(cmd + " LOAD"), Span: span, NumKeys: -1, Library: cmd == "FUNCTION"}
		if s := f.script(pos[len(pos)-1], call); s != nil && cmd == "SCRIPT" && !array {
			if h, at := f.holder(i); h != "" {
				f.objects[h] = append(f.objects[h], object{at: at, script: s})
			}
		}
	}
}

// keysArgs fills the keys of a redis-rb eval or evalsha call:
// (script, [keys], [argv]), (script, keys: [...], argv: [...]), or no
// keys at all.
func (f *finder) keysArgs(call *frontend.CallSite, args []argument, span frontend.Span) {
	pos := positional(args)
	if len(pos) > 1 {
		f.keyList(call, pos[1])
		return
	}
	for _, a := range args {
		if a.kw == "keys" {
			f.keyList(call, a)
			return
		}
	}
	for _, a := range args {
		if a.star || a.kw == "" && a.start != pos[0].start {
			return
		}
	}
	call.KeysKnown, call.KeysSpan = true, span
}

// numKeys fills the key count and keys of an EVAL-ordered argument list:
// positional index at is the count, the keys follow.
func (f *finder) numKeys(call *frontend.CallSite, pos []argument, at int) {
	if at >= len(pos) || pos[at].star {
		return
	}
	a := pos[at]
	if a.end != a.start+1 {
		return
	}
	tk := f.toks[a.start]
	text := tk.text
	if tk.kind == tokString {
		text = tk.str.plain()
	} else if tk.kind != tokNumber {
		return
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 {
		return
	}
	call.NumKeys, call.NumKeysSpan = n, f.argSpan(a)
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

func (f *finder) key(a argument) frontend.Key {
	k := frontend.Key{Span: f.argSpan(a)}
	if a.end == a.start+1 && f.toks[a.start].kind == tokString && !f.toks[a.start].str.interpolated {
		k.Value, k.Known = f.toks[a.start].str.plain(), true
	}
	return k
}

// keyList reads a literal array of keys ([...] or %w[...] is not read).
func (f *finder) keyList(call *frontend.CallSite, a argument) {
	if a.end == a.start+1 && f.toks[a.start].kind == tokOpaque && strings.HasPrefix(f.toks[a.start].text, "%w") {
		f.wordKeys(call, f.toks[a.start])
		return
	}
	if !f.is(a.start, "[") || f.match[a.start] != a.end-1 {
		return
	}
	var keys []frontend.Key
	for _, p := range f.splitOps(a.start+1, a.end-1, ",") {
		s, e := f.trim(p[0], p[1])
		if s >= e {
			continue
		}
		if f.is(s, "*") {
			return
		}
		keys = append(keys, f.key(argument{start: s, end: e}))
	}
	call.Keys, call.KeysKnown, call.KeysSpan = keys, true, f.argSpan(a)
}

// wordKeys reads the keys of a %w[a b] array: its words, without
// escapes.
func (f *finder) wordKeys(call *frontend.CallSite, t token) {
	body := t.text[3 : len(t.text)-1]
	if strings.Contains(body, "\\") {
		return
	}
	var keys []frontend.Key
	base := t.span.Start + 3
	for i := 0; i < len(body); {
		if body[i] == ' ' || body[i] == '\t' || body[i] == '\n' || body[i] == '\r' {
			i++
			continue
		}
		j := i
		for j < len(body) && body[j] != ' ' && body[j] != '\t' && body[j] != '\n' && body[j] != '\r' {
			j++
		}
		keys = append(keys, frontend.Key{Value: body[i:j], Known: true, Span: frontend.Span{Start: base + i, End: base + j}})
		i = j
	}
	call.Keys, call.KeysKnown, call.KeysSpan = keys, true, t.span
}

// shaCalls finds evalsha(sha, ...) and call("EVALSHA", sha, n, ...) with
// a SHA from script(:load) and adds them to the script's call sites.
func (f *finder) shaCalls() {
	if len(f.objects) == 0 {
		return
	}
	for i := 1; i < len(f.toks); i++ {
		t := f.toks[i]
		if t.kind != tokName || !(f.is(i-1, ".") || f.is(i-1, "&.")) || t.text != "evalsha" && t.text != "call" {
			continue
		}
		open, closing, ok := f.callArgs(i)
		if !ok {
			continue
		}
		args := f.args(open, closing)
		pos := positional(args)
		span := f.callSpan(i, closing)
		shaAt := 0
		if t.text == "call" {
			if len(pos) < 2 {
				continue
			}
			if cmd, ok := f.symbolOrString(pos[0]); !ok || !strings.EqualFold(cmd, "EVALSHA") {
				continue
			}
			shaAt = 1
		}
		if len(pos) <= shaAt || pos[shaAt].end != pos[shaAt].start+1 || f.toks[pos[shaAt].start].kind != tokName {
			continue
		}
		o, ok := f.object(f.toks[pos[shaAt].start].text, i)
		if !ok {
			continue
		}
		call := &frontend.CallSite{API: t.text, Span: span, NumKeys: -1}
		if t.text == "call" {
			call.API = `call("EVALSHA")`
			f.numKeys(call, pos, 2)
		} else {
			f.keysArgs(call, args, span)
		}
		o.script.Calls = append(o.script.Calls, call)
	}
}

func (f *finder) object(name string, at int) (object, bool) {
	var best *object
	for k, o := range f.objects[name] {
		if best == nil || o.at < at {
			best = &f.objects[name][k]
		}
	}
	if best == nil {
		return object{}, false
	}
	return *best, true
}

// noteWrapper records the method enclosing a scripting call whose script
// argument is one of the method's parameters (`def to_sha(script)
// r.script(:load, script) end`).
func (f *finder) noteWrapper(arg argument, call *frontend.CallSite) {
	if arg.end != arg.start+1 || f.toks[arg.start].kind != tokName {
		return
	}
	param := f.toks[arg.start].text
	d := arg.start - 1
	for d >= 0 && !(f.isName(d, "def") && f.statementStart(d)) {
		d--
	}
	if d < 0 || d+1 >= len(f.toks) || f.toks[d+1].kind != tokName {
		return
	}
	name := f.toks[d+1].text
	open, closing := d+1, f.statementEnd(d+2)
	if f.is(d+2, "(") && f.match[d+2] > d+2 {
		open, closing = d+2, f.match[d+2]
	}
	index := 0
	for _, a := range f.args(open, closing) {
		if a.kw != "" || a.star {
			continue
		}
		if f.toks[a.start].kind == tokName && f.toks[a.start].text == param {
			f.wrappers[name] = wrapper{index: index, library: call.Library}
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
	for i := range len(f.toks) {
		t := f.toks[i]
		w, ok := f.wrappers[t.text]
		if t.kind != tokName || !ok || f.isName(i-1, "def") || f.is(i-1, ":") {
			continue
		}
		open, closing, ok := f.callArgs(i)
		if !ok {
			continue
		}
		pos := positional(f.args(open, closing))
		if w.index < len(pos) && !pos[w.index].star {
			f.script(pos[w.index], &frontend.CallSite{API: t.text, Span: f.callSpan(i, closing), NumKeys: -1, Library: w.library})
		}
	}
}

// lastName returns the name an argument that is a name or a constant
// path refers to, or "".
func (f *finder) lastName(a argument) string {
	for i := a.start; i < a.end; i++ {
		if f.toks[i].kind != tokName && !f.is(i, ".") && !f.is(i, "::") {
			return ""
		}
	}
	if a.end <= a.start || f.toks[a.end-1].kind != tokName {
		return ""
	}
	return f.toks[a.end-1].text
}

// script records the script that argument arg of call holds.
func (f *finder) script(arg argument, call *frontend.CallSite) *frontend.Script {
	v, ok := f.eval(arg.start, arg.end, 0)
	if !ok {
		f.letScripts(arg, call)
		if f.noting {
			f.noteWrapper(arg, call)
		}
		return nil
	}
	if v.Runtime != "" && !call.Library {
		f.found.Runtime = append(f.found.Runtime, frontend.Runtime{API: call.API, Span: f.argSpan(arg), BuiltBy: v.Runtime})
	}
	s := f.record(v, f.lastName(arg))
	if s.Call == nil {
		s.Call = call
	} else {
		s.Calls = append(s.Calls, call)
	}
	f.letScripts(arg, call)
	return s
}

func (f *finder) record(v value, name string) *frontend.Script {
	if s, ok := f.scripts[frontend.Span(v.Whole)]; ok {
		return s
	}
	s := v.Script(func(l litRef) (frontend.Span, func(string) (string, bool)) {
		f.recorded[l.lit.span.Start] = true
		return l.lit.span, l.lit.encoder(l.percent)
	})
	s.Name = name
	f.scripts[frontend.Span(v.Whole)] = s
	f.order = append(f.order, s)
	return s
}

// constants records the strings whose text calls Redis: assigned ones,
// statements that are a string (a method returning its script), and
// heredocs labelled as Lua.
func (f *finder) constants() {
	type candidate struct {
		v     value
		name  string
		start int
	}
	var cands []candidate
	names := make([]string, 0, len(f.assigns))
	for n := range f.assigns {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		for _, a := range f.assigns[n] {
			if a.let {
				continue // an RSpec helper is often an expected value: only its uses count
			}
			if v, ok := f.evalAssign(a, a.at, 0); ok && frontend.CallsRedis(v.Text()) {
				cands = append(cands, candidate{v, n, a.start})
			}
		}
	}
	for i := range f.toks {
		if !f.statementStart(i) || f.toks[i].kind != tokString && !f.is(i, "(") {
			continue
		}
		end := f.statementEnd(i)
		if end < len(f.toks) && !f.newline(end) && !f.is(end, ";") {
			continue
		}
		if v, ok := f.eval(i, end, 0); ok && frontend.CallsRedis(v.Text()) {
			cands = append(cands, candidate{v, f.methodName(i), -1})
		}
	}
	for i, t := range f.toks {
		if t.kind != tokString || t.str.label == "" {
			continue
		}
		if v, ok := f.literalValue(t.str, i, 0); ok && f.luaHeredoc(t.str.label, v) {
			cands = append(cands, candidate{v, "", -1})
		}
	}
	for _, c := range cands {
		if _, ok := f.scripts[frontend.Span(c.v.Whole)]; ok || c.start < 0 || !f.used[c.start] {
			if c.start < 0 && f.covered(c.v) {
				continue
			}
			f.record(c.v, c.name)
		}
	}
}

// covered says a script already recorded holds a literal of v.
func (f *finder) covered(v value) bool {
	for _, l := range v.Lits {
		if f.recorded[l.lit.span.Start] {
			return true
		}
	}
	return false
}

// methodName returns the name of the method whose body starts with the
// statement at token i (`def name` on the line before), or "".
func (f *finder) methodName(i int) string {
	if i >= 3 && f.newline(i-1) && f.isName(i-3, "def") && f.toks[i-2].kind == tokName {
		return f.toks[i-2].text
	}
	return ""
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
