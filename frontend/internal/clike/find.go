package clike

import (
	"regexp"
	"sort"
	"strings"
)

// Role is what a call does with the script it is given.
type Role uint8

// The roles of scripting calls.
const (
	// Run runs the script (EVAL).
	Run Role = iota
	// Wrap makes a script object of it (new DefaultRedisScript<>(s),
	// LuaScript.Prepare(s)), which a Run call may take later.
	Wrap
	// Load loads it into the script cache (SCRIPT LOAD).
	Load
	// Library loads it as a Functions library (FUNCTION LOAD).
	Library
)

// API is one scripting call of a client library.
type API struct {
	// Name is the method or constructor name as written.
	Name string
	// Match, when set instead of Name, is the test of the names the API
	// has (MakesScript).
	Match func(name string) bool
	// ReceiverScript says the script is the string the call is made on
	// ("return 1".toRedisScript()): it is argument 0, the call's own
	// arguments follow it.
	ReceiverScript bool
	// Label is the call as messages show it; Name when empty.
	Label string
	Role  Role
	// Shape reads the arguments of a call; nil: the script is the first
	// argument and the call shows no keys.
	Shape func(p *Parser, c *Call) Shape
	// Receiver says a Wrap makes its receiver the script object
	// (script.setScriptText(s)).
	Receiver bool
	// ObjectOnly says the script argument must be a script object made
	// in the file (Spring's execute(script, keys, args), whose name is too
	// common to take any string).
	ObjectOnly bool
	// ConstOnly says the script argument must be a constant (Lettuce's
	// digest(script), whose name Spring's DIGEST key command shares).
	ConstOnly bool
	// Qualifier, when set, is the receiver the call must have
	// (RedisScript.of).
	Qualifier string
	// Transform rewrites the script's value before it is linted
	// (LuaScript.Prepare's @parameters become holes).
	Transform func(p *Parser, v Value) Value
}

// makesScriptRe matches the names of the calls that make a script of
// their receiver: to…Script, as…Script.
var makesScriptRe = regexp.MustCompile(`^(?:[tT]o|[aA]s)[A-Za-z0-9_]*Script$`)

// MakesScript reports whether a call's name says it makes a script of
// the string it is made on: toScript, toRedisScript, asLuaScript, C#
// ToRedisScript (a project's own extension function).
func MakesScript(name string) bool { return makesScriptRe.MatchString(name) }

// Shape is what the arguments of one call hold.
type Shape struct {
	// Script is the index of the argument holding the script (or the
	// script object); -1 when the call is not a scripting call after all.
	Script int
	// NumKeys is the key count a literal argument gives, -1 for none;
	// NumKeysArg its argument.
	NumKeys    int
	NumKeysArg int
	// Keys are the keys when KeysKnown (a literal list); KeysSpan the
	// argument(s) holding them.
	Keys      []Key
	KeysKnown bool
	KeysSpan  Span
}

// NoKeys is the shape of a call whose script is argument i and which
// shows no keys.
func NoKeys(i int) Shape { return Shape{Script: i, NumKeys: -1, NumKeysArg: -1} }

// Call is one call of a scripting API.
type Call struct {
	API *API
	// Name is the token of the method name, Start the first token of the
	// call expression, End the token after its `)`.
	Name, Start, End int
	Args             []Arg
	// Recv is the receiver's name when it is a simple name.
	Recv string

	shape    Shape
	value    Value
	hasValue bool
	used     bool
}

// Span is the call expression's host range.
func (c *Call) Span(p *Parser) Span { return p.SpanOf(c.Start, c.End) }

// Found is one script of a host file.
type Found struct {
	Value Value
	// Call is the call site; nil for a script found as a constant or a
	// literal holding Redis calls. Calls are the further calls running the
	// same script (one constant or script object run at several places).
	Call  *Site
	Calls []*Site
	// Name is the constant or variable holding the script.
	Name string
}

// Site is what a call passing a script shows.
type Site struct {
	API         string
	Span        Span
	NumKeys     int
	NumKeysSpan Span
	Keys        []Key
	KeysKnown   bool
	KeysSpan    Span
	Library     bool
}

// RuntimeUse is a call passing a script built at run time.
type RuntimeUse struct {
	API     string
	Span    Span
	BuiltBy string
}

// Result is what Find finds in one file.
type Result struct {
	Scripts []Found
	Runtime []RuntimeUse
}

// bareWordRe matches a text of one word: a name or an id, not a script.
var bareWordRe = regexp.MustCompile(`^\s*[\w.:/-]*\s*$`)

// BareWord reports whether v is a constant text of one word at most (a
// script id, a test's "foo"), which no call takes for a script.
func BareWord(v Value) bool {
	if len(v.Pieces) > maxBareWord {
		return false // no id is that long; and the text is not built
	}
	for _, p := range v.Pieces {
		if p.Hole {
			return false
		}
	}
	return bareWordRe.MatchString(v.Text())
}

// maxBareWord is the length past which a text is not a bare word.
const maxBareWord = 1024

// respHeaderRe matches the start of a RESP request: an array header and
// the first bulk string's length (`*3\r\n$6\r\n`).
var respHeaderRe = regexp.MustCompile(`^\*\d+\r\n\$`)

// RESP reports whether v is protocol text, a RESP request a program
// writes to the socket itself (`"*3\r\n$6\r\nSCRIPT\r\n$4\r\nLOAD\r\n..."`):
// the script it may carry is not Lua from its first byte.
func RESP(v Value) bool { return respHeader(v.Pieces) }

func respHeader(ps []Piece) bool {
	var b []byte
	for _, p := range ps {
		if p.Hole || len(b) >= 16 {
			break
		}
		b = append(b, p.Text...)
	}
	return respHeaderRe.Match(b)
}

// assertions are the calls of test code whose string arguments are
// expected values (a script's text compared, a prefix), not scripts run.
var assertions = map[string]bool{
	"isEqualTo": true, "startsWith": true, "endsWith": true, "contains": true, "equals": true, "assertEquals": true,
	"Equal": true, "AreEqual": true, "StartsWith": true, "EndsWith": true, "Contains": true, "Equals": true,
	"assertThat": true, "shouldBe": true,
}

// enclosingCall returns the name of the call whose arguments hold token
// i, or "".
func (p *Parser) enclosingCall(i int) string {
	depth := 0
	for k := i - 1; k >= 0 && k > i-400; k-- {
		t := p.Toks[k]
		if t.Kind != Punct {
			continue
		}
		switch t.Text {
		case ")", "]", "}":
			depth++
		case "[", "{":
			depth--
			if depth < 0 {
				return ""
			}
		case "(":
			depth--
			if depth < 0 {
				if n := p.Tok(k - 1); n.Kind == Ident {
					return n.Text
				}
				return ""
			}
		}
	}
	return ""
}

// redisCallRe matches text that calls Redis from Lua.
var redisCallRe = regexp.MustCompile(`\b(?:redis|server)\s*\.\s*p?call\s*\(`)

// CallsRedis reports whether text calls redis.call, redis.pcall,
// server.call or server.pcall.
func CallsRedis(text string) bool { return redisCallRe.MatchString(text) }

// Find returns the scripts of the parsed file: the script arguments of
// the APIs' calls (through constants, variables and script objects of
// the file), and the other constants and literals whose text calls
// Redis.
func Find(p *Parser) Result {
	var res Result
	covered := map[int]bool{} // literal starts taken
	// coveredLits are the literal lists already covered: a constant run
	// at many calls shares its list, which is walked once.
	type litList struct {
		first **Lit
		n     int
	}
	coveredLits := map[litList]bool{}
	cover := func(v Value) {
		if len(v.Lits) == 0 {
			return
		}
		key := litList{&v.Lits[0], len(v.Lits)}
		if coveredLits[key] {
			return
		}
		coveredLits[key] = true
		for _, l := range v.Lits {
			covered[l.Span.Start] = true
		}
	}
	var binds []*binding
	for _, bs := range p.binds {
		binds = append(binds, bs...)
	}
	sort.Slice(binds, func(i, j int) bool { return binds[i].at < binds[j].at })
	for _, b := range binds {
		if v, ok := p.value(b); ok {
			cover(v)
		}
	}
	calls := p.calls()
	recvObjs := map[string][]*Call{}
	bindsAt := map[int][]*binding{} // by the token of their value
	for _, b := range binds {
		bindsAt[b.val] = append(bindsAt[b.val], b)
	}
	// Two rounds: a script object may be made of another one
	// (new DefaultRedisScript<>(new StaticScriptSource(s))).
	for round := range 2 {
		for _, c := range calls {
			if c.API.Role == Wrap && !c.hasValue {
				p.wrap(c, bindsAt, recvObjs, round == 1, cover)
			}
		}
	}
	for _, ws := range recvObjs {
		sort.SliceStable(ws, func(i, j int) bool { return ws[i].Start < ws[j].Start })
	}
	for _, c := range calls {
		if c.API.Role == Wrap {
			continue
		}
		c.shape = c.API.shape(p, c)
		if c.shape.Script < 0 || c.shape.Script >= len(c.Args) {
			continue
		}
		a := c.Args[c.shape.Script]
		v, obj, ok := p.scriptArg(a)
		if name, single := p.simpleName(a); !ok && single {
			// The last script given to that receiver before the call.
			ws := recvObjs[name]
			k := sort.Search(len(ws), func(k int) bool { return ws[k].Start >= c.Start }) - 1
			if k >= 0 && (obj == nil || ws[k].Start > obj.Start) {
				obj, ok, v = ws[k], true, ws[k].value
			}
		}
		if !ok || c.API.ObjectOnly && obj == nil || BareWord(v) || RESP(v) || c.API.ConstOnly && v.Runtime != "" {
			continue
		}
		if obj != nil {
			obj.used = true
		} else if v.Runtime != "" {
			res.Runtime = append(res.Runtime, RuntimeUse{API: c.label(p), Span: p.ArgSpan(a), BuiltBy: v.Runtime})
		}
		cover(v)
		res.Scripts = append(res.Scripts, Found{Value: v, Call: c.site(p)})
	}
	for _, c := range calls {
		if c.API.Role != Wrap || !c.hasValue {
			continue
		}
		if c.value.Runtime != "" {
			// Reported where the script object is made, whether it runs here
			// or elsewhere.
			res.Runtime = append(res.Runtime, RuntimeUse{API: c.label(p), Span: p.ArgSpan(c.Args[c.shape.Script]), BuiltBy: c.value.Runtime})
		}
		if !c.used {
			res.Scripts = append(res.Scripts, Found{Value: c.value, Call: c.site(p)})
		}
	}
	for _, b := range binds {
		if b.ok && !b.used && b.obj == nil && !RESP(b.value) && CallsRedis(b.value.Text()) {
			res.Scripts = append(res.Scripts, Found{Value: b.value, Name: b.name})
		}
	}
	for i, t := range p.Toks {
		if t.Kind != Str || t.Lit == nil || covered[t.Lit.Span.Start] {
			continue
		}
		v, _, ok := p.Expr(i)
		if !ok {
			continue
		}
		cover(v)
		if !RESP(v) && CallsRedis(v.Text()) && !assertions[p.enclosingCall(i)] {
			res.Scripts = append(res.Scripts, Found{Value: v})
		}
	}
	sort.SliceStable(res.Scripts, func(i, j int) bool {
		a, b := res.Scripts[i], res.Scripts[j]
		if a.Value.Span.Start != b.Value.Span.Start {
			return a.Value.Span.Start < b.Value.Span.Start
		}
		return a.Call != nil && b.Call != nil && a.Call.Span.Start < b.Call.Span.Start
	})
	res.Scripts = mergeCalls(res.Scripts)
	return res
}

// mergeCalls makes one script of the calls running the same value (a
// constant or a script object run at several places): the first call is
// its Call, the others its Calls.
func mergeCalls(scripts []Found) []Found {
	out := scripts[:0]
	for _, s := range scripts {
		if n := len(out); n > 0 && s.Call != nil && out[n-1].Call != nil && out[n-1].Value.Span == s.Value.Span &&
			len(out[n-1].Value.Pieces) == len(s.Value.Pieces) {
			out[n-1].Calls = append(out[n-1].Calls, s.Call)
			continue
		}
		out = append(out, s)
	}
	return out
}

// scriptArg resolves the argument holding a script: a string value, a
// name bound to one or to a script object, or a script object made in
// place. obj is the Wrap call of a script object.
func (p *Parser) scriptArg(a Arg) (v Value, obj *Call, ok bool) {
	if name, single := p.simpleName(a); single {
		if b := p.lookup(name, a.Start); b != nil {
			if b.obj != nil && b.obj.hasValue {
				b.used = true
				return b.obj.value, b.obj, true
			}
			if w, ok := p.value(b); ok {
				b.used = true
				return w, nil, true
			}
		}
	}
	for _, c := range p.wrapsAt[a.Start] {
		if c.End == a.End && c.hasValue {
			return c.value, c, true
		}
	}
	v, ok = p.ArgValue(a)
	return v, nil, ok
}

// simpleName returns the name argument a is (`x`, `this.x`).
func (p *Parser) simpleName(a Arg) (string, bool) {
	switch {
	case a.End == a.Start+1 && p.Tok(a.Start).Kind == Ident:
		return p.Tok(a.Start).Text, true
	case a.End == a.Start+3 && p.Tok(a.Start).Is("this") && p.Tok(a.Start+1).Is(".") && p.Tok(a.Start+2).Kind == Ident:
		return p.Tok(a.Start + 2).Text, true
	}
	return "", false
}

// commandCall returns the API of the call whose name is token i when it
// sends a scripting command by name: an argument that is the command
// ("EVAL", "eval_ro", Protocol.Command.EVAL, CommandType.EVAL, "SCRIPT"
// then "LOAD", "FUNCTION" then "LOAD" [then "REPLACE"]) followed by the
// script (Jedis sendCommand, StackExchange.Redis Execute(Async), a test
// helper); the key count after an EVAL script is read when it is an
// integer, or a string of digits. EVALSHA takes a SHA1: not a script.
func (p *Parser) commandCall(i int) *API {
	args, _ := p.Args(i + 1)
	for k, a := range args {
		role, script := Run, k+1
		switch p.commandWord(a) {
		case "EVAL", "EVAL_RO":
		case "SCRIPT", "FUNCTION":
			if k+1 >= len(args) || p.commandWord(args[k+1]) != "LOAD" {
				return nil
			}
			role, script = Load, k+2
			if p.commandWord(a) == "FUNCTION" {
				role = Library
				if script < len(args) && p.commandWord(args[script]) == "REPLACE" {
					script++
				}
			}
		case "":
			continue
		default:
			return nil // EVALSHA, another command
		}
		if script >= len(args) {
			return nil
		}
		sh := NoKeys(script)
		if role == Run && script+1 < len(args) {
			n, ok := p.IntArg(args[script+1])
			if !ok {
				if v, vok := p.ArgValue(args[script+1]); vok && !hasHole(v) {
					n, ok = digits(v.Text())
				}
			}
			if ok {
				sh.NumKeys, sh.NumKeysArg = n, script+1
			}
		}
		return &API{Name: p.Tok(i).Text, Role: role, Shape: func(*Parser, *Call) Shape { return sh }}
	}
	return nil
}

// commandWords are the words of the scripting commands a call may send
// by name.
var commandWords = map[string]bool{"EVAL": true, "EVAL_RO": true, "EVALSHA": true, "EVALSHA_RO": true,
	"SCRIPT": true, "FUNCTION": true, "LOAD": true, "REPLACE": true}

// commandWord returns the command word argument a is, upper-cased: a
// string literal, or an enum constant in upper case (Protocol.Command.EVAL,
// Keyword.LOAD); "" for anything else.
func (p *Parser) commandWord(a Arg) string {
	t := p.Tok(a.Start)
	switch {
	case a.End == a.Start+1 && t.Kind == Str && t.Lit != nil:
		v := LitValue(t.Lit)
		if w := strings.ToUpper(v.Text()); !hasHole(v) && commandWords[w] {
			return w
		}
	case a.End > a.Start+2 && p.Tok(a.End-2).Is(".") && commandWords[p.Tok(a.End-1).Text]:
		for k := a.Start; k < a.End; k += 2 {
			if p.Tok(k).Kind != Ident || k+1 < a.End && !p.Tok(k+1).Is(".") {
				return ""
			}
		}
		return p.Tok(a.End - 1).Text
	}
	return ""
}

// digits is the number a short string of decimal digits spells.
func digits(s string) (int, bool) {
	if s == "" || len(s) > 6 {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// receiverStart returns the first token of the receiver of the call
// whose name is token i: a literal with its own calls
// ("""..""".trimIndent()), a name (maybe qualified), a parenthesised
// expression or String.format(..); -1 when there is none, or it is the
// result of a call of unknown value.
func (p *Parser) receiverStart(i int) int {
	if !p.Tok(i-1).Is(".") && !p.Tok(i-1).Is("?.") {
		return -1
	}
	k := i - 2
	for range 64 {
		t := p.Tok(k)
		switch {
		case t.Kind == Str:
			return k
		case t.Is(")"):
			o := p.openers[k]
			if o == 0 && !p.Tok(0).Is("(") {
				return -1 // closes nothing
			}
			if n := p.Tok(o - 1); n.Kind == Ident {
				if d := p.Tok(o - 2); !d.Is(".") && !d.Is("?.") {
					return -1 // f(..): a call's result
				}
				k = o - 3 // .trimIndent(), String.format(..)
				continue
			}
			return o
		case t.Kind == Ident:
			for p.Tok(k-1).Is(".") && p.Tok(k-2).Kind == Ident {
				k -= 2
			}
			return k
		default:
			return -1
		}
	}
	return -1
}

// label is the call as messages show it.
func (c *Call) label(p *Parser) string {
	if c.API.Name == "" && c.API.Label == "" {
		return p.Tok(c.Name).Text // a matched name
	}
	return c.API.label()
}

func (api *API) label() string {
	if api.Label != "" {
		return api.Label
	}
	return api.Name
}

func (api *API) shape(p *Parser, c *Call) Shape {
	if api.Shape == nil {
		return NoKeys(0)
	}
	return api.Shape(p, c)
}

func (c *Call) site(p *Parser) *Site {
	s := &Site{API: c.label(p), Span: c.Span(p), NumKeys: -1, Library: c.API.Role == Library}
	if c.API.Role == Run {
		s.NumKeys = c.shape.NumKeys
		if c.shape.NumKeysArg >= 0 && c.shape.NumKeysArg < len(c.Args) {
			s.NumKeysSpan = p.ArgSpan(c.Args[c.shape.NumKeysArg])
		}
		s.Keys, s.KeysKnown, s.KeysSpan = c.shape.Keys, c.shape.KeysKnown, c.shape.KeysSpan
	}
	return s
}

// calls finds the calls of the configured APIs.
func (p *Parser) calls() []*Call {
	byName := map[string][]*API{}
	var matched []*API
	for i := range p.cfg.APIs {
		if p.cfg.APIs[i].Match != nil {
			matched = append(matched, &p.cfg.APIs[i])
			continue
		}
		byName[p.cfg.APIs[i].Name] = append(byName[p.cfg.APIs[i].Name], &p.cfg.APIs[i])
	}
	var out []*Call
	p.wrapsAt = map[int][]*Call{}
	for i, t := range p.Toks {
		if t.Kind != Ident {
			continue
		}
		var api *API
		for _, a := range byName[t.Text] {
			if a.Qualifier == "" || p.Tok(i-1).Is(".") && p.Tok(i-2).Is(a.Qualifier) {
				api = a
				break
			}
		}
		recv := -1
		if api == nil {
			for _, a := range matched {
				if a.Match(t.Text) {
					if a.ReceiverScript {
						if recv = p.receiverStart(i); recv < 0 {
							continue
						}
					}
					api = a
					break
				}
			}
		}
		if api == nil && p.Tok(i+1).Is("(") {
			api = p.commandCall(i)
		}
		if api == nil {
			continue
		}
		open := i + 1
		if p.Tok(open).Is("<") {
			k, ok := p.skipTypeArgs(open)
			if !ok {
				continue
			}
			open = k
		}
		if !p.Tok(open).Is("(") {
			continue
		}
		c := &Call{API: api, Name: i, Start: i}
		c.Args, c.End = p.Args(open)
		if p.Tok(i-1).Is(".") || p.Tok(i-1).Is("?.") {
			if r := p.Tok(i - 2); r.Kind == Ident {
				c.Recv = r.Text
			}
			k := i
			for (p.Tok(k-1).Is(".") || p.Tok(k-1).Is("?.")) && p.Tok(k-2).Kind == Ident {
				k -= 2
			}
			c.Start = k
		}
		if p.Tok(c.Start - 1).Is("new") {
			c.Start--
		}
		if api.ReceiverScript {
			c.Args = append([]Arg{{Start: recv, End: i - 1}}, c.Args...)
			c.Start = recv
		}
		if api.Role == Wrap {
			p.wrapsAt[c.Start] = append(p.wrapsAt[c.Start], c)
		}
		out = append(out, c)
	}
	return out
}

// wrap evaluates the script of the Wrap call c and makes it the script
// object of the binding or receiver it goes to; nested says a script
// object made of another one may be taken.
func (p *Parser) wrap(c *Call, bindsAt map[int][]*binding, recvObjs map[string][]*Call, nested bool, cover func(Value)) {
	c.shape = c.API.shape(p, c)
	if c.shape.Script < 0 || c.shape.Script >= len(c.Args) {
		return
	}
	v, obj, ok := p.scriptArg(c.Args[c.shape.Script])
	if !ok || obj != nil && !nested || BareWord(v) || RESP(v) {
		return
	}
	if obj != nil {
		obj.used = true
	}
	if c.API.Transform != nil {
		v = c.API.Transform(p, v)
	}
	c.value, c.hasValue = v, true
	cover(v)
	if c.API.Receiver && c.Recv != "" {
		recvObjs[c.Recv] = append(recvObjs[c.Recv], c)
	}
	for _, b := range bindsAt[c.Start] {
		if p.endsStatement(c.End) {
			b.obj = c
		}
	}
}
