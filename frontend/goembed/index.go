package goembed

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// maxDepth bounds how far values are followed through variables and
// constants (a cycle is a type error, but partial type information may
// still hold one).
const maxDepth = 16

// index holds what the checker needs to follow values through a package:
// the declaration of each constant, and the only value of each variable
// assigned exactly once.
type index struct {
	in *Input
	// constDecl is the expression a constant declared in this package was
	// given (absent for iota repetitions without an expression).
	constDecl map[*types.Const]ast.Expr
	// writes counts the assignments of each variable (declaration with a
	// value, =, :=, op=, ++, taking its address, range).
	writes map[*types.Var]int
	// value is the right-hand side of a variable's only assignment.
	value map[*types.Var]ast.Expr
	// bud bounds the text of the constants materialised.
	bud budgets
}

func newIndex(in *Input) *index {
	ix := &index{in: in, constDecl: map[*types.Const]ast.Expr{}, writes: map[*types.Var]int{}, value: map[*types.Var]ast.Expr{},
		bud: budgets{byFile: map[*token.File]*frontend.Budget{}, weights: map[*types.Const]int{}, nodes: map[uintptr]int{}, charged: map[constant.Value]bool{}}}
	for tf, sp := range in.defused {
		// Reported, without spending the budget: the rest of the file is
		// read as usual.
		b := frontend.NewBudget(tf.Size())
		b.Over = &sp
		ix.bud.byFile[tf] = b
	}
	info := in.Info
	assign := func(lhs ast.Expr, rhs ast.Expr) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		v, ok := obj.(*types.Var)
		if !ok {
			return
		}
		ix.writes[v]++
		if rhs != nil {
			ix.value[v] = rhs
		}
	}
	for _, f := range in.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				if n.Tok == token.CONST {
					for _, s := range n.Specs {
						// go/ast puts only ValueSpecs in a const declaration.
						vs, ok := s.(*ast.ValueSpec)
						if !ok || len(vs.Values) != len(vs.Names) {
							continue
						}
						for i, name := range vs.Names {
							if c, ok := info.Defs[name].(*types.Const); ok {
								ix.constDecl[c] = vs.Values[i]
							}
						}
					}
				}
			case *ast.ValueSpec:
				if len(n.Values) == len(n.Names) {
					for i, name := range n.Names {
						assign(name, n.Values[i])
					}
				} else if len(n.Values) > 0 {
					for _, name := range n.Names {
						assign(name, nil)
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					var rhs ast.Expr
					if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
						rhs = n.Rhs[i]
					}
					assign(lhs, rhs)
				}
			case *ast.IncDecStmt:
				assign(n.X, nil)
			case *ast.RangeStmt:
				if n.Key != nil {
					assign(n.Key, nil)
				}
				if n.Value != nil {
					assign(n.Value, nil)
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					// Written through a pointer: never "set once".
					assign(n.X, nil)
					assign(n.X, nil)
				}
			}
			return true
		})
	}
	return ix
}

// onlyValue returns the expression e denotes when it is a variable
// assigned exactly once (with a value), or nil.
func (ix *index) onlyValue(e ast.Expr) ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := ix.in.Info.Uses[id].(*types.Var)
	if !ok || v.IsField() || ix.writes[v] != 1 {
		return nil
	}
	return ix.value[v]
}

// isSprintf reports whether call calls fmt.Sprintf: by its type, or in
// code without types by the name of the package the file imports as
// "fmt".
func isSprintf(info *types.Info, call *ast.CallExpr) bool {
	if fn := calleeFunc(info, call); fn != nil {
		return fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && fn.Name() == "Sprintf"
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Sprintf" {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	pn, ok := info.Uses[x].(*types.PkgName)
	return ok && pn.Imported().Path() == "fmt"
}

// template returns the script a fmt.Sprintf call makes of a constant
// format, each verb a placeholder (see luaSource.formatted), or nil when
// the format is not a constant whose text maps to its syntax.
func (ix *index) template(call *ast.CallExpr, depth int) *luaSource {
	if len(call.Args) == 0 || call.Ellipsis.IsValid() && len(call.Args) == 1 {
		return nil
	}
	f := ix.resolveSourceAt(call.Args[0], depth+1)
	if f.lua == nil || f.builtBy != "" {
		return nil
	}
	return f.lua.formatted()
}

// constantArgs reports whether every value a fmt.Sprintf call formats
// (its arguments after the format) is a constant.
func constantArgs(info *types.Info, call *ast.CallExpr) bool {
	if call.Ellipsis.IsValid() {
		return false
	}
	for _, a := range call.Args[1:] {
		if tv, ok := info.Types[a]; !ok || tv.Value == nil {
			return false
		}
	}
	return true
}

// origin returns the expression a constant or a variable assigned once
// that e names was given (followed through names), or nil when e names
// neither.
func (c *checker) origin(e ast.Expr) ast.Expr {
	var out ast.Expr
	for range maxDepth {
		e = ast.Unparen(e)
		var next ast.Expr
		if id := nameIdent(e); id != nil {
			if k, ok := c.in.Info.Uses[id].(*types.Const); ok {
				next = c.ix.constDecl[k]
			}
		}
		if next == nil {
			next = c.ix.onlyValue(e)
		}
		if next == nil {
			return out
		}
		out, e = next, next
	}
	return out
}

// source is what resolving a script source expression found.
type source struct {
	// lua is set when the source is a constant.
	lua *luaSource
	// builtBy names how a source built at run time is built
	// ("fmt.Sprintf", "concatenation"); "" otherwise.
	builtBy string
}

// resolveSource follows a source expression to its constant text (with
// the map back to Go), or to how it is built at run time. Neither is set
// when the source is unknown (a parameter, a field, a call result).
func (ix *index) resolveSource(e ast.Expr) source {
	return ix.resolveSourceAt(e, 0)
}

// resolveSourceAt is resolveSource at depth levels of names and templates
// deep.
func (ix *index) resolveSourceAt(e ast.Expr, depth int) source {
	if tv, ok := ix.in.Info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.String {
			return source{}
		}
		want, ok := ix.stringVal(e)
		if !ok {
			return source{} // larger than the file may assemble
		}
		ls := &luaSource{}
		if !ix.constPieces(ls, e, 0) || string(ls.Text) != want {
			// The syntax could not be mapped: point every byte at e.
			ls = &luaSource{}
			ls.addOpaque(want, span{e.Pos(), e.End()})
		}
		return source{lua: ls}
	}
	return ix.runtimeSource(e, depth)
}

// constPieces appends the text of the constant expression e, mapped to
// its syntax where it is in this package. It reports false when some part
// cannot be followed to syntax (the caller then maps the whole text to
// e).
func (ix *index) constPieces(ls *luaSource, e ast.Expr, depth int) bool {
	if depth > maxDepth {
		return false
	}
	info := ix.in.Info
	switch x := e.(type) {
	case *ast.BasicLit:
		src, base, ok := ix.in.fileOf(x.Pos())
		return ok && ls.addLiteral(x, src, base)
	case *ast.ParenExpr:
		return ix.constPieces(ls, x.X, depth+1)
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			break
		}
		return ix.constPieces(ls, x.X, depth+1) && ix.constPieces(ls, x.Y, depth+1)
	case *ast.Ident, *ast.SelectorExpr:
		if c, ok := info.Uses[nameIdent(x)].(*types.Const); ok {
			if d, ok := ix.constDecl[c]; ok {
				return ix.constPieces(ls, d, depth+1)
			}
		}
	case *ast.CallExpr:
		// A conversion to a string type: string("...") or MyString("...").
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return ix.constPieces(ls, x.Args[0], depth+1)
		}
	}
	// Another constant expression whose text we cannot follow.
	if text, ok := ix.stringVal(e); ok {
		ls.addOpaque(text, span{e.Pos(), e.End()})
		return true
	}
	return false
}

// nameIdent returns the identifier that names what e refers to: e itself
// or the selected name of pkg.Name; nil for any other expression.
func nameIdent(e ast.Expr) *ast.Ident {
	switch x := e.(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// runtimeSource resolves a non-constant source: a variable set once is
// followed; a concatenation with non-constants or a formatting call is
// "built at run time".
func (ix *index) runtimeSource(e ast.Expr, depth int) source {
	if depth > maxDepth {
		return source{}
	}
	info := ix.in.Info
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.String {
			return source{}
		}
		return ix.resolveSource(e)
	}
	switch x := e.(type) {
	case *ast.Ident:
		if v := ix.onlyValue(x); v != nil {
			return ix.runtimeSource(v, depth+1)
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			if tv, ok := info.Types[x]; ok && isBasic(tv.Type, types.String) {
				return source{builtBy: "concatenation"}
			}
		}
	case *ast.CallExpr:
		if isSprintf(info, x) {
			// A template: linted with its verbs as placeholders, and
			// still built at run time, unless every value it formats is
			// a constant: then it makes one script, always the same.
			lua, builtBy := ix.template(x, depth), "fmt.Sprintf"
			if lua != nil && constantArgs(info, x) {
				builtBy = "" // the format is one too (template)
			}
			return source{lua: lua, builtBy: builtBy}
		}
		if fn := calleeFunc(info, x); fn != nil && fn.Pkg() != nil {
			name := fn.Pkg().Path() + "." + fn.Name()
			switch name {
			case "fmt.Sprintf", "fmt.Sprint", "fmt.Sprintln",
				"strings.Join", "strings.Replace", "strings.ReplaceAll", "strings.Repeat":
				return source{builtBy: name}
			}
			if r := fn.Signature().Recv(); r != nil && fn.Name() == "String" {
				if n := namedOf(r.Type()); n != nil && n.Obj().Pkg() != nil &&
					(n.Obj().Pkg().Path() == "strings" || n.Obj().Pkg().Path() == "bytes") &&
					(n.Obj().Name() == "Builder" || n.Obj().Name() == "Buffer") {
					return source{builtBy: n.Obj().Pkg().Path() + "." + n.Obj().Name()}
				}
			}
		}
	}
	return source{}
}

func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// calleeFunc returns the function or method a call statically calls (an
// interface method counts), or nil.
func calleeFunc(info *types.Info, call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[f]; ok {
			fn, _ := sel.Obj().(*types.Func)
			return fn
		}
		id = f.Sel
	case *ast.IndexExpr, *ast.IndexListExpr:
		return nil
	default:
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}
