package analyzer

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// lastReturnIdent returns the identifier returned by the last return
// statement of the main chunk or, when it returns a call, of the first
// function literal.
func lastReturnIdent(t *testing.T, p *Pass) *luaast.Ident {
	t.Helper()
	var found *luaast.Ident
	luaast.Inspect(p.File, func(n luaast.Node) bool {
		if r, ok := n.(*luaast.ReturnStmt); ok && len(r.Exprs) > 0 {
			if id, ok := r.Exprs[0].(*luaast.Ident); ok {
				found = id
			}
		}
		return true
	})
	if found == nil {
		t.Fatal("no return of a name")
	}
	return found
}

func TestReachingDefs(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		want  string // defs, "|"-separated: source text, "nil", "extra:<text>", "loop", "func"
		entry bool
	}{
		{"bound once", "local x = 1\nreturn x", "1", false},
		{"declared without value", "local x\nreturn x", "nil", false},
		{"assigned on one branch", "local x\nif ARGV[1] then x = 2 end\nreturn x", "nil|2", false},
		{"assigned on every branch", "local x\nif ARGV[1] then x = 2 else x = 3 end\nreturn x", "2|3", false},
		{"reassigned", "local x = ARGV[1] / 2\nx = math.floor(x)\nreturn x", "math.floor(x)", false},
		{"loop carried", "local x = 0\nfor i = 1, 3 do x = x + i end\nreturn x", "0|x + i", false},
		{"missing value", "local a, b = 1\nreturn b", "nil", false},
		{"extra value", "local ok, err = pcall(error, 'x')\nreturn err", "extra:pcall(error, 'x')", false},
		{"parameter", "local function f(p) return p end\nreturn f(1)", "", true},
		{"parameter reassigned", "local function f(p) if not p then p = 1 end return p end", "1", true},
		{"for variable", "for i = 1, 3 do return i end", "loop", false},
		{"upvalue assigned elsewhere", "local x = 1\nlocal function f() x = 2 end\nf()\nreturn x", "1|2", true},
		{"local function", "local function g() end\nreturn g", "func", false},
		{"global", "return y", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := testPass(t, tt.src)
			id := lastReturnIdent(t, p)
			defs, entry := Origins(p).ReachingDefs(id)
			var got []string
			for _, d := range defs {
				switch d.Kind {
				case DefValue:
					got = append(got, string(p.File.Src[d.Expr.Pos():d.Expr.End()]))
				case DefNil:
					got = append(got, "nil")
				case DefExtra:
					got = append(got, "extra:"+string(p.File.Src[d.Expr.Pos():d.Expr.End()]))
				case DefLoop:
					got = append(got, "loop")
				case DefFunc:
					got = append(got, "func")
				}
			}
			if s := strings.Join(got, "|"); s != tt.want || entry != tt.entry {
				t.Errorf("ReachingDefs = %q, entry %v; want %q, entry %v\n%s", s, entry, tt.want, tt.entry, tt.src)
			}
		})
	}
}
