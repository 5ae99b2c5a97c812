package analyzer

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// testPass parses src (failing the test on a syntax error) and returns a
// pass over it for the default version.
func testPass(t testing.TB, src string) *Pass {
	t.Helper()
	return testPassVersion(t, src, redisfacts.DefaultVersion)
}

func testPassVersion(t testing.TB, src string, v redisfacts.Version) *Pass {
	t.Helper()
	f, err := luaast.Parse("test.lua", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return NewPass(f, v, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
}

// findCall returns the first call expression whose source text starts
// with prefix.
func findCall(t testing.TB, p *Pass, prefix string) *luaast.CallExpr {
	t.Helper()
	var found *luaast.CallExpr
	luaast.Inspect(p.File, func(n luaast.Node) bool {
		if found != nil {
			return false
		}
		if c, ok := n.(*luaast.CallExpr); ok && strings.HasPrefix(string(p.File.Src[c.Pos():c.End()]), prefix) {
			found = c
			return false
		}
		return true
	})
	if found == nil {
		t.Fatalf("no call starting with %q", prefix)
	}
	return found
}

// findNode returns the first node of type T whose source text starts with
// prefix.
func findNode[T luaast.Node](t testing.TB, p *Pass, prefix string) T {
	t.Helper()
	var found T
	ok := false
	luaast.Inspect(p.File, func(n luaast.Node) bool {
		if ok || n == nil {
			return false
		}
		if x, is := n.(T); is && strings.HasPrefix(string(p.File.Src[n.Pos():n.End()]), prefix) {
			found, ok = x, true
			return false
		}
		return true
	})
	if !ok {
		t.Fatalf("no %T starting with %q", found, prefix)
	}
	return found
}

func TestScriptKind(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		kind     ScriptKind
		flags    []string
		lib      string
		noWrites bool
	}{
		{"no shebang", "return 1\n", EvalScript, nil, "", false},
		{"eval flags", "#!lua flags=no-writes,allow-oom\nreturn 1\n", EvalScript, []string{"no-writes", "allow-oom"}, "", true},
		{"eval repeated flags", "#!lua flags=no-writes flags=no-cluster\nreturn 1\n", EvalScript, []string{"no-writes", "no-cluster"}, "", true},
		{"eval flags case-sensitive", "#!lua flags=NO-WRITES\nreturn 1\n", EvalScript, []string{"NO-WRITES"}, "", false},
		{"eval bare shebang", "#!lua\nreturn 1\n", EvalScript, nil, "", false},
		{"library", "#!lua name=mylib\nredis.register_function('f', function() end)\n", Library, nil, "mylib", false},
		{"library upper key and engine", "#!LUA NAME=Lib2\nredis.register_function('f', function() end)\n", Library, nil, "Lib2", false},
		{"other engine", "#!js name=x\nreturn 1\n", EvalScript, nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPass(t, tt.src)
			s := Script(p)
			if s.Kind != tt.kind {
				t.Errorf("Kind = %v, want %v", s.Kind, tt.kind)
			}
			if strings.Join(s.EvalFlags, ",") != strings.Join(tt.flags, ",") {
				t.Errorf("EvalFlags = %q, want %q", s.EvalFlags, tt.flags)
			}
			if s.LibraryName != tt.lib {
				t.Errorf("LibraryName = %q, want %q", s.LibraryName, tt.lib)
			}
			if s.Kind == EvalScript {
				if got := s.ReadOnly(p.File.Block); got != tt.noWrites {
					t.Errorf("ReadOnly = %v, want %v", got, tt.noWrites)
				}
			}
		})
	}
}

func TestRegistrations(t *testing.T) {
	src := `#!lua name=lib
local function incr(keys, args)
  return redis.call('INCR', keys[1])
end
local get = function(k, a)
  local function inner() return k[1] end
  return redis.call('GET', inner())
end
redis.register_function('incr', incr)
redis.register_function('get', get)
redis.register_function{function_name='ro', callback=function(ks, as) return ks[1] end, flags={'no-writes', 'ALLOW-OOM'}, description='d'}
redis.register_function{FUNCTION_NAME='mixed', CallBack=get, Flags={'No-Writes'}, extra=1}
server.register_function('srv', function(keys) return 1 end)
local name = 'dyn'
redis.register_function(name, incr)
redis.register_function('nocb')
local t = {flags={ARGV[1]}}
local function later() redis.register_function('inner', incr) end
`
	p := testPass(t, src)
	s := Script(p)
	type want struct {
		name       string
		nameKnown  bool
		named      bool
		cb         bool
		keys, args string
		flags      string
		flagsKnown bool
		unknown    int
	}
	wants := []want{
		{"incr", true, false, true, "keys", "args", "", false, 0},
		{"get", true, false, true, "k", "a", "", false, 0},
		{"ro", true, true, true, "ks", "as", "no-writes,allow-oom", true, 0},
		{"mixed", true, true, true, "k", "a", "no-writes", true, 1},
		{"srv", true, false, true, "keys", "", "", false, 0},
		{"dyn", true, false, true, "keys", "args", "", false, 0},
		{"nocb", true, false, false, "", "", "", false, 0},
	}
	if len(s.Registrations) != len(wants) {
		t.Fatalf("got %d registrations, want %d", len(s.Registrations), len(wants))
	}
	varName := func(v *luaast.Variable) string {
		if v == nil {
			return ""
		}
		return v.Name
	}
	for i, w := range wants {
		r := s.Registrations[i]
		if r.Name != w.name || r.NameKnown != w.nameKnown || r.Named != w.named {
			t.Errorf("reg %d: name %q known=%v named=%v, want %q %v %v", i, r.Name, r.NameKnown, r.Named, w.name, w.nameKnown, w.named)
		}
		if (r.Callback != nil) != w.cb {
			t.Errorf("reg %d (%s): callback resolved = %v, want %v", i, w.name, r.Callback != nil, w.cb)
		}
		if varName(r.Keys) != w.keys || varName(r.Args) != w.args {
			t.Errorf("reg %d (%s): keys/args = %q/%q, want %q/%q", i, w.name, varName(r.Keys), varName(r.Args), w.keys, w.args)
		}
		if strings.Join(r.Flags, ",") != w.flags || r.FlagsKnown != w.flagsKnown {
			t.Errorf("reg %d (%s): flags %q known=%v, want %q %v", i, w.name, r.Flags, r.FlagsKnown, w.flags, w.flagsKnown)
		}
		if len(r.UnknownFields) != w.unknown {
			t.Errorf("reg %d (%s): %d unknown fields, want %d", i, w.name, len(r.UnknownFields), w.unknown)
		}
	}
	if s.Registrations[2].DescriptionExpr == nil {
		t.Errorf("description not read")
	}

	// Context queries.
	incrCall := findCall(t, p, "redis.call('INCR'")
	getCall := findCall(t, p, "redis.call('GET'")
	roBody := findNode[*luaast.IndexExpr](t, p, "ks[1]")
	innerIdx := findNode[*luaast.IndexExpr](t, p, "k[1]")
	if r := s.CallbackFor(incrCall); r == nil || r.Name != "incr" {
		t.Errorf("CallbackFor(INCR call) = %v, want incr", r)
	}
	if r := s.CallbackFor(innerIdx); r == nil || r.Name != "get" {
		t.Errorf("CallbackFor(nested in get) = %v, want get", r)
	}
	if s.ReadOnly(incrCall) {
		t.Errorf("ReadOnly(incr) = true")
	}
	if !s.ReadOnly(roBody) {
		t.Errorf("ReadOnly(ro callback) = false")
	}
	// get is registered twice: once without flags, once with no-writes.
	if s.ReadOnly(getCall) {
		t.Errorf("ReadOnly(get) = true, but one registration may write")
	}
	if s.IsLoadTime(getCall) {
		t.Errorf("IsLoadTime(call in function body) = true")
	}
	if !s.IsLoadTime(s.Registrations[0].Call) {
		t.Errorf("IsLoadTime(top-level registration) = false")
	}
	if got := s.EnclosingFunc(innerIdx); got == nil || got == p.File.Main || len(got.Params) != 0 {
		t.Errorf("EnclosingFunc(k[1]) is not the inner function")
	}
	if got := s.EnclosingFunc(s.Registrations[0].Call); got != p.File.Main {
		t.Errorf("EnclosingFunc(top level) is not Main")
	}
	if keys, args := s.IsCallbackParam(s.Registrations[0].Keys); !keys || args {
		t.Errorf("IsCallbackParam(keys) = %v, %v", keys, args)
	}
	inner := s.EnclosingFunc(innerIdx)
	if outer := s.ParentFunc(inner); outer != s.Registrations[1].Callback {
		t.Errorf("ParentFunc(inner) is not get's callback")
	}
	if s.ParentFunc(p.File.Main) != nil {
		t.Errorf("ParentFunc(Main) is not nil")
	}
	if fns := s.Functions(); len(fns) != 7 || fns[0] != p.File.Main {
		t.Errorf("Functions() = %d functions (want 7, Main first)", len(fns))
	}
}

func TestRegistrationsOnlyInLibraries(t *testing.T) {
	p := testPass(t, "redis.register_function('f', function(keys, args) return 1 end)\n")
	if n := len(Script(p).Registrations); n != 0 {
		t.Errorf("EVAL script: %d registrations, want 0", n)
	}
	p = testPass(t, "#!lua name=l\nlocal redis = {register_function = function() end}\nredis.register_function('f', function(keys, args) return 1 end)\n")
	if n := len(Script(p).Registrations); n != 0 {
		t.Errorf("shadowed redis: %d registrations, want 0", n)
	}
}

func TestGlobalPath(t *testing.T) {
	src := `local r = redis
local rcall = r.call
local fmt = string["format"]
local redis2 = {call = 1}
local s = 'x'
s = 'y'
local a = r.call
local b = redis2.call
local c = fmt
local d = string['not a name']
local e = s
`
	p := testPass(t, src)
	s := Script(p)
	tests := map[string]string{
		"r.call":              "redis.call",
		"redis2.call":         "",
		"fmt":                 "string.format",
		"string['not a name'": "",
		"s\n":                 "",
	}
	for prefix, want := range tests {
		var e luaast.Expr
		luaast.Inspect(p.File, func(n luaast.Node) bool {
			if e != nil || n == nil {
				return false
			}
			if x, ok := n.(*luaast.LocalStmt); ok && len(x.Exprs) == 1 {
				text := string(p.File.Src[x.Exprs[0].Pos():x.EndPos])
				if strings.HasPrefix(text+"\n", prefix) && x.Names[0].Name >= "a" && len(x.Names[0].Name) == 1 {
					e = x.Exprs[0]
				}
			}
			return true
		})
		if e == nil {
			t.Fatalf("no local bound to %q", prefix)
		}
		if got := s.GlobalPath(e); got != want {
			t.Errorf("GlobalPath(%s) = %q, want %q", prefix, got, want)
		}
	}
}

var update = flag.Bool("update", false, "rewrite testdata/analyses/*.golden")

// TestAnalysesGolden runs every analysis over testdata/analyses/*.lua and
// compares a readable dump of the results with the .golden file beside it
// (go test -run TestAnalysesGolden -update rewrites them).
func TestAnalysesGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/analyses/*.lua")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got := dumpAnalyses(t, string(src))
			golden := strings.TrimSuffix(path, ".lua") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from the analyses' output:\n%s", golden, got)
			}
		})
	}
}

func dumpAnalyses(t *testing.T, src string) string {
	t.Helper()
	p := testPass(t, src)
	s, calls, origins, flow := Script(p), Calls(p), Origins(p), Flow(p)
	var b strings.Builder
	line := func(n luaast.Node) int { return p.File.Lines.Position(n.Pos()).Line }
	text := func(n luaast.Node) string { return stmtText(p.File.Src, n) }
	fmt.Fprintf(&b, "kind: %s", s.Kind)
	if s.LibraryName != "" {
		fmt.Fprintf(&b, " name=%s", s.LibraryName)
	}
	if len(s.EvalFlags) > 0 {
		fmt.Fprintf(&b, " flags=%s", strings.Join(s.EvalFlags, ","))
	}
	b.WriteString("\n")
	for _, r := range s.Registrations {
		cb := "unresolved"
		if r.Callback != nil {
			cb = fmt.Sprintf("line %d", line(r.Callback))
		}
		fmt.Fprintf(&b, "register %q named=%v callback=%s flags=%v\n", r.Name, r.Named, cb, r.Flags)
	}
	b.WriteString("calls:\n")
	for _, c := range calls.List {
		var keys []string
		for _, k := range c.KeyArgs {
			keys = append(keys, text(k)+" <"+origins.Of(k).String()+">")
		}
		name := c.Name
		if !c.NameKnown {
			name = "<" + origins.Of(c.NameExpr).String() + ">"
		}
		fmt.Fprintf(&b, "  %d: %s %s write=%v readonly-ctx=%v keys=[%s] complete=%v reply=%s\n",
			line(c.Call), c.API, name, c.IsWrite, s.ReadOnly(c.Call), strings.Join(keys, "; "), c.KeysComplete, origins.Of(c.Call))
	}
	b.WriteString("exits:\n")
	luaast.Inspect(p.File, func(n luaast.Node) bool {
		var at luaast.Node
		switch x := n.(type) {
		case *luaast.ReturnStmt:
			at = x
		case *luaast.CallStmt:
			if c, ok := x.Call.(*luaast.CallExpr); ok && (calls.Callee(c) == "error" || calls.Callee(c) == "assert") {
				at = x
			}
		}
		if at != nil {
			var ws []string
			for _, w := range flow.WritesBefore(at) {
				ws = append(ws, fmt.Sprintf("%s@%d", w.Name, line(w.Call)))
			}
			fmt.Fprintf(&b, "  %d: %s reachable=%v writes-before=[%s]\n", line(at), text(at), flow.Reachable(at.(luaast.Stmt)), strings.Join(ws, " "))
		}
		if st, ok := n.(luaast.Stmt); ok {
			switch st.(type) {
			case *luaast.WhileStmt, *luaast.RepeatStmt, *luaast.NumericForStmt, *luaast.GenericForStmt:
				fmt.Fprintf(&b, "  %d: loop %q has-exit=%v\n", line(st), text(st), flow.LoopHasExit(st))
			}
		}
		return true
	})
	b.WriteString("unreachable:\n")
	for _, st := range flow.Unreachable() {
		fmt.Fprintf(&b, "  %d: %s\n", line(st), text(st))
	}
	return b.String()
}

// benchSource is a large EVAL script: the non-library testdata files,
// each wrapped in a function, repeated.
func benchSource(b *testing.B) []byte {
	b.Helper()
	var buf strings.Builder
	for i := range 40 {
		for _, name := range []string{"rate_limiter.lua", "tricky.lua"} {
			src, err := os.ReadFile(filepath.Join("testdata", "analyses", name))
			if err != nil {
				b.Fatal(err)
			}
			fmt.Fprintf(&buf, "local function f%d_%d()\n%s\nend\n", i, len(name), src)
		}
	}
	return []byte(buf.String())
}

func BenchmarkParse(b *testing.B) {
	src := benchSource(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := luaast.Parse("bench.lua", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnalyses measures every shared analysis together on an already
// parsed file, with the queries rules typically make.
func BenchmarkAnalyses(b *testing.B) {
	src := benchSource(b)
	f, err := luaast.Parse("bench.lua", src)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		p := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
		calls, origins, flow := Calls(p), Origins(p), Flow(p)
		for _, c := range calls.List {
			for _, k := range c.KeyArgs {
				origins.Of(k)
			}
			flow.WritesBefore(c.Call)
		}
		flow.Unreachable()
	}
}

// TestAnalysesNoPanic runs every analysis and every query on every node of
// the Lua files in the repository's testdata, including the partial trees
// of files with syntax errors.
func TestAnalysesNoPanic(t *testing.T) {
	var files []string
	for _, pattern := range []string{"testdata/analyses/*.lua", "../rules/testdata/*/*.lua", "../luaast/testdata/*/*.lua", "../luaast/testdata/*.lua"} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	// Truncated sources give partial trees.
	extra := []string{
		"if x then redis.call('SET', KEYS[1]",
		"local function f(a, b) while true do",
		"#!lua name=l\nredis.register_function{callback=",
		"repeat until",
		"for i = 1, #KEYS do local k = KEYS[i] .. ",
	}
	run := func(name string, src []byte) {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("%s: panic: %v", name, r)
			}
		}()
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Main == nil {
			return
		}
		p := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
		s, calls, origins, flow := Script(p), Calls(p), Origins(p), Flow(p)
		flow.Unreachable()
		luaast.Inspect(f, func(n luaast.Node) bool {
			if n == nil {
				return false
			}
			s.EnclosingFunc(n)
			s.IsLoadTime(n)
			s.ReadOnly(n)
			flow.WritesBefore(n)
			switch x := n.(type) {
			case *luaast.Ident:
				if x.Var != nil {
					origins.OfVar(x.Var)
				}
			case *luaast.CallExpr:
				calls.Of(x)
				calls.Callee(x)
			case *luaast.FunctionExpr:
				flow.MayRaise(x)
				flow.FuncWrites(x)
			}
			if e, ok := n.(luaast.Expr); ok {
				origins.Of(e)
				origins.NumberLike(e)
			}
			if st, ok := n.(luaast.Stmt); ok {
				flow.Reachable(st)
				flow.Successors(st)
				switch st.(type) {
				case *luaast.WhileStmt, *luaast.RepeatStmt, *luaast.NumericForStmt, *luaast.GenericForStmt:
					LoopHasExit(st)
					flow.LoopHasExit(st)
				}
			}
			return true
		})
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		run(path, src)
	}
	for i, src := range extra {
		run(fmt.Sprintf("extra%d", i), []byte(src))
	}
	if len(files) == 0 {
		t.Fatal("no files")
	}
}

func TestReadOnlyHelpers(t *testing.T) {
	src := `#!lua name=lib
local function roHelper(k) return redis.call('SET', k, 1) end
local function deepHelper(k) return roHelper(k) end
local function shared(k) return redis.call('DEL', k) end
local function escaped(k) return redis.call('INCR', k) end
local function recursive(k, n) if n > 0 then return recursive(k, n - 1) end return redis.call('HSET', k, 'a', 1) end
local function unused(k) return redis.call('LPUSH', k, 1) end
local tbl = {f = escaped}
redis.register_function{function_name = 'ro', flags = {'no-writes'}, callback = function(keys)
  roHelper(keys[1])
  deepHelper(keys[1])
  shared(keys[1])
  escaped(keys[1])
  return recursive(keys[1], 2)
end}
redis.register_function('rw', function(keys) return shared(keys[1]) end)
`
	p := testPass(t, src)
	s := Script(p)
	tests := []struct {
		call string
		want bool
	}{
		{"redis.call('SET'", true},    // called only from a no-writes callback
		{"roHelper(k)", true},         // deepHelper is only called from there too
		{"redis.call('DEL'", false},   // shared is also called from a writable callback
		{"redis.call('INCR'", false},  // escaped is stored in a table
		{"redis.call('HSET'", false},  // recursion: conservative
		{"redis.call('LPUSH'", false}, // never called
		{"shared(keys[1])", true},     // the call itself is in the no-writes callback
	}
	for _, tt := range tests {
		if got := s.ReadOnly(findCall(t, p, tt.call)); got != tt.want {
			t.Errorf("ReadOnly(%s) = %v, want %v", tt.call, got, tt.want)
		}
	}
}

func TestLibraryPath(t *testing.T) {
	if !slices.IsSorted(libraryPaths[:]) {
		t.Fatal("libraryPaths is not sorted")
	}
	for _, p := range libraryPaths {
		prefix, name, _ := strings.Cut(p, ".")
		if got := libraryPath(prefix, name); got != p {
			t.Errorf("libraryPath(%q, %q) = %q, want %q", prefix, name, got, p)
		}
	}
	for _, tt := range [][2]string{
		{"redis", "nope"}, {"redi", "call"}, {"redis.call", "x"}, {"", "call"}, {"redis", ""},
		{"string", "format2"}, {"str", "ing.format"}, {"cmsgpackx", "pack"}, {"KEYS", "n"},
	} {
		if got := libraryPath(tt[0], tt[1]); got != "" {
			t.Errorf("libraryPath(%q, %q) = %q, want none", tt[0], tt[1], got)
		}
	}
	// join gives the same text whether or not the path is a library's.
	ix := &index{sc: new(scriptScratch)}
	for _, tt := range [][2]string{{"redis", "call"}, {"myLib", "call"}, {"string", "format"}, {"a.b", "c"}} {
		if got := ix.join(tt[0], tt[1]); got != tt[0]+"."+tt[1] {
			t.Errorf("join(%q, %q) = %q", tt[0], tt[1], got)
		}
	}
}

// libraryPathSearch is what libraryPath replaced: a binary search of
// libraryPaths comparing with prefix + "." + name without building it.
func libraryPathSearch(prefix, name string) string {
	if len(prefix) > 8 {
		return ""
	}
	cmp := func(p string) int {
		if c := strings.Compare(p[:min(len(p), len(prefix))], prefix); c != 0 {
			return c
		}
		if len(p) == len(prefix) {
			return -1
		}
		if c := int(p[len(prefix)]) - '.'; c != 0 {
			return c
		}
		return strings.Compare(p[len(prefix)+1:], name)
	}
	i, found := sort.Find(len(libraryPaths), func(i int) int { return -cmp(libraryPaths[i]) })
	if !found {
		return ""
	}
	return libraryPaths[i]
}

// TestLibraryPathOracle compares libraryPath with the binary search it
// replaced on every library path, its prefixes, and near misses of both
// halves (cut, extended, case-changed, dotted).
func TestLibraryPathOracle(t *testing.T) {
	var prefixes, names []string
	for _, p := range libraryPaths {
		prefix, name, _ := strings.Cut(p, ".")
		prefixes = append(prefixes, prefix)
		names = append(names, name)
	}
	vary := func(s string) []string {
		out := []string{s, s + "x", s + ".", "." + s, strings.ToUpper(s), strings.ToLower(s), "x" + s}
		if s != "" {
			out = append(out, s[1:], s[:len(s)-1])
		}
		return out
	}
	var ps, ns []string
	for _, p := range slices.Compact(slices.Sorted(slices.Values(prefixes))) {
		ps = append(ps, vary(p)...)
	}
	for _, n := range names {
		ns = append(ns, vary(n)...)
	}
	ps = append(ps, "", "KEYS", "ARGV", "_G", "a.b", "redis.call", "cmsgpackx")
	ns = append(ns, "", "call.x", "format.x")
	checked := 0
	for _, p := range ps {
		for _, n := range ns {
			if got, want := libraryPath(p, n), libraryPathSearch(p, n); got != want {
				t.Fatalf("libraryPath(%q, %q) = %q, want %q", p, n, got, want)
			}
			checked++
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d pairs checked", checked)
	}
}

// TestEachCallMatchesInspector checks ScriptInfo.EachCall, which rules use
// instead of walking the inspector for calls, against that walk: the same
// calls in the same order, each with EnclosingFunc's function.
func TestEachCallMatchesInspector(t *testing.T) {
	checkIndexMatchesInspector(t, "calls", luaast.KindCall, 1000, func(info *ScriptInfo, add func(luaast.Node, *luaast.FunctionExpr)) {
		info.EachCall(func(call luaast.Expr, fn *luaast.FunctionExpr) { add(call, fn) })
	},
		"f(g(h()))(x):m(y)\nlocal t = {[a()] = b(), c:d()}\nrepeat until e()\n",
		"function M.f() return (x())() end\nif p() then q() elseif r() then s() else u() end\n",
		"local f = function() return function() g() end end\nfor i = a(), b(), c() do d() end\nfor k in e() do end\n",
		"x = y(\n") // a syntax error cuts the tree
}

// TestEachReturnMatchesInspector checks ScriptInfo.EachReturn against a
// walk of the inspector for return statements, as for EachCall.
func TestEachReturnMatchesInspector(t *testing.T) {
	checkIndexMatchesInspector(t, "returns", luaast.KindReturnStmt, 200, func(info *ScriptInfo, add func(luaast.Node, *luaast.FunctionExpr)) {
		info.EachReturn(func(ret *luaast.ReturnStmt, fn *luaast.FunctionExpr) { add(ret, fn) })
	},
		"return function() return function() return 1 end end\n",
		"local t = {f = function() return 1 end, [function() return 2 end] = 3}\nif x then return end\n",
		"repeat local f = function() return 1 end until (function() return true end)()\ndo return end\n",
		"function M.f() return (function() return 1 end)() end\nreturn M\n",
		"x = function() return\n") // a syntax error cuts the tree
}

// checkIndexMatchesInspector compares a listing of the script index (each)
// with an inspector walk for kinds on reuseSources plus extra: the same
// nodes in the same order, each with EnclosingFunc's function, and at
// least minimum nodes in all.
func checkIndexMatchesInspector(t *testing.T, what string, kinds luaast.Kind, minimum int, each func(*ScriptInfo, func(luaast.Node, *luaast.FunctionExpr)), extra ...string) {
	t.Helper()
	srcs := append(reuseSources(t), extra...)
	total := 0
	for i, src := range srcs {
		f, _ := luaast.Parse("f.lua", []byte(src))
		in := luaast.NewInspector(f)
		info := newScriptInfo(f, nil, new(scriptScratch))
		var want []luaast.Node
		in.Preorder(kinds, func(n luaast.Node) { want = append(want, n) })
		var got []luaast.Node
		each(info, func(n luaast.Node, fn *luaast.FunctionExpr) {
			got = append(got, n)
			if e := info.EnclosingFunc(n); e != fn {
				t.Errorf("source %d: node at %d: the index gives the function at %d, EnclosingFunc the one at %d", i, n.Pos(), fn.Pos(), e.Pos())
			}
		})
		if !slices.Equal(got, want) {
			t.Errorf("source %d: the index lists %d %s, the inspector %d", i, len(got), what, len(want))
		}
		total += len(want)
	}
	if total < minimum {
		t.Fatalf("only %d %s compared", total, what)
	}
}
