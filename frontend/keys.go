package frontend

import (
	"math"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// KeysRead is what a script reads of KEYS.
type KeysRead struct {
	// Known is false for a library, a script with a syntax error, or one
	// that reads optional keys on purpose: it looks at #KEYS, or tests
	// whether a KEYS element is there (`if KEYS[3] then`, or `local k =
	// KEYS[3]` then `if k then`, `k ~= nil`, `k and ...`).
	Known bool
	// Max is the highest literal index n of a KEYS[n] read; MaxSpan is
	// its first such read, in the script.
	Max     int
	MaxSpan luaast.Span
}

// ReadKeys finds the highest KEYS[n] the script src reads, for the
// call-site rule numkeys-mismatch.
func ReadKeys(path string, src []byte) KeysRead {
	f, err := luaast.Parse(path, src)
	if err != nil || f == nil || f.Main == nil {
		return KeysRead{}
	}
	if f.Shebang != nil {
		for _, o := range f.Shebang.Options {
			if o.Key == "name" {
				return KeysRead{} // a library: no KEYS
			}
		}
	}
	k := KeysRead{Known: true}
	isKeys := func(e luaast.Expr) bool {
		id, ok := e.(*luaast.Ident)
		return ok && id.Var == nil && id.Name == "KEYS"
	}
	isKeysElem := func(e luaast.Expr) bool {
		ix, ok := luaast.Unparen(e).(*luaast.IndexExpr)
		return ok && isKeys(ix.X)
	}
	// keyVars are the locals bound to a KEYS element; tested says that a
	// KEYS element, or one of them, is tested for being there.
	keyVars := map[*luaast.Variable]bool{}
	tested := false
	test := func(e luaast.Expr) {
		e = luaast.Unparen(e)
		if id, ok := e.(*luaast.Ident); ok && id.Var != nil && keyVars[id.Var] || isKeysElem(e) {
			tested = true
		}
	}
	isNil := func(e luaast.Expr) bool {
		_, ok := luaast.Unparen(e).(*luaast.NilLit)
		return ok
	}
	luaast.Inspect(f, func(n luaast.Node) bool {
		switch n := n.(type) {
		case *luaast.LocalStmt:
			for i, name := range n.Names {
				if i < len(n.Exprs) && name.Var != nil && isKeysElem(n.Exprs[i]) {
					keyVars[name.Var] = true
				}
			}
		case *luaast.IfClause:
			test(n.Cond)
		case *luaast.WhileStmt:
			test(n.Cond)
		case *luaast.BinaryExpr:
			switch {
			case n.Op == luaast.OpAnd || n.Op == luaast.OpOr:
				test(n.X)
			case (n.Op == luaast.OpEq || n.Op == luaast.OpNe) && isNil(n.Y):
				test(n.X)
			case (n.Op == luaast.OpEq || n.Op == luaast.OpNe) && isNil(n.X):
				test(n.Y)
			}
		case *luaast.UnaryExpr:
			if n.Op == luaast.OpNot {
				test(n.X)
			}
			if n.Op == luaast.OpLen && isKeys(n.X) {
				k.Known = false
			}
		case *luaast.IndexExpr:
			if !isKeys(n.X) {
				break
			}
			num, ok := n.Key.(*luaast.NumberLit)
			if !ok || num.Value != math.Trunc(num.Value) || num.Value < 1 || num.Value > math.MaxInt32 {
				break
			}
			if i := int(num.Value); i > k.Max {
				k.Max, k.MaxSpan = i, luaast.SpanOf(n)
			}
		}
		return true
	})
	if tested {
		k.Known = false
	}
	return k
}
