package goembed

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// TypedRuleIDs are the checks that need the types of a call (which
// library's method it is, the keys slice it passes): they are skipped for
// the calls of code read without types, recognised by name.
var TypedRuleIDs = []string{NumkeysMismatchRuleID, CrossSlotKeysRuleID, ScriptBuiltAtRuntimeRuleID}

// clientImports is how one file refers to the client libraries, read from
// its import declarations: what a file without types (its package does
// not type-check, or it was read alone) says about the calls it makes.
type clientImports struct {
	// names maps the name a client package is referred to by in the file
	// to its import path.
	names map[string]string
	// pkg is the name of the file's package: a client's own files call
	// its constructors unqualified (NewLuaScript in package rueidis).
	pkg string
	// goRedisCtx and goRedisNoCtx say that the file imports a go-redis
	// package whose methods take a context first (v9, v8, rueidiscompat),
	// or one whose methods do not (v7, v6).
	goRedisCtx, goRedisNoCtx bool
}

// clientPackageName returns the name a known client package declares, or
// "" when path is not one.
func clientPackageName(p string) string {
	switch p {
	case GoRedisV9Path, GoRedisV8Path, GoRedisV7Path, GoRedisV6Path, RedigoPath, RedigoOldPath:
		return "redis"
	case RueidisPath:
		return "rueidis"
	case RueidisCompPath:
		return "rueidiscompat"
	}
	return ""
}

// guessPackageName returns the name a package imported from p most
// likely declares: a known client's name, else the last path element
// without a major-version suffix and a "go-" prefix or "-go" suffix.
func guessPackageName(p string) string {
	if n := clientPackageName(p); n != "" {
		return n
	}
	base := path.Base(p)
	if len(base) > 1 && base[0] == 'v' && isDigits(base[1:]) && path.Dir(p) != "." {
		base = path.Base(path.Dir(p))
	}
	base = strings.TrimPrefix(base, "go-")
	base = strings.TrimSuffix(base, "-go")
	base = strings.TrimSuffix(base, ".go")
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '.' {
			return '_'
		}
		return r
	}, base)
}

func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// fileClients reads the client imports of f.
func fileClients(f *ast.File) clientImports {
	ci := clientImports{names: map[string]string{}, pkg: f.Name.Name}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || clientPackageName(p) == "" {
			continue
		}
		name := clientPackageName(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name != "_" && name != "." {
			ci.names[name] = p
		}
		switch p {
		case GoRedisV9Path, GoRedisV8Path, RueidisCompPath:
			ci.goRedisCtx = true
		case GoRedisV7Path, GoRedisV6Path:
			ci.goRedisNoCtx = true
		}
	}
	return ci
}

// packagePath returns the import path of the package x names in the
// file, and false when x is not a package name (a variable, say).
func (ci clientImports) packagePath(info *types.Info, x *ast.Ident) (string, bool) {
	if obj := info.Uses[x]; obj != nil {
		if pn, ok := obj.(*types.PkgName); ok {
			return pn.Imported().Path(), true
		}
		return "", false
	}
	// An import that failed gives a package named after its path's last
	// element (v9 for go-redis): the name is then undefined.
	p, ok := ci.names[x.Name]
	return p, ok
}

// classifyByName recognises a call of code without types by the name of
// its callee and the client imports of its file: the functions that make
// a script object (NewScript, NewLuaScript...) of a client package, and,
// in a file that imports go-redis, the methods that send a source (Eval,
// EvalRO, ScriptLoad, FunctionLoad, FunctionLoadReplace) when the source
// argument is a source (isSource: a constant string, or a variable holding
// one or a template of one). It recognises only the calls that carry a
// source: with nothing but names, the keys a call passes are not known.
func classifyByName(info *types.Info, ci clientImports, call *ast.CallExpr, isSource func(ast.Expr) bool) (apiCall, bool) {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		return ownConstructor(info, ci.pkg, id.Name, call, isSource)
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return apiCall{}, false
	}
	name := sel.Sel.Name
	c := apiCall{name: name, src: -1, keys: -1, keyCount: -1}
	if x, ok := sel.X.(*ast.Ident); ok {
		if p, isPkg := ci.packagePath(info, x); isPkg {
			switch {
			case isGoRedisPath(p) && name == "NewScript" && len(call.Args) == 1:
				c.kind, c.lib, c.src = newScript, goRedis, 0
			case (p == RedigoPath || p == RedigoOldPath) && name == "NewScript" && len(call.Args) == 2:
				c.kind, c.lib, c.keyCount, c.src = newScript, redigo, 0, 1
			case p == RueidisPath && strings.HasPrefix(name, "NewLuaScript") && len(call.Args) >= 1:
				c.kind, c.lib, c.src = newScript, rueidis, 0
			case name == "NewScript" && strings.Contains(guessPackageName(p), "redis") && !isClientPath(p):
				// Another Redis package's script object (go-zero's
				// redis.NewScript(src), redsync's NewScript(keyCount, src,
				// ...)): told apart by the shape of the arguments.
				switch {
				case len(call.Args) == 1:
					c.kind, c.lib, c.src = newScript, goRedis, 0
				case len(call.Args) >= 2 && isIntConst(info, call.Args[0]):
					c.kind, c.lib, c.keyCount, c.src = newScript, redigo, 0, 1
				}
			}
			return c, c.kind != notAScriptCall && isSource(call.Args[c.src])
		}
	}
	if !ci.goRedisCtx && !ci.goRedisNoCtx {
		return apiCall{}, false
	}
	switch name {
	case "Eval", "EvalRO":
		c.kind = evalSource
	case "ScriptLoad":
		c.kind = loadSource
	case "FunctionLoad", "FunctionLoadReplace":
		c.kind = loadLibrary
	default:
		return apiCall{}, false
	}
	c.lib = goRedis
	// The source follows the context in v9 and v8, comes first in v7 and
	// v6: a file importing both kinds gets the first that is a string.
	var at []int
	if ci.goRedisCtx {
		at = append(at, 1)
	}
	if ci.goRedisNoCtx {
		at = append(at, 0)
	}
	for _, i := range at {
		if i < len(call.Args) && isSource(call.Args[i]) {
			c.src = i
			return c, true
		}
	}
	return apiCall{}, false
}

// ownConstructor recognises an unqualified call of a client's script
// constructor in a file of the client's own package, its tests included
// (package rueidis: NewLuaScript*(src); package redis: go-redis's
// NewScript(src), redigo's NewScript(keyCount, src)), read without the
// file that declares it.
func ownConstructor(info *types.Info, pkg, name string, call *ast.CallExpr, isSource func(ast.Expr) bool) (apiCall, bool) {
	c := apiCall{name: name, src: -1, keys: -1, keyCount: -1}
	switch {
	case pkg == "rueidis" && strings.HasPrefix(name, "NewLuaScript") && len(call.Args) >= 1:
		c.kind, c.lib, c.src = newScript, rueidis, 0
	case pkg == "redis" && name == "NewScript" && len(call.Args) == 1:
		c.kind, c.lib, c.src = newScript, goRedis, 0
	case pkg == "redis" && name == "NewScript" && len(call.Args) == 2 && isIntConst(info, call.Args[0]):
		c.kind, c.lib, c.keyCount, c.src = newScript, redigo, 0, 1
	default:
		return apiCall{}, false
	}
	return c, isSource(call.Args[c.src])
}

// wrapperCall recognises a call of a project's own scripting API (a
// wrapper of the client, or a client the front end does not know: go-zero's
// Redis.Eval(script, keys), NewScript(script)): a function or method named
// like a client's whose argument is a string constant whose text calls a
// Redis command. The text is what makes it a script, so the source may be
// any argument: the first such one.
func wrapperCall(ix *index, call *ast.CallExpr) (apiCall, bool) {
	var name string
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		name = f.Sel.Name
	default:
		return apiCall{}, false
	}
	c := apiCall{name: name, src: -1, keys: -1, keyCount: -1}
	switch name {
	case "Eval", "EvalCtx", "EvalRO", "EvalROCtx", "EvalContext":
		c.kind = evalSource
	case "ScriptLoad", "ScriptLoadCtx", "ScriptLoadContext":
		c.kind = loadSource
	case "NewScript", "NewScriptCtx", "NewLuaScript":
		c.kind = newScript
	default:
		return apiCall{}, false
	}
	for i, a := range call.Args {
		if text, ok := ix.stringVal(a); ok && scriptCall.MatchString(text) {
			c.src = i
			return c, true
		}
	}
	return apiCall{}, false
}

// isClientPath reports whether p is one of the known clients' packages.
func isClientPath(p string) bool { return clientPackageName(p) != "" }

func isIntConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Int
}

func isStringConst(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String
}

// scriptConstant is a constant declaration holding a script, or a
// variable's only assignment.
type scriptConstant struct {
	name  *ast.Ident
	value ast.Expr
	// variable marks a variable: its text must also read as Lua (see
	// luaSource.parses).
	variable bool
}

// scriptCall matches the text of a Lua script: a call of a Redis command.
var scriptCall = regexp.MustCompile(`\b(redis|server)\s*\.\s*p?call\s*\(`)

// scriptConstants returns the string constants of files whose text calls
// redis.call, redis.pcall or server.call: in code without types, the
// scripts that may reach Redis through code not recognised (a wrapper of
// the client). Left out are the constants that are only pieces of a
// script or of a template: an operand of a concatenation, an argument of a
// function of fmt, strings, bytes or text/template.
//
// The variables assigned exactly once (declared with their value, at the
// package level or in a function) are read the same way, their value a
// constant or a fmt.Sprintf template of one (see index.template), when
// their text also reads as Lua: a variable is as often a message as a
// script.
func scriptConstants(info *types.Info, files []*ast.File, ix *index) []scriptConstant {
	piece := map[types.Object]bool{}
	mark := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			switch o := info.Uses[id].(type) {
			case *types.Const:
				piece[o] = true
			case *types.Var:
				piece[o] = true
			}
		}
	}
	for _, f := range files {
		// By their usual names, and by the names the file imports them as.
		templating := map[string]bool{"fmt": true, "strings": true, "bytes": true, "template": true}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				continue
			}
			switch p {
			case "fmt", "strings", "bytes", "text/template", "html/template":
				name := path.Base(p)
				if imp.Name != nil {
					name = imp.Name.Name
				}
				templating[name] = true
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				mark(n.X)
				mark(n.Y)
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && templating[x.Name] {
						for _, a := range n.Args {
							mark(a)
						}
					}
				}
			}
			return true
		})
	}
	var out []scriptConstant
	variable := func(name *ast.Ident, value ast.Expr) {
		v, ok := info.Defs[name].(*types.Var)
		if !ok || piece[v] || ix.writes[v] != 1 || ix.value[v] != value {
			return
		}
		src := ix.resolveSource(value)
		if src.lua != nil && scriptCall.Match(src.lua.Text) && src.lua.Parses() {
			out = append(out, scriptConstant{name, value, true})
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.DEFINE && len(a.Lhs) == len(a.Rhs) {
				for i, l := range a.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						variable(id, a.Rhs[i])
					}
				}
				return true
			}
			d, ok := n.(*ast.GenDecl)
			if ok && d.Tok == token.VAR {
				for _, s := range d.Specs {
					if vs, ok := s.(*ast.ValueSpec); ok && len(vs.Values) == len(vs.Names) {
						for i, name := range vs.Names {
							variable(name, vs.Values[i])
						}
					}
				}
				return true
			}
			if !ok || d.Tok != token.CONST {
				return true
			}
			for _, s := range d.Specs {
				vs, ok := s.(*ast.ValueSpec)
				if !ok || len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					c, ok := info.Defs[name].(*types.Const)
					if !ok || piece[c] || c.Val().Kind() != constant.String {
						continue
					}
					if text, ok := ix.constString(c.Val(), vs.Values[i]); ok && scriptCall.MatchString(text) {
						out = append(out, scriptConstant{name, vs.Values[i], false})
					}
				}
			}
			return false
		})
	}
	return out
}

// libraryLiterals returns the string literals of files, read without
// types, whose text is a Functions library (it starts with a #!lua line)
// and which neither a declaration holds (scriptConstants reads those) nor
// a concatenation takes as a piece: a library kept in a struct field, a
// map or an argument of code not recognised.
func libraryLiterals(files []*ast.File) []*ast.BasicLit {
	skip := map[ast.Expr]bool{}
	var out []*ast.BasicLit
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for _, v := range n.Values {
					skip[ast.Unparen(v)] = true
				}
			case *ast.AssignStmt:
				for _, v := range n.Rhs {
					skip[ast.Unparen(v)] = true
				}
			case *ast.BinaryExpr:
				skip[ast.Unparen(n.X)] = true
				skip[ast.Unparen(n.Y)] = true
			case *ast.BasicLit:
				if n.Kind != token.STRING || skip[n] || !strings.Contains(n.Value, "#!lua") {
					return true
				}
				if text, err := strconv.Unquote(n.Value); err == nil && strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "#!lua") {
					out = append(out, n)
				}
			}
			return true
		})
	}
	return out
}
