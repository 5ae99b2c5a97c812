package analyzer

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestStmtAtPosMatchesStmtAt checks index.stmtAtPos against stmtAt at the
// position of every expression (identifiers included) of the generated
// scripts, the fixtures, the realistic scripts and broken sources, with
// the innermost function as the callers pass it, and the index it gives
// against stmtIndex.
func TestStmtAtPosMatchesStmtAt(t *testing.T) {
	fast, slow := 0, 0
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		ix := Script(p).idx
		luaast.Inspect(p.File, func(n luaast.Node) bool {
			e, ok := n.(luaast.Expr)
			if !ok || n == nil {
				return true
			}
			for _, pos := range []luaast.Pos{e.Pos(), e.End() - 1} {
				fi := ix.enclosing(pos)
				want := stmtAt(ix.funcs[fi], pos)
				got, si := ix.stmtAtPos(fi, pos)
				if got != want {
					t.Fatalf("%s: %T at %d: stmtAtPos = %T at %d, stmtAt %T", name, e, pos, got, si, want)
				}
				if si >= 0 {
					fast++
					if ix.stmtIndex(got) != si {
						t.Fatalf("%s: %T at %d: index %d, stmtIndex %d", name, e, pos, si, ix.stmtIndex(got))
					}
				} else {
					slow++
				}
			}
			return true
		})
	}
	if fast < 10000 || slow < 100 {
		t.Fatalf("only %d positions found by the search and %d by the walk", fast, slow)
	}
}
