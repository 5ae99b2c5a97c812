package goembed

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

// typeCheckSyntax type-checks files read from their syntax, their imports
// empty (see emptyImporter), after defusing the constants too large to
// build (see defuseLargeConstants). It returns the types found and, per
// file, the first constant defused.
func typeCheckSyntax(fset *token.FileSet, files []*ast.File) (*types.Info, map[*token.File]frontend.Span) {
	over := defuseLargeConstants(fset, files)
	info := newInfo()
	conf := types.Config{Importer: emptyImporter{}, Error: func(error) {}, FakeImportC: true}
	_, _ = conf.Check(files[0].Name.Name, fset, files, info) // errors expected: the imports are empty
	return info, over
}

// defuseLargeConstants replaces by a bad expression the value of each
// constant of files whose text, measured from the syntax alone, is larger
// than its file's budget (see frontend.Budget): the type checker itself
// builds the text of a constant string for len(A), A[i] or A == B, and
// thirty lines of A1 = A0 + A0 make gigabytes of it. The constant is then
// invalid, not a string, for the checker and for the front end. Names are
// resolved by name alone, every constant of that name counting: an
// overestimate only for a file of such constants. It returns the first
// constant defused in each file.
func defuseLargeConstants(fset *token.FileSet, files []*ast.File) map[*token.File]frontend.Span {
	byName := map[string][]ast.Expr{}
	type value struct {
		spec *ast.ValueSpec
		i    int
	}
	var values []value
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			d, ok := n.(*ast.GenDecl)
			if !ok || d.Tok != token.CONST {
				return true
			}
			var last []ast.Expr // an iota repetition repeats the last values
			for _, s := range d.Specs {
				vs, ok := s.(*ast.ValueSpec)
				if !ok {
					continue
				}
				if len(vs.Values) > 0 {
					last = vs.Values
					for i := range vs.Values {
						values = append(values, value{vs, i})
					}
				}
				for i, name := range vs.Names {
					if i < len(last) {
						byName[name.Name] = append(byName[name.Name], last[i])
					}
				}
			}
			return true
		})
	}
	if len(values) == 0 {
		return nil
	}
	memo := map[string]int{}
	var weight func(e ast.Expr) int
	weight = func(e ast.Expr) int {
		switch x := e.(type) {
		case *ast.BasicLit:
			return len(x.Value) + 1
		case *ast.ParenExpr:
			return weight(x.X)
		case *ast.BinaryExpr:
			if x.Op == token.ADD {
				return addWeights(addWeights(weight(x.X), weight(x.Y)), 1)
			}
		case *ast.CallExpr:
			if len(x.Args) == 1 {
				if id, ok := x.Fun.(*ast.Ident); !ok || id.Name != "len" {
					return weight(x.Args[0]) // a conversion, most likely
				}
			}
		case *ast.Ident:
			if w, ok := memo[x.Name]; ok {
				return w
			}
			memo[x.Name] = 0 // a cycle, or a name shadowing itself
			w := 1
			for _, d := range byName[x.Name] {
				w = max(w, weight(d))
			}
			memo[x.Name] = w
			return w
		}
		return 1
	}
	var over map[*token.File]frontend.Span
	for _, v := range values {
		e := v.spec.Values[v.i]
		tf := fset.File(e.Pos())
		if tf == nil {
			continue
		}
		base := token.Pos(tf.Base())
		sp := frontend.Span{Start: int(e.Pos() - base), End: int(e.End() - base)}
		if frontend.NewBudget(tf.Size()).Take(weight(e), sp) {
			continue
		}
		v.spec.Values[v.i] = &ast.BadExpr{From: e.Pos(), To: e.End()}
		if over == nil {
			over = map[*token.File]frontend.Span{}
		}
		if _, ok := over[tf]; !ok {
			over[tf] = sp
		}
	}
	return over
}
