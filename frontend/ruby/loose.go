package ruby

import (
	"sort"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// collectLets finds the RSpec memoized helpers `let(:name) { value }`,
// `let!(:name) { value }` and `let(:name) do value end` whose body is one
// expression: bindings of name, kept in file order with the assignments.
func (f *finder) collectLets() {
	touched := map[string]bool{}
	for i := 0; i+4 < len(f.toks); i++ {
		if !(f.isName(i, "let") || f.isName(i, "let!")) || !f.is(i+1, "(") || f.match[i+1] != i+3 || f.toks[i+2].kind != tokSymbol {
			continue
		}
		name := strings.Trim(f.toks[i+2].text, `:"'`)
		start, end, ok := f.blockBody(i + 4)
		if !ok || name == "" {
			continue
		}
		f.assigns[name] = append(f.assigns[name], assign{name: name, at: i + 2, start: start, end: end, let: true})
		touched[name] = true
	}
	for name := range touched {
		as := f.assigns[name]
		sort.SliceStable(as, func(a, b int) bool { return as[a].start < as[b].start })
	}
}

// blockBody returns the tokens of the one expression a block opening at
// token open holds: `{ expr }` or `do expr end`.
func (f *finder) blockBody(open int) (start, end int, ok bool) {
	switch {
	case f.is(open, "{") && f.match[open] > open:
		s, e := f.trim(open+1, f.match[open])
		if s >= e || f.statementEnd(s) < e {
			return 0, 0, false
		}
		return s, e, true
	case f.isName(open, "do"):
		s := open + 1
		for f.newline(s) {
			s++
		}
		e := f.statementEnd(s)
		k := e
		for f.newline(k) {
			k++
		}
		if s >= e || !f.isName(k, "end") {
			return 0, 0, false
		}
		return s, e, true
	}
	return 0, 0, false
}

// letScripts records, for a script argument that is a name bound by
// `let`, the value of each of its other `let` bindings: RSpec evaluates
// the use in every context that overrides the binding.
func (f *finder) letScripts(arg argument, call *frontend.CallSite) {
	if arg.end != arg.start+1 || f.toks[arg.start].kind != tokName {
		return
	}
	name := f.toks[arg.start].text
	for _, a := range f.assigns[name] {
		if !a.let {
			continue
		}
		v, ok := f.evalAssign(a, a.at, 0)
		if !ok {
			continue
		}
		f.used[a.start] = true
		s := f.record(v, name)
		switch {
		case s.Call == nil:
			s.Call = call
		case s.Call != call && !hasCall(s, call):
			s.Calls = append(s.Calls, call)
		}
	}
}

func hasCall(s *frontend.Script, call *frontend.CallSite) bool {
	for _, c := range s.Calls {
		if c == call {
			return true
		}
	}
	return false
}

// gemScriptClasses are the script classes of gems whose constructor takes
// the script: redis_lua_script's RedisLuaScript.new(src) and
// redis-prescription's Redis::Prescription.new(src), by their last name.
var gemScriptClasses = map[string]string{"RedisLuaScript": "RedisLuaScript", "Prescription": "Redis::Prescription"}

// gemClass returns the gem script class a `.new` call at token i (the
// name new) makes: its receiver, or described_class in a spec that
// describes the class; "" for any other.
func (f *finder) gemClass(i int) string {
	if i < 2 || !f.is(i-1, ".") || f.toks[i-2].kind != tokName {
		return ""
	}
	recv := f.toks[i-2].text
	if recv == "described_class" {
		return f.describedGem()
	}
	if recv == "Prescription" && !(f.is(i-3, "::") && f.isName(i-4, "Redis")) {
		return ""
	}
	return gemScriptClasses[recv]
}

// describedGem returns the gem script class a spec of the file describes
// (`RSpec.describe Redis::Prescription do`, `describe RedisLuaScript do`).
func (f *finder) describedGem() string {
	for i := 0; i+1 < len(f.toks); i++ {
		if !f.isName(i, "describe") {
			continue
		}
		j := i + 1
		if f.is(j, "(") {
			j++
		}
		k := j
		for k+2 < len(f.toks) && f.toks[k].kind == tokName && f.is(k+1, "::") {
			k += 2
		}
		if k < len(f.toks) && f.toks[k].kind == tokName && gemScriptClasses[f.toks[k].text] != "" {
			if f.toks[k].text != "Prescription" || k >= 2 && f.isName(k-2, "Redis") {
				return gemScriptClasses[f.toks[k].text]
			}
		}
	}
	return ""
}

// loose records the other string expressions whose text calls Redis and
// reads as Lua (rule 5): the first argument of a parenthesised call
// (`Wrapper.new("...")`), an element of an array literal, a hash value
// (`lua: "..."`, `:lua => "..."`), and a name given as the first argument
// of a `.new(...)` call (an object made from the script: `MyScript.new(
// lua)`), through its assignments and `let` bindings.
func (f *finder) loose() {
	for i := 1; i < len(f.toks); i++ {
		t := f.toks[i]
		switch {
		case t.kind == tokString:
			if f.recorded[t.str.span.Start] || !f.looseContext(i) {
				continue
			}
			if v, ok := f.eval(i, f.statementEnd(i), 0); ok {
				f.looseScript(v, "")
			}
		case t.kind == tokName && f.is(i-1, "(") && f.isName(i-2, "new") && f.is(i-3, ".") && f.statementEnd(i) == i+1:
			for _, a := range f.assigns[t.text] {
				if !a.let && a.end > i {
					continue
				}
				if v, ok := f.evalAssign(a, a.at, 0); ok {
					f.looseScript(v, t.text)
				}
			}
		}
	}
}

// looseScript records v when its text calls Redis and reads as Lua,
// unless a script holds its literals already.
func (f *finder) looseScript(v value, name string) {
	if !frontend.CallsRedis(v.Text()) || f.covered(v) {
		return
	}
	if _, ok := f.scripts[frontend.Span(v.Whole)]; ok {
		return
	}
	if _, err := luaast.Parse("", build(v).Text); err != nil {
		return
	}
	f.record(v, name)
}

// looseContext says the literal at token i starts an argument, element or
// value of its own: after the `(` of a call, in an array literal, after
// `=>` or `key:`.
func (f *finder) looseContext(i int) bool {
	switch {
	case f.is(i-1, "(") && !f.toks[i-1].spaceBefore && i >= 2 && f.toks[i-2].kind == tokName:
		return true
	case f.is(i-1, "=>"):
		return true
	case f.is(i-1, ":") && !f.toks[i-1].spaceBefore && i >= 2 && f.toks[i-2].kind == tokName:
		return true
	case f.is(i-1, "[") || f.is(i-1, ","):
		return f.inArray(i)
	}
	return false
}

// inArray says token i is an element of an array literal: the bracket
// enclosing it opens one.
func (f *finder) inArray(i int) bool {
	if f.encl == nil {
		f.encl = f.pairs.Enclosing()
	}
	j := f.encl[i]
	return j >= 0 && f.is(j, "[") && f.inArrayStart(j)
}

// commandArrays finds the command arrays of the file, `['eval', script,
// '0', ...]`, `[:eval, script, 0]`, `%w`-free arrays whose first element
// is the literal name of a scripting command, read as call("EVAL", ...)
// is: they are sent as they are (redis-client call_v, redis-rb
// call([...])).
func (f *finder) commandArrays() {
	for i := range len(f.toks) {
		if !f.is(i, "[") || f.match[i] <= i || !f.inArrayStart(i) {
			continue
		}
		pos := positional(f.args(i, f.match[i]))
		if len(pos) < 2 {
			continue
		}
		if cmd, ok := f.symbolOrString(pos[0]); ok && (strings.EqualFold(cmd, "EVAL") || strings.EqualFold(cmd, "EVAL_RO")) && len(pos) < 3 {
			continue // EVAL takes a key count
		}
		f.commandCall(i, pos, frontend.Span{Start: f.toks[i].span.Start, End: f.toks[f.match[i]].span.End}, true)
	}
}

// inArrayStart says the bracket at token i opens an array literal, not an
// index.
func (f *finder) inArrayStart(i int) bool {
	if i == 0 || f.toks[i].spaceBefore || f.toks[i-1].kind == tokNewline {
		return true
	}
	p := f.toks[i-1]
	return p.kind == tokOp && p.text != ")" && p.text != "]" && p.text != "}"
}

// build assembles the script text of v (placeholders as their stand-in).
func build(v value) *frontend.Script {
	return v.Script(func(l litRef) (frontend.Span, func(string) (string, bool)) { return l.lit.span, nil })
}

// constantOps are the operators an interpolation made of literals may use
// and still be the same on every run.
var constantOps = map[string]bool{"+": true, "-": true, "*": true, "/": true, "%": true, "**": true, "(": true, ")": true}

// constantCode reports whether the code of an interpolation `#{code}` is
// made of literals and operators only (`'a' * 1000`, `1 + 2`): its text is
// the same on every run, though the front end does not compute it.
func constantCode(code string) bool {
	n := 0
	for _, t := range tokenize([]byte(code)) {
		switch t.kind {
		case tokNewline:
			continue
		case tokNumber:
		case tokString:
			if t.str == nil || t.str.interpolated {
				return false
			}
		case tokOp:
			if !constantOps[t.text] {
				return false
			}
		default:
			return false
		}
		n++
	}
	return n > 0
}

// luaHeredoc says a heredoc whose terminator is label and whose value is
// v is a script (rule 3): its terminator names Lua (holds LUA: `LUA`,
// `EOLUA`, `LUA_SCRIPT`) or a script (a word SCRIPT between underscores)
// and its text calls Redis; or a word of its terminator is LUA or EOLUA
// (`<<~LUA`, `<<-LUA_SCRIPT`, `<<lua`) and its text, not blank, reads as
// Lua, even without a Redis call (a script of ARGV alone).
func (f *finder) luaHeredoc(label string, v value) bool {
	up := strings.ToUpper(label)
	lua, script := false, false
	for _, w := range strings.Split(up, "_") {
		lua = lua || w == "LUA" || w == "EOLUA"
		script = script || w == "SCRIPT"
	}
	if (strings.Contains(up, "LUA") || script) && frontend.CallsRedis(v.Text()) {
		return true
	}
	if !lua || strings.TrimSpace(v.Text()) == "" {
		return false
	}
	_, err := luaast.Parse("", build(v).Text)
	return err == nil
}
