package analyzer

import (
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestIdentUsesOracle checks the per-identifier memo of atUse (entries
// found by the identifier's offset, the map for the rest) against the map
// alone: on every test file, the origin of every expression, asked in
// tree order, is the same from an OriginInfo with slots as from one
// without (whose memo is the plain map). The files go through one
// scratch, as a worker's do: after each release no slot may be left set.
func TestIdentUsesOracle(t *testing.T) {
	var shared originsScratch
	exprs, slotted, listed := 0, 0, 0
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		fast := newOrigins(Script(p), Calls(p), Flow(p), &shared)
		slow := newOrigins(Script(p), Calls(p), Flow(p), new(originsScratch))
		slow.identSlot, slow.useHead = nil, nil // the maps alone
		luaast.Inspect(p.File, func(n luaast.Node) bool {
			e, ok := n.(luaast.Expr)
			if !ok {
				return true
			}
			if got, want := fast.Of(e), slow.Of(e); !got.equal(want) {
				t.Fatalf("%s: expression at %d: Of %s, with the map alone %s", name, e.Pos(), got, want)
			}
			exprs++
			return true
		})
		slotted += len(fast.identMemo)
		listed += len(fast.useList)
		if len(slow.identMemo) != 0 || len(slow.useList) != 0 {
			t.Fatalf("%s: the map-only memos used slots or lists", name)
		}
		if len(fast.uses) != 0 {
			t.Fatalf("%s: %d reads went to the map, not the lists", name, len(fast.uses))
		}
		shared.release()
		if i := slices.IndexFunc(shared.identSlot, func(v int32) bool { return v != 0 }); i >= 0 {
			t.Fatalf("%s: slot %d left set after release", name, i)
		}
		if i := slices.IndexFunc(shared.useHead, func(v int32) bool { return v != 0 }); i >= 0 {
			t.Fatalf("%s: list head %d left set after release", name, i)
		}
	}
	if exprs < 20000 || slotted < 1000 || listed < 1000 {
		t.Fatalf("only %d expressions checked, %d memo entries in slots, %d in lists", exprs, slotted, listed)
	}
}

// TestUsesOracle checks the per-node lists of atUse's memo (useSlot,
// setUseSlot, forgetUses) against the map they stand for, on hand-made
// entries: several locals read at one node, one local at several nodes
// and in several functions, the "no node" number of each function, and
// everything forgotten, then recorded again.
func TestUsesOracle(t *testing.T) {
	for _, lists := range []bool{true, false} {
		o := &OriginInfo{sc: &originsScratch{}, flow: &FlowInfo{graphs: []*funcGraph{
			{nodes: make([]cfgNode, 5)}, {nodes: make([]cfgNode, 3)}, {nodes: make([]cfgNode, 7)},
		}}}
		if lists {
			o.useHead = make([]int32, 5+1+3+1+7+1)
		}
		type read struct {
			vid  int32
			fi   int
			node int32
		}
		var reads []read
		for vid := range int32(4) {
			for fi, n := range []int32{5, 3, 7} {
				for node := int32(-1); node < n; node++ {
					reads = append(reads, read{vid, fi, node})
				}
			}
		}
		want := map[read]int32{}
		check := func(when string) {
			t.Helper()
			for _, r := range reads {
				got, ok := o.useSlot(r.vid, r.fi, r.node)
				w, wok := want[r]
				if ok != wok || got != w {
					t.Fatalf("lists %v, %s: local %d, function %d, node %d: useSlot %d, %v; want %d, %v", lists, when, r.vid, r.fi, r.node, got, ok, w, wok)
				}
			}
		}
		check("empty")
		for i, r := range reads {
			if i%3 == 0 {
				continue // some reads never recorded
			}
			o.setUseSlot(r.vid, r.fi, r.node, int32(i))
			want[r] = int32(i)
		}
		check("recorded")
		if lists != (len(o.useList) > 0) || lists == (len(o.uses) > 0) {
			t.Fatalf("lists %v: %d entries in lists, %d in the map", lists, len(o.useList), len(o.uses))
		}
		o.forgetUses()
		clear(want)
		check("forgotten")
		if i := slices.IndexFunc(o.useHead, func(v int32) bool { return v != 0 }); i >= 0 {
			t.Fatalf("head %d left set by forgetUses", i)
		}
		for i, r := range reads[:10] {
			o.setUseSlot(r.vid, r.fi, r.node, int32(100+i))
			want[r] = int32(100 + i)
		}
		check("recorded again")
	}
}

// TestIdentUsesCollisions checks identUse and rememberUse on hand-built
// identifiers against a plain map: identifiers at the same offset or one
// byte apart (impossible in a tree Parse builds), at a negative offset or
// past the slots, identifiers never remembered in each of those places,
// an entry replaced, and everything forgotten by forgetIdentUses.
func TestIdentUsesCollisions(t *testing.T) {
	o := &OriginInfo{sc: &originsScratch{}, identSlot: make([]int32, 8)}
	id := func(pos luaast.Pos) *luaast.Ident { return &luaast.Ident{Name: "x", NamePos: pos} }
	ids := []*luaast.Ident{id(4), id(5), id(4), id(0), id(-3), id(16), id(40), id(15)}
	others := []*luaast.Ident{id(4), id(1), id(6), id(16), id(-3)}
	want := map[*luaast.Ident]int32{}
	check := func(when string) {
		t.Helper()
		for i, x := range append(slices.Clone(ids), others...) {
			got, ok := o.identUse(x)
			w, wok := want[x]
			if ok != wok || got != w {
				t.Fatalf("%s: identifier %d at %d: identUse %d, %v; want %d, %v", when, i, x.NamePos, got, ok, w, wok)
			}
		}
	}
	check("empty")
	for i, x := range ids {
		o.rememberUse(x, int32(10+i))
		want[x] = int32(10 + i)
		check("remembering")
	}
	if len(o.identUses) == 0 || len(o.identMemo) == 0 {
		t.Fatalf("%d entries in the map, %d in slots: both should hold some", len(o.identUses), len(o.identMemo))
	}
	for i, x := range ids { // replaced, in slots and in the map
		o.rememberUse(x, int32(50+i))
		want[x] = int32(50 + i)
	}
	check("replacing")
	o.forgetIdentUses()
	clear(want)
	check("forgotten")
	if i := slices.IndexFunc(o.identSlot, func(v int32) bool { return v != 0 }); i >= 0 {
		t.Fatalf("slot %d left set by forgetIdentUses", i)
	}
	for i, x := range ids[:3] { // slots reused after forgetting
		o.rememberUse(x, int32(i))
		want[x] = int32(i)
	}
	check("after forgetting")
}
