package analyzer

import (
	"sort"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// stmtAtByEnd is stmtAt as it was written before it searched on Pos: the
// first statement of the block ending after pos.
func stmtAtByEnd(fn *luaast.FunctionExpr, pos luaast.Pos) luaast.Stmt {
	var found luaast.Stmt
	blk := fn.Body
	for blk != nil {
		stmts := blk.Stmts
		i := sort.Search(len(stmts), func(i int) bool { return stmts[i].End() > pos })
		if i == len(stmts) || stmts[i].Pos() > pos {
			return found
		}
		s := stmts[i]
		found = s
		blk = blockAt(s, pos)
	}
	return found
}

// TestStmtAtMatchesSearchByEnd checks stmtAt against stmtAtByEnd at every
// byte offset of generated scripts (and of a few written for the places
// between and around statements: conditions, until, comments, blank
// lines), for every function of the file.
func TestStmtAtMatchesSearchByEnd(t *testing.T) {
	srcs := []string{
		"local a = 1\n\n-- c\nlocal b = a   ;  \nif a then b = 2 elseif b then a = 3 else a = b end\n" +
			"repeat local x = a until x > b\nwhile a < 3 do a = a + 1 end\nfor i = 1, 3 do b = i end\n" +
			"for k, v in pairs(KEYS) do a = v end\ndo local y = 2 end\nlocal function f(p) return p end\nreturn f(a)",
		"return",
		"",
	}
	for seed := range uint64(60) {
		srcs = append(srcs, string(luagen.Script(seed+5300)))
	}
	checked := 0
	for _, src := range srcs {
		p := testPass(t, src)
		for _, fn := range Script(p).idx.funcs {
			for pos := luaast.Pos(0); int(pos) <= len(src); pos++ {
				got, want := stmtAt(fn, pos), stmtAtByEnd(fn, pos)
				if got != want {
					t.Fatalf("stmtAt(%d) = %T, by End %T\n%s", pos, got, want, src)
				}
				if got != nil {
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no position is in a statement: the test checks nothing")
	}
}
