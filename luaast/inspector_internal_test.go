package luaast

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
)

// TestInspectorIndexFastPath checks that trees from Parse get the sorted
// keys index, not the fallback that sorts the nodes (which is correct but
// slower): only function statements put offsets out of tree order.
func TestInspectorIndexFastPath(t *testing.T) {
	srcs := []string{
		"",
		"local function f(a) return function() end end\nfunction t.a.b:c(x) local function g() end end\n" +
			"local t = {f = function() end, [1] = function(...) end}\nfunction h() end",
		"local x = a" + " + a + a + a" + "\nif x then elseif y then else end repeat until z",
		"local x = f(\n", // a syntax error
	}
	for _, src := range srcs {
		f, _ := Parse("t.lua", []byte(src))
		in := NewInspector(f)
		if !in.Contains(f.Block) {
			t.Fatalf("%q: the block is not found", src)
		}
		if in.t.byPos != nil || in.t.keys == nil {
			t.Errorf("%q: the index fell back to sorting the nodes", src)
		}
	}
}

// TestInspectorNodeInfo checks what the builder records for each node
// against the node itself: its kind (KindOf) and its offset (Pos; a
// FunctionExpr's key may be raised past it, see setIndex), and that each
// parent's subtree spans its children. The builder takes offsets from the
// first child and dispatches on static types for speed; this is the
// oracle for both shortcuts.
func TestInspectorNodeInfo(t *testing.T) {
	srcs := []string{
		"",
		"local t = {x = 1, [2] = 3, 4; f = function(...) return ... end}\n" +
			"function a.b.c:d(p) return p end\nfunction g() end\nlocal function h() end\n" +
			"x, y.z, w[1] = a .. b .. c, -d, not (e)\nf(1)(2):m'x'{3}\n" +
			"for i = 1, 2, 3 do break end for k, v in pairs(t) do end\n" +
			"while true do end repeat local q until q if a then elseif b then else end do end\n" +
			"return nil, false, 1.5, 'x', [[y]]",
		"local x = a" + strings.Repeat(" + a", 200),
		"local x = f(\n", // a syntax error: a partial tree
	}
	for seed := range uint64(40) {
		srcs = append(srcs, string(luagen.Script(seed)))
	}
	for _, src := range srcs {
		f, _ := Parse("t.lua", []byte(src))
		for _, in := range []*Inspector{NewInspector(f), new(InspectorBuilder).BuildTransient(f)} {
			tr := in.t
			if tr.keys == nil {
				t.Fatalf("%q: the index fell back to sorting the nodes", src)
			}
			for i, n := range tr.nodes {
				ni := tr.info[i]
				if got, want := ni.kindBit(), KindOf(n); got != want {
					t.Fatalf("%q: node %d (%T): kind %#x, want %#x", src, i, n, got, want)
				}
				key, pos := Pos(tr.keys[i]), n.Pos()
				if key != pos && (KindOf(n) != KindFunctionExpr || key < pos) {
					t.Fatalf("%q: node %d (%T): key %d, Pos %d", src, i, n, key, pos)
				}
				if p := ni.parent; p >= 0 && (p >= int32(i) || tr.info[p].end < ni.end || tr.info[p].subtree()&ni.subtree() != ni.subtree()) {
					t.Fatalf("%q: node %d (%T): not inside its parent %d", src, i, n, p)
				}
			}
		}
	}
}
