package frontend

import (
	"math"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// KeysRead is what a script reads of KEYS.
type KeysRead struct {
	// Known is false for a library, a script with a syntax error, or one
	// that looks at #KEYS (it may read optional keys on purpose).
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
	luaast.Inspect(f, func(n luaast.Node) bool {
		switch n := n.(type) {
		case *luaast.UnaryExpr:
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
	return k
}
