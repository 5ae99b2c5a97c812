package goembed

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// Frontend is the Go front end on the frontend contract: one Go file read
// from its syntax alone, as a directory walk, a pre-commit run or an
// editor reads it (its package is type-checked without its imports, see
// Input.Partial). Packages with their types go through CheckPackages.
type Frontend struct{}

// Language returns "go".
func (Frontend) Language() string { return "go" }

// Extensions returns ".go".
func (Frontend) Extensions() []string { return []string{".go"} }

// mayHoldMarks are the texts one of which a Go file holding a script
// shows: a command call in the script's text, or a scripting call of the
// clients (NewScript, NewLuaScript, Eval*, ScriptLoad, FunctionLoad), or
// the #!lua line of a Functions library, or a command sent by its name
// ("EVAL", "SCRIPT", "LOAD", see commandCall) in its usual cases.
var mayHoldMarks = [][]byte{[]byte("redis.call"), []byte("redis.pcall"), []byte("server.call"), []byte("server.pcall"),
	[]byte("NewScript"), []byte("NewLuaScript"), []byte("Eval"), []byte("ScriptLoad"), []byte("FunctionLoad"), []byte("#!lua"),
	[]byte(`"EVAL`), []byte(`"eval`), []byte(`"SCRIPT"`), []byte(`"script"`), []byte(`"FUNCTION"`), []byte(`"function"`)}

// MayHold reports whether src shows one of the marks of a script: most Go
// files of an application, even those that use a Redis client, do not.
func (Frontend) MayHold(src []byte) bool {
	for _, m := range mayHoldMarks {
		if bytes.Contains(src, m) {
			return true
		}
	}
	return false
}

// Find returns the scripts of the Go file src: the sources of the client
// calls recognised by name and the constants whose text calls a Redis
// command, with redigo's keyCount as their call site.
func (Frontend) Find(path string, src []byte) (*frontend.Found, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if f == nil || f.Name == nil {
		return nil, fmt.Errorf("cannot parse: %w", err)
	}
	info, over := typeCheckSyntax(fset, []*ast.File{f})
	in := &Input{Fset: fset, Files: []*ast.File{f}, Info: info, Partial: true, ReadFile: func(string) ([]byte, error) { return src, nil }, defused: over}
	k := &scriptCollector{base: token.Pos(fset.File(f.FileStart).Base()), size: len(src), scripts: map[*luaSource]*frontend.Script{}, byText: map[span]*frontend.Script{}}
	c := newChecker(in, nil)
	c.collect = k
	k.c = c
	c.run()
	k.found.Scripts = k.order
	k.found.Budget, _ = c.ix.budget(f.FileStart)
	return &k.found, nil
}

// scriptCollector gathers the scripts and call sites of one file for Find.
type scriptCollector struct {
	base    token.Pos
	size    int
	found   frontend.Found
	order   []*frontend.Script
	scripts map[*luaSource]*frontend.Script
	// byText are the scripts by the Go range of their text: a constant
	// run by two calls is one script with two call sites.
	byText map[span]*frontend.Script
	// site is the call whose source is being collected (nil for a
	// constant).
	site *site
	c    *checker
}

// span converts a Go range to file offsets, clamped to the file.
func (k *scriptCollector) span(pos, end token.Pos) frontend.Span {
	off := func(p token.Pos) int {
		return min(max(int(p-k.base), 0), k.size)
	}
	if !pos.IsValid() {
		return frontend.Span{}
	}
	return frontend.Span{Start: off(pos), End: max(off(end), off(pos))}
}

// script records the script ls found at the expression at.
func (k *scriptCollector) script(ls *luaSource, at ast.Expr) {
	if k.scripts[ls] != nil {
		return
	}
	key, ok := ls.origin()
	if !ok {
		key = span{at.Pos(), at.End()}
	}
	if s := k.byText[key]; s != nil {
		k.scripts[ls] = s
		if k.site != nil {
			cs := k.callSite()
			switch {
			case s.Call == nil:
				s.Call = cs
			case s.Call.Span != cs.Span:
				s.Calls = append(s.Calls, cs)
			}
		}
		return
	}
	// The script's expression is where its text is: the value of the
	// constant or variable a call names.
	whole := k.span(at.Pos(), at.End())
	if o := k.c.origin(at); o != nil {
		whole = k.span(o.Pos(), o.End())
	}
	// The luaSource's ranges are token.Pos: made offsets of the file.
	s := &frontend.Script{Text: ls.Text, Lit: ls.Lit, Whole: whole}
	s.From = make([]frontend.Span, len(ls.From))
	for i, f := range ls.From {
		if f := goSpan(f); f.pos.IsValid() {
			s.From[i] = k.span(f.pos, f.end)
		} else {
			s.From[i] = frontend.Span{Start: whole.Start, End: whole.Start}
		}
	}
	for id := range ls.Literals {
		lit := int32(id + 1)
		sp := frontend.Span{Start: -1}
		for i, l := range ls.Lit {
			if l != lit {
				continue
			}
			if sp.Start < 0 || s.From[i].Start < sp.Start {
				sp.Start = s.From[i].Start
			}
			sp.End = max(sp.End, s.From[i].End)
		}
		sp.Start = max(sp.Start, 0)
		s.Literals = append(s.Literals, frontend.Literal{Span: sp, Encode: ls.Literals[id].Encode})
	}
	for _, p := range ls.Placeholders {
		h := goSpan(p.Host)
		s.Placeholders = append(s.Placeholders, frontend.Placeholder{Lua: p.Lua, Host: k.span(h.pos, h.end), Text: p.Text})
	}
	if k.site != nil {
		s.Call = k.callSite()
	}
	k.scripts[ls] = s
	k.byText[key] = s
	k.order = append(k.order, s)
}

// callSite returns the call site of k.site, without keys.
func (k *scriptCollector) callSite() *frontend.CallSite {
	call := k.site.call
	return &frontend.CallSite{API: k.site.api.name, Span: k.span(call.Pos(), call.End()), NumKeys: -1, Library: k.site.api.kind == loadLibrary}
}

// call records a call site of the script of site script: the key count n
// at nAt (n < 0: none), or the keys (at keysAt) the call passes.
func (k *scriptCollector) call(script *site, call *ast.CallExpr, api string, n int, nAt ast.Expr, keys []ast.Expr, keysAt ast.Node) {
	if script == nil || script.lua == nil {
		return
	}
	s := k.scripts[script.lua]
	if s == nil {
		return
	}
	cs := &frontend.CallSite{API: api, Span: k.span(call.Pos(), call.End()), NumKeys: n}
	if nAt != nil {
		cs.NumKeysSpan = k.span(nAt.Pos(), nAt.End())
	}
	if keysAt != nil {
		cs.KeysKnown = true
		cs.KeysSpan = k.span(keysAt.Pos(), keysAt.End())
		for _, e := range keys {
			v, ok := k.c.stringConst(e)
			cs.Keys = append(cs.Keys, frontend.Key{Value: v, Known: ok, Span: k.span(e.Pos(), e.End())})
		}
	}
	switch {
	case s.Call != nil && s.Call.Span == cs.Span:
		cs.Library = s.Call.Library
		*s.Call = *cs
	case s.Call == nil:
		s.Call = cs
	default:
		s.Calls = append(s.Calls, cs)
	}
}

// runtime records a call passing a script built at run time.
func (k *scriptCollector) runtime(api string, arg ast.Expr, builtBy string) {
	k.found.Runtime = append(k.found.Runtime, frontend.Runtime{API: api, Span: k.span(arg.Pos(), arg.End()), BuiltBy: builtBy})
}
