package luaast

import "testing"

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
