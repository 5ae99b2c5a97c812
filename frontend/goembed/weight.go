package goembed

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"reflect"
	"sort"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// maxWeight is where a weight saturates: far above any budget.
const maxWeight = math.MaxInt32

// addWeights adds weights, saturating at maxWeight.
func addWeights(a, b int) int {
	if a >= maxWeight-b {
		return maxWeight
	}
	return a + b
}

// budgets bound the string text the index materialises from go/constant
// values, per file (see frontend.Budget). go/constant keeps a
// concatenation of constants as its two operands until its text is asked
// for: thirty lines of A1 = A0 + A0 are a value of gigabytes that the type
// checker holds in a few bytes, and that constant.StringVal would build.
type budgets struct {
	byFile map[*token.File]*frontend.Budget
	// weights are the weights of the constants, by object (see
	// index.weight).
	weights map[*types.Const]int
	// nodes are the weights of go/constant's own nodes (see valueWeight).
	nodes map[uintptr]int
	// charged are the values already paid for: a value used in many places
	// is materialised once by go/constant and paid for once.
	charged map[constant.Value]bool
}

// budget returns the budget of the file holding pos (nil when pos is in
// no file of the FileSet: unbounded, as the value is not from this
// syntax).
func (ix *index) budget(pos token.Pos) (*frontend.Budget, *token.File) {
	tf := ix.in.Fset.File(pos)
	if tf == nil {
		return nil, nil
	}
	b := ix.bud.byFile[tf]
	if b == nil {
		b = frontend.NewBudget(tf.Size())
		ix.bud.byFile[tf] = b
	}
	return b, tf
}

// stringVal returns the text of the string constant expression e, and
// false when e is not one or when its text is larger than what is left of
// its file's budget (the budget then records where).
func (ix *index) stringVal(e ast.Expr) (string, bool) {
	tv, ok := ix.in.Info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return ix.constString(tv.Value, e)
}

// constString returns the text of v, the value of the constant
// expression at, when its weight fits in the budget of at's file.
func (ix *index) constString(v constant.Value, at ast.Expr) (string, bool) {
	if !ix.bud.charged[v] {
		b, tf := ix.budget(at.Pos())
		if b != nil {
			base := token.Pos(tf.Base())
			sp := frontend.Span{Start: int(at.Pos() - base), End: int(at.End() - base)}
			if !b.Take(ix.weight(at), sp) {
				return "", false
			}
		}
		ix.bud.charged[v] = true
	}
	return constant.StringVal(v), true
}

// weight returns what the text of the string constant expression e costs
// to materialise, read from its syntax without building it: its length
// plus the number of pieces go/constant keeps it as (a concatenation
// of empty strings costs its pieces), saturating at maxWeight. Constants
// are measured once each, so a chain of constants is measured in linear
// time however large its value.
func (ix *index) weight(e ast.Expr) int {
	info := ix.in.Info
	switch x := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return len(x.Value) + 1
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return addWeights(addWeights(ix.weight(x.X), ix.weight(x.Y)), 1)
		}
	case *ast.Ident, *ast.SelectorExpr:
		if c, ok := info.Uses[nameIdent(x)].(*types.Const); ok {
			return ix.constWeight(c)
		}
	case *ast.CallExpr:
		// A conversion: string("..."), MyString(k), string(rune).
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			if isStringConst(info, x.Args[0]) {
				return ix.weight(x.Args[0])
			}
			return utf8.UTFMax + 1
		}
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return ix.valueWeight(tv.Value)
	}
	return 1
}

// constWeight is the weight of the constant c: of its declaration in this
// package, else of its value.
func (ix *index) constWeight(c *types.Const) int {
	if w, ok := ix.bud.weights[c]; ok {
		return w
	}
	ix.bud.weights[c] = maxWeight // a cycle (a type error) costs everything
	var w int
	if d, ok := ix.constDecl[c]; ok {
		w = ix.weight(d)
	} else {
		w = ix.valueWeight(c.Val())
	}
	ix.bud.weights[c] = w
	return w
}

// valueWeight measures a go/constant string value from its own
// representation, without flattening it: a constant imported from a
// package type-checked from its syntax may be a concatenation too. Its
// nodes are measured once each. A representation it does not know (a
// later Go) is measured by its text.
func (ix *index) valueWeight(v constant.Value) int {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return len(constant.StringVal(v)) + 1
	}
	if w, ok := ix.nodeWeight(rv); ok {
		return w
	}
	return len(constant.StringVal(v)) + 1
}

// nodeWeight measures one node of go/constant's stringVal: a string s, or
// a concatenation of the nodes l and r.
func (ix *index) nodeWeight(p reflect.Value) (int, bool) {
	if p.Kind() != reflect.Pointer || p.IsNil() {
		return 0, false
	}
	if w, ok := ix.bud.nodes[p.Pointer()]; ok {
		return w, true
	}
	n := p.Elem()
	s, l, r := n.FieldByName("s"), n.FieldByName("l"), n.FieldByName("r")
	if !s.IsValid() || s.Kind() != reflect.String || !l.IsValid() || !r.IsValid() {
		return 0, false
	}
	w := s.Len() + 1
	if !l.IsNil() {
		ix.bud.nodes[p.Pointer()] = maxWeight // a cycle cannot be: costs everything
		lw, ok1 := ix.nodeWeight(l)
		rw, ok2 := ix.nodeWeight(r)
		if !ok1 || !ok2 {
			delete(ix.bud.nodes, p.Pointer())
			return 0, false
		}
		w = addWeights(addWeights(lw, rw), 1)
	}
	ix.bud.nodes[p.Pointer()] = w
	return w, true
}

// FileError is a problem of one file that kept part of it from being
// linted.
type FileError struct {
	Filename string
	Err      error
}

// budgetErrors returns the errors of the files whose budget ran out.
func (ix *index) budgetErrors() []FileError {
	var out []FileError
	for tf, b := range ix.bud.byFile {
		if b.Over == nil {
			continue
		}
		src, _, ok := ix.in.fileOf(token.Pos(tf.Base()))
		if !ok {
			continue
		}
		out = append(out, FileError{Filename: tf.Name(), Err: b.Err(luaast.NewLineIndex(src))})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Filename < out[j].Filename })
	return out
}
