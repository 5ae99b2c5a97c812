package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// The rules replace a few library calls on their per-file path with
// hand-written equivalents; these tests keep the library calls as oracles.

// markdownCodeRegexp is what quoteMarkdownCode replaced.
var markdownCodeRegexp = regexp.MustCompile("`!?([^`]*)`")

// commandTableTexts returns the replaced_by texts and the version strings
// of every command the facts know, on every known version.
func commandTableTexts(t *testing.T) (replacedBy, versions []string) {
	t.Helper()
	for _, name := range redisfacts.KnownVersions {
		v, err := redisfacts.ParseVersion(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range redisfacts.Commands(v) {
			replacedBy = append(replacedBy, c.ReplacedBy)
			versions = append(versions, c.DeprecatedSince, c.Since)
			for i := range c.Args {
				for _, valkey := range []bool{false, true} {
					if s, ok := c.Args[i].FirstVersion(valkey); ok {
						versions = append(versions, s)
					}
				}
			}
		}
	}
	if len(replacedBy) < 100 {
		t.Fatalf("only %d commands", len(replacedBy))
	}
	return replacedBy, versions
}

func TestQuoteMarkdownCode(t *testing.T) {
	texts, _ := commandTableTexts(t)
	texts = append(texts, "", "plain", "`A`", "`!A`", "`!`", "``", "a `b", "a `b` c `d", "`a``b`", "`!!x` and `!y`z",
		"x ` y ` z", "é `ü` ö", "`a\nb`")
	for _, s := range texts {
		if got, want := quoteMarkdownCode(s), markdownCodeRegexp.ReplaceAllString(s, "'$1'"); got != want {
			t.Errorf("quoteMarkdownCode(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestServerRaisesQuotes(t *testing.T) {
	for _, text := range []string{"", "plain text", `with "quotes"`, `back\slash`, "tab\there", "é", "\x7f", "new\nline"} {
		for _, valkey := range []bool{false, true} {
			v := redisfacts.Version{Valkey: valkey, Major: 8}
			want := "Redis raises " + strconv.Quote(text)
			if valkey {
				want = "Valkey raises " + strconv.Quote(text)
			}
			if got := serverRaises(v, text, text); got != want {
				t.Errorf("serverRaises(%v, %q) = %q, want %q", v, text, got, want)
			}
		}
	}
}

func TestAppendCountNoun(t *testing.T) {
	for _, n := range []int{-2, -1, 0, 1, 2, 10, 123} {
		if got, want := string(appendCountNoun([]byte("x"), n, "argument")), "x"+countNoun(n, "argument"); got != want {
			t.Errorf("appendCountNoun(%d) gave %q, want %q", n, got, want)
		}
	}
}

func TestKeysArgvRaise(t *testing.T) {
	for _, name := range []string{"KEYS", "ARGV"} {
		text := "Script attempted to access nonexistent global variable '" + name + "'"
		for _, valkey := range []bool{false, true} {
			v := redisfacts.Version{Valkey: valkey, Major: 8}
			if got, want := keysArgvRaise(valkey, name == "ARGV"), serverRaises(v, text, text); got != want {
				t.Errorf("keysArgvRaise(%v, %s) = %q, want %q", valkey, name, got, want)
			}
		}
	}
}

func TestQuotedNonexistentGlobal(t *testing.T) {
	for _, name := range []string{"tonumber", "x", "", "é", `a"b`, `a\b`, "a\tb"} {
		want := strconv.Quote("Script attempted to access nonexistent global variable '" + name + "'")
		if got := quotedNonexistentGlobal(name); got != want {
			t.Errorf("quotedNonexistentGlobal(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestConstantServerErrors(t *testing.T) {
	for _, valkey := range []bool{false, true} {
		v := redisfacts.Version{Valkey: valkey, Major: 8}
		if got, want := unknownCommandRaises(v), serverRaises(v, "Unknown Redis command called from script", "Unknown command called from script"); got != want {
			t.Errorf("unknownCommandRaises(%v) = %q, want %q", v, got, want)
		}
		if got, want := argumentsRefusedRaises(v), serverRaises(v, "Lua redis lib command arguments must be strings or integers", "Command arguments must be strings or integers"); got != want {
			t.Errorf("argumentsRefusedRaises(%v) = %q, want %q", v, got, want)
		}
	}
}

// TestWhileCondMayEnd checks that a while loop whose condition is not a
// constant-true literal always has an exit by FlowInfo.LoopHasExit, which
// unbounded-loop no longer asks for such loops.
func TestWhileCondMayEnd(t *testing.T) {
	checked := 0
	for name, src := range walkSources(t) {
		f, _ := luaast.Parse(name, src)
		pass := newTestPass(f)
		flow := analyzer.Flow(pass)
		analyzer.Inspector(pass).Preorder(luaast.KindWhileStmt|luaast.KindRepeatStmt, func(n luaast.Node) {
			st, ok := n.(luaast.Stmt)
			if !ok || !whileCondMayEnd(st) {
				return
			}
			checked++
			if !flow.LoopHasExit(st) {
				t.Errorf("%s: the while loop at %d has a condition that may end it, but LoopHasExit is false", name, st.Pos())
			}
		})
	}
	if checked < 10 {
		t.Errorf("only %d while loops checked", checked)
	}
}

// TestMayHaveLua52Escape checks the byte search that lets lua51-escape
// skip a file: it must be true wherever findLua52Escapes finds something.
func TestMayHaveLua52Escape(t *testing.T) {
	for name, src := range walkSources(t) {
		f, _ := luaast.Parse(name, src)
		found := false
		luaast.Inspect(f, func(n luaast.Node) bool {
			if s, ok := n.(*luaast.StringLit); ok && !s.Long && len(findLua52Escapes(s.Raw)) > 0 {
				found = true
			}
			return true
		})
		if found && !mayHaveLua52Escape(src) {
			t.Errorf("%s: a string has a Lua 5.2 escape, but mayHaveLua52Escape is false", name)
		}
	}
	for _, tt := range []struct {
		src  string
		want bool
	}{
		{`return "a\n"`, false}, {`return "\x41"`, true}, {`return '\u{41}'`, true}, {"return 'a\\z  b'", true},
		{`return 1`, false}, {`return "\\"`, false}, {`x = "\\x"`, true}, {`return "\`, false},
	} {
		if got := mayHaveLua52Escape([]byte(tt.src)); got != tt.want {
			t.Errorf("mayHaveLua52Escape(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

func TestHasSpaceByte(t *testing.T) {
	for _, s := range []string{"", "GET", "CLIENT KILL", "a\tb", "a\rb", "a\nb", "é", "\xff", "x\u00a0y", " "} {
		if got, want := hasSpaceByte(s), strings.ContainsAny(s, " \t\r\n"); got != want {
			t.Errorf("hasSpaceByte(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestNeverArgvString checks the syntax pre-check of argv-tonumber against
// what it stands for: no expression it rules out is an ARGV string by Of.
func TestNeverArgvString(t *testing.T) {
	ruledOut, argv := 0, 0
	for name, src := range walkSources(t) {
		f, _ := luaast.Parse(name, src)
		origins := analyzer.Origins(newTestPass(f))
		luaast.Inspect(f.Block, func(n luaast.Node) bool {
			e, ok := n.(luaast.Expr)
			if !ok {
				return true
			}
			isArgv := argvString(origins.Of(e))
			if isArgv {
				argv++
			}
			if neverArgvString(e) {
				ruledOut++
				if isArgv {
					t.Errorf("%s: %T at %d is an ARGV string by Of, but neverArgvString rules it out", name, e, e.Pos())
				}
			}
			return true
		})
	}
	if ruledOut < 100 || argv < 10 {
		t.Errorf("only %d expressions ruled out and %d ARGV strings seen", ruledOut, argv)
	}
}

// TestLocalDeclIsParent checks ScriptInfo.LocalDecl, which unused-variable
// asks for a local's declaring statement, against what it replaced: the
// inspector's parent of the declaring name, kept when it is a local or
// local function statement (the latter only with a body).
func TestLocalDeclIsParent(t *testing.T) {
	checked := 0
	for name, src := range walkSources(t) {
		f, _ := luaast.Parse(name, src)
		pass := newTestPass(f)
		in := analyzer.Inspector(pass)
		info := analyzer.Script(pass)
		for _, v := range analyzer.DeclaredVariables(pass) {
			var want luaast.Stmt
			switch p := in.Parent(v.Decl).(type) {
			case *luaast.LocalStmt:
				want = p
			case *luaast.LocalFunctionStmt:
				if p.Func != nil {
					want = p
				}
			}
			if got := info.LocalDecl(v); got != want {
				t.Errorf("%s: LocalDecl(%s at %d) = %T, want %T", name, v.Name, v.Decl.Pos(), got, want)
			}
			if want != nil {
				checked++
			}
		}
	}
	if checked < 500 {
		t.Fatalf("only %d locals checked", checked)
	}
}

// rawWriteCallsByWalk is how reportRawTableWrites found its calls before
// forEachRawWriteCall: every call of the file, in tree order.
func rawWriteCallsByWalk(in *luaast.Inspector) []*luaast.CallExpr {
	var out []*luaast.CallExpr
	in.Preorder(luaast.KindCallExpr, func(n luaast.Node) {
		call, ok := n.(*luaast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return
		}
		callee, ok := luaast.Unparen(call.Fn).(*luaast.Ident)
		if !ok || callee.Var != nil || (callee.Name != "rawset" && callee.Name != "setmetatable") {
			return
		}
		out = append(out, call)
	})
	return out
}

func TestRawWriteCallsMatchWalk(t *testing.T) {
	srcs := walkSources(t)
	extra := []string{
		"rawset(_G, 'a', 1)\nsetmetatable(_G, {})\n",
		"((rawset))(_G, 'a', 1)\n(setmetatable)(string, {})\n",
		"rawset(_G, 'a', setmetatable({}, rawset))\nlocal x = rawset\nx(_G, 1, 2)\n",
		"rawset()\nsetmetatable()\nf(rawset)(_G)\nrawset(_G)(string)\n",
		"local rawset = rawset\nrawset(_G, 'x', 1)\nfunction f() return setmetatable(_G, { __index = rawset(_G, 1, 2) }) end\n",
		"t.rawset(_G, 1, 2)\nt:setmetatable(_G)\nrawset = nil\nfunction setmetatable() end\n",
		"rawset(_G, 'a', 1\n", // cut off by a syntax error
	}
	for i, src := range extra {
		srcs["extra"+string(rune('a'+i))] = []byte(src)
	}
	found := 0
	for name, src := range srcs {
		f, _ := luaast.Parse(name, src)
		in := analyzer.Inspector(newTestPass(f))
		var got []*luaast.CallExpr
		forEachRawWriteCall(in, f.Globals, func(call *luaast.CallExpr, callee *luaast.Ident) {
			if luaast.Unparen(call.Fn) != luaast.Expr(callee) {
				t.Errorf("%s: callee %s is not the call's", name, callee.Name)
			}
			got = append(got, call)
		})
		want := rawWriteCallsByWalk(in)
		if !slices.Equal(got, want) {
			t.Errorf("%s: forEachRawWriteCall found %d calls, the walk %d", name, len(got), len(want))
		}
		found += len(want)
	}
	if found < 10 {
		t.Fatalf("only %d calls found", found)
	}
}

// runLoadTimeCallByWalk is runLoadTimeCall as it was before it took the
// calls from the script index and walked only the bodies of the functions
// that run at load time: the oracle of TestLoadTimeCallMatchesWalk.
func runLoadTimeCallByWalk(pass *analyzer.Pass) {
	info := analyzer.Script(pass)
	if !info.IsLibrary() || pass.File.Block == nil {
		return
	}
	calls := analyzer.Calls(pass)
	v := pass.Version
	atLoad := redisfacts.Globals(v, redisfacts.LibraryLoad)
	atCall := redisfacts.Globals(v, redisfacts.FunctionCall)
	atEval := redisfacts.Globals(v, redisfacts.EvalScript)

	// Functions that run while the library loads: the main chunk and the
	// functions defined in the file it calls (transitively).
	main := info.Functions()[0]
	loading := map[*luaast.FunctionExpr]string{main: ""}
	var allCalls []*luaast.CallExpr
	analyzer.Inspector(pass).Preorder(luaast.KindCallExpr, func(n luaast.Node) {
		if c, ok := n.(*luaast.CallExpr); ok {
			allCalls = append(allCalls, c)
		}
	})
	for changed := true; changed; {
		changed = false
		for _, c := range allCalls {
			if _, ok := loading[info.EnclosingFunc(c)]; !ok {
				continue
			}
			fn := calls.LocalFunc(c)
			if fn == nil {
				continue
			}
			if _, ok := loading[fn]; ok {
				continue
			}
			name := "a function"
			if id, ok := c.Fn.(*luaast.Ident); ok {
				name = "'" + id.Name + "'"
			}
			loading[fn] = " (in " + name + ", called at line " + strconv.Itoa(pass.File.Lines.Position(c.Pos()).Line) + ")"
			changed = true
		}
	}
	where := func(n luaast.Node) (string, bool) {
		s, ok := loading[info.EnclosingFunc(n)]
		return s, ok
	}

	assigned := map[*luaast.Ident]bool{}
	targets := map[luaast.Expr]bool{}
	in := analyzer.Inspector(pass)
	in.Preorder(luaast.KindAssignStmt, func(n luaast.Node) {
		if x, ok := n.(*luaast.AssignStmt); ok {
			for _, t := range x.Targets {
				switch t := t.(type) {
				case *luaast.Ident:
					assigned[t] = true
				case *luaast.FieldExpr, *luaast.IndexExpr:
					targets[t] = true // global-assignment's
				}
			}
		}
	})
	missingRoot := map[*luaast.Ident]bool{}
	for _, id := range pass.File.Globals {
		if id.Var != nil || assigned[id] || id.Name == "KEYS" || id.Name == "ARGV" {
			continue
		}
		ctx, ok := where(id)
		if !ok || atLoad.Has(id.Name) || !atCall.Has(id.Name) {
			continue
		}
		missingRoot[id] = true
		reportAt(pass, id, "'"+id.Name+"' does not exist while the library loads"+ctx+", "+loadTimeOnly+": "+v.Name()+" raises "+
			quotedNonexistentGlobal(id.Name)+"; use it inside a registered function")
	}
	// The field reads, in tree order, after the globals: walked again
	// rather than collected in the first walk (a list per file).
	in.Preorder(luaast.KindFieldExpr|luaast.KindIndexExpr, func(n luaast.Node) {
		m, ok := n.(luaast.Expr) // always: both kinds are expressions
		if !ok || targets[m] {
			return
		}
		path := info.GlobalPath(m)
		root, member, ok := strings.Cut(path, ".")
		if !ok || strings.Contains(member, ".") || (root != "redis" && root != "server") {
			return
		}
		if id, ok := rootIdent(m); ok && missingRoot[id] {
			return
		}
		ctx, ok := where(m)
		if !ok || !atLoad.Has(root) || atLoad.HasMember(root, member) {
			return
		}
		if !atCall.HasMember(root, member) && !atEval.HasMember(root, member) {
			return // not an API at all: undefined-global
		}
		reportAt(pass, m, "'"+path+"' runs while the library loads"+ctx+", "+loadTimeOnly+": "+v.Name()+" raises "+
			quotedNonexistentGlobal(member)+"; call it inside a registered function")
	})
}

// TestLoadTimeCallMatchesWalk runs load-time-call and its former version
// on every test source as a library (generated ones included) and
// compares the findings.
func TestLoadTimeCallMatchesWalk(t *testing.T) {
	srcs := walkSources(t)
	for seed := uint64(1000); seed < 1400; seed++ {
		src := luagen.Script(seed)
		if strings.Contains(string(src), "register_function") {
			srcs["lib-"+strconv.FormatUint(seed, 10)] = append([]byte("#!lua name=lib\n"), src...)
		}
	}
	reports := 0
	for name, src := range srcs {
		f, _ := luaast.Parse(name, src)
		run := func(r func(*analyzer.Pass)) []analyzer.Diagnostic {
			var out []analyzer.Diagnostic
			r(analyzer.NewPass(f, redisfacts.DefaultVersion, loadTimeCallRule, nil, map[*analyzer.Analysis]any{}, func(d analyzer.Diagnostic) { out = append(out, d) }))
			slices.SortStableFunc(out, func(a, b analyzer.Diagnostic) int {
				if c := int(a.Span.Start - b.Span.Start); c != 0 {
					return c
				}
				return strings.Compare(a.Message, b.Message)
			})
			return out
		}
		got, want := run(runLoadTimeCall), run(runLoadTimeCallByWalk)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: load-time-call gives\n%v\nthe walk\n%v", name, got, want)
		}
		reports += len(want)
	}
	if reports < 50 {
		t.Fatalf("only %d findings compared", reports)
	}
}

// TestStmtPlaceMatchesWalk checks stmtPlaceOf, with which unreachable-code
// finds a statement's block, against the walk of every block it replaced,
// for every statement of the test sources.
func TestStmtPlaceMatchesWalk(t *testing.T) {
	stmts := 0
	for name, src := range walkSources(t) {
		f, _ := luaast.Parse(name, src)
		in := analyzer.Inspector(newTestPass(f))
		want := map[luaast.Stmt]stmtPlace{}
		in.Preorder(luaast.KindBlock, func(n luaast.Node) {
			if b, ok := n.(*luaast.Block); ok {
				for i, s := range b.Stmts {
					want[s] = stmtPlace{b, i}
				}
			}
		})
		luaast.Inspect(f, func(n luaast.Node) bool {
			s, ok := n.(luaast.Stmt)
			if !ok {
				return true
			}
			w, wok := want[s]
			if got, ok := stmtPlaceOf(in, s); ok != wok || got != w {
				t.Errorf("%s: place of %T at %d: got %v, %v, want %v, %v", name, s, s.Pos(), got, ok, w, wok)
			}
			stmts++
			return true
		})
	}
	if stmts < 1000 {
		t.Fatalf("only %d statements checked", stmts)
	}
}

// TestHasToken checks the shortcut of checkOptionVersions: a command for
// which hasToken is false finds no option word, whatever the word (every
// token of every command is tried), on every known version.
func TestHasToken(t *testing.T) {
	without := 0
	for _, name := range redisfacts.KnownVersions {
		v, err := redisfacts.ParseVersion(name)
		if err != nil {
			t.Fatal(err)
		}
		cmds := redisfacts.Commands(v)
		var tokens []string
		var collect func(args []redisfacts.Argument)
		collect = func(args []redisfacts.Argument) {
			for i := range args {
				if args[i].Token != "" {
					tokens = append(tokens, args[i].Token, strings.ToLower(args[i].Token))
				}
				collect(args[i].Args)
			}
		}
		for _, c := range cmds {
			collect(c.Args)
		}
		for _, c := range cmds {
			if hasToken(c.Args) {
				continue
			}
			without++
			for _, tok := range tokens {
				if c.FindToken(tok) != nil {
					t.Fatalf("%s: %s has no token by hasToken but finds %q", name, c.Name, tok)
				}
			}
		}
	}
	if without < 50 {
		t.Fatalf("only %d commands without options", without)
	}
}

// replyReturnsByWalk is collectReplyReturns as it was before an EVAL
// script's returns came from the script index: a walk of the main chunk.
func replyReturnsByWalk(pass *analyzer.Pass) []*luaast.ReturnStmt {
	info := analyzer.Script(pass)
	f := pass.File
	var bodies []*luaast.Block
	if info.IsLibrary() {
		seen := map[*luaast.FunctionExpr]bool{}
		for _, r := range info.Registrations {
			if r.Callback != nil && !seen[r.Callback] {
				seen[r.Callback] = true
				bodies = append(bodies, r.Callback.Body)
			}
		}
	} else if f.Block != nil {
		bodies = append(bodies, f.Block)
	}
	in := analyzer.Inspector(pass)
	var out []*luaast.ReturnStmt
	for _, b := range bodies {
		analyzer.PreorderSameFunc(in, b, luaast.KindReturnStmt, func(n luaast.Node) {
			if r, ok := n.(*luaast.ReturnStmt); ok {
				out = append(out, r)
			}
		})
	}
	return out
}

func TestReplyReturnsMatchWalk(t *testing.T) {
	srcs := walkSources(t)
	srcs["nested"] = []byte("local f = function() return 1 end\nif x then return f() end\ndo return end\n")
	srcs["cut"] = []byte("if x then return 1 end\nlocal f = function() return\n")
	srcs["empty"] = nil
	returns := 0
	for name, src := range srcs {
		f, _ := luaast.Parse(name, src)
		pass := newTestPass(f)
		want := replyReturnsByWalk(pass)
		if got := analyzer.ReplyReturns(pass); !slices.Equal(got, want) {
			t.Errorf("%s: ReplyReturns gives %d returns, the walk %d", name, len(got), len(want))
		}
		returns += len(want)
	}
	if returns < 200 {
		t.Fatalf("only %d returns compared", returns)
	}
}
