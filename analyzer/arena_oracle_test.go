package analyzer

import (
	"reflect"
	"sort"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestArenaGrow checks arena: slices it hands out or grows hold what was
// appended, never overlap (appending to one does not write into another),
// and are zeroed again after release.
func TestArenaGrow(t *testing.T) {
	var a arena[*int]
	vals := make([]int, 5000)
	for round := range 3 {
		lists := make([][]*int, 40)
		for i := range vals {
			l := i % len(lists)
			lists[l] = append(a.grow(lists[l]), &vals[i])
		}
		for l, list := range lists {
			for j, p := range list {
				if want := &vals[j*len(lists)+l]; p != want {
					t.Fatalf("round %d: list %d element %d is not what was appended", round, l, j)
				}
			}
		}
		a.release()
		for _, p := range a.buf[:cap(a.buf)] {
			if p != nil {
				t.Fatalf("round %d: a pointer left in the arena after release", round)
			}
		}
	}
	if s := a.grow(make([]*int, 1, 3)); cap(s) != 3 {
		t.Fatal("grow copied a slice with room")
	}
}

// defsOf returns ix's locals and a copy of each one's defs.
func defsOf(ix *index) ([]*luaast.Variable, [][]def) {
	var defs [][]def
	for i := range ix.defVars {
		defs = append(defs, append([]def(nil), ix.defs[i]...))
	}
	return append([]*luaast.Variable(nil), ix.defVars...), defs
}

// TestDefListsReuseOracle builds the script index of a sequence of files
// in one scratch, released between files as a worker does (the def lists
// of locals with several defs grow in its arena), and compares every
// local's defs with the index built in fresh memory.
func TestDefListsReuseOracle(t *testing.T) {
	srcs := oracleSources(t, 64000, 300, map[string][]byte{})
	names := make([]string, 0, len(srcs))
	for n := range srcs {
		names = append(names, n)
	}
	sort.Strings(names)
	var sc scriptScratch
	multi := 0
	for _, name := range names {
		f, _ := luaast.Parse(name, srcs[name])
		if f == nil || f.Block == nil {
			continue
		}
		gotVars, got := defsOf(buildIndex(f, &sc))
		wantVars, want := defsOf(buildIndex(f, &scriptScratch{}))
		if !reflect.DeepEqual(gotVars, wantVars) || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: defs built in reused memory differ from fresh memory's", name)
		}
		for _, ds := range got {
			if len(ds) > 1 {
				multi++
			}
		}
		sc.release()
	}
	if multi < 500 {
		t.Fatalf("only %d locals with several defs: the arena is hardly used", multi)
	}
}
