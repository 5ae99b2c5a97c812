package analyzer

import (
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestVarIndexOracle checks index.varIndex (locals numbered by the offset
// of their declaring name, the map for the rest) against the numbering it
// stands for, defVars itself: every local of every test file (its
// declaring name's and its references' variables alike) has the ID of its
// place in defVars, or none when it is not there. The files go through one
// scratch, as a worker's do, so that posID is reused.
func TestVarIndexOracle(t *testing.T) {
	var sc scriptScratch
	checked, viaMap := 0, 0
	for name, src := range oracleSources(t, 65000, 150, map[string][]byte{}) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Block == nil {
			continue
		}
		ix := buildIndex(f, &sc)
		luaast.Inspect(f.Block, func(n luaast.Node) bool {
			id, ok := n.(*luaast.Ident)
			if !ok || id.Var == nil {
				return true
			}
			v := id.Var
			want := slices.Index(ix.defVars, v)
			got, ok := ix.varIndex(v)
			if ok != (want >= 0) || (ok && int(got) != want) {
				t.Fatalf("%s: %s at %d: varIndex %d, %v; its place in defVars is %d", name, v.Name, id.Pos(), got, ok, want)
			}
			if want >= 0 && (v.Decl == nil || int(v.Decl.NamePos)/2 >= len(ix.posID)) {
				viaMap++
			}
			checked++
			return true
		})
		sc.release()
	}
	if checked < 5000 || viaMap == 0 {
		t.Fatalf("only %d references checked, %d through the map", checked, viaMap)
	}
}

// TestVarIndexCollisions checks the map fallback on a hand-built index:
// locals whose declaring names share a slot (impossible in a tree Parse
// builds), a local without a declaring name, an offset past the table, and
// a local never numbered in each of those places.
func TestVarIndexCollisions(t *testing.T) {
	ix := &index{varID: map[*luaast.Variable]int32{}, posID: make([]int32, 8), sc: &scriptScratch{}}
	decl := func(pos luaast.Pos) *luaast.Ident { return &luaast.Ident{NamePos: pos} }
	vars := []*luaast.Variable{
		{Name: "a", Decl: decl(4)},
		{Name: "b", Decl: decl(5)}, // same slot as a
		{Name: "c", Decl: decl(4)}, // same offset as a
		{Name: "self"},             // no declaring name
		{Name: "far", Decl: decl(100)},
		{Name: "neg", Decl: decl(-3)},
		{Name: "d", Decl: decl(0)},
	}
	unnumbered := []*luaast.Variable{
		{Name: "x", Decl: decl(4)},
		{Name: "y", Decl: decl(2)},
		{Name: "z"},
		{Name: "w", Decl: decl(200)},
	}
	for _, v := range vars {
		ix.addDef(v, def{decl: true})
	}
	ix.addDef(vars[1], def{i: 1}) // a second def of a local in the map
	ix.addDef(vars[0], def{i: 2}) // and of one in posID
	for i, v := range vars {
		if got, ok := ix.varIndex(v); !ok || int(got) != i {
			t.Errorf("%s: ID %d, %v; want %d", v.Name, got, ok, i)
		}
	}
	if len(ix.defs[0]) != 2 || len(ix.defs[1]) != 2 || len(ix.defs[2]) != 1 {
		t.Errorf("def counts %d %d %d, want 2 2 1", len(ix.defs[0]), len(ix.defs[1]), len(ix.defs[2]))
	}
	for _, v := range unnumbered {
		if got, ok := ix.varIndex(v); ok {
			t.Errorf("%s: never numbered, has ID %d", v.Name, got)
		}
	}
}
