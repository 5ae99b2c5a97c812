package analyzer

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// elementOfByJoins is elementOf as it was written before it set the
// fields directly: the union of one origin per kind.
func elementOfByJoins(t Origin) Origin {
	var r Origin
	if t.Kinds&OriginKeysTable != 0 {
		r = r.join(kindOrigin(OriginKeysElem))
	}
	if t.Kinds&OriginArgvTable != 0 {
		r = r.join(kindOrigin(OriginArgvElem))
	}
	if t.Kinds&(OriginReply|OriginReplyElem) != 0 {
		r = r.join(Origin{Kinds: OriginReplyElem, commands: t.commands, cmdUnknown: t.cmdUnknown})
	}
	if t.Kinds&OriginDecoded != 0 {
		r = r.join(Origin{Kinds: OriginDecoded, Parts: t.Parts})
	}
	if t.Kinds&^(OriginKeysTable|OriginArgvTable|OriginReply|OriginReplyElem|OriginDecoded) != 0 {
		r = r.join(kindOrigin(OriginUnknown))
	}
	return r
}

// TestElementOfMatchesJoins checks elementOf against elementOfByJoins on
// every combination of the kinds it looks at, with and without parts,
// reply commands and constants.
func TestElementOfMatchesJoins(t *testing.T) {
	kinds := []OriginKind{OriginKeysTable, OriginArgvTable, OriginReply, OriginReplyElem, OriginDecoded, OriginString, OriginUnknown}
	extras := []Origin{
		{},
		{Parts: OriginArgvElem | OriginString},
		{commands: &[]string{"GET", "HGET"}},
		{commands: &[]string{"GET"}, cmdUnknown: true, Parts: OriginKeysElem},
		{cmdUnknown: true},
		{constKind: constStr, str: "x"},
	}
	n := 0
	for mask := range 1 << len(kinds) {
		var k OriginKind
		for i, kind := range kinds {
			if mask&(1<<i) != 0 {
				k |= kind
			}
		}
		for _, e := range extras {
			in := e
			in.Kinds = k
			got, want := elementOf(in), elementOfByJoins(in)
			if !got.equal(want) {
				t.Errorf("elementOf(%s) = %s, by joins %s", in, got, want)
			}
			n++
		}
	}
	if n != len(extras)<<len(kinds) {
		t.Fatalf("checked %d origins", n)
	}
}

// TestHelperVarAsksOneResolver checks what helperVar relies on to ask
// boundOnce only of locals with one def and forwardFunc only of locals
// with two: neither answers for any other local.
func TestHelperVarAsksOneResolver(t *testing.T) {
	found := 0
	for seed := range uint64(150) {
		src := string(luagen.Script(seed + 9100))
		p := testPass(t, src)
		ix := Script(p).idx
		for id, v := range ix.defVars {
			n := len(ix.defs[id])
			if n != 1 && ix.boundOnce(v) != nil {
				t.Fatalf("seed %d: boundOnce answers for %s with %d defs", seed, v.Name, n)
			}
			if n != 2 && ix.forwardFunc(v) != nil {
				t.Fatalf("seed %d: forwardFunc answers for %s with %d defs", seed, v.Name, n)
			}
			if _, ok := ix.boundOnce(v).(*luaast.FunctionExpr); ok || ix.forwardFunc(v) != nil {
				found++
			}
		}
	}
	if found == 0 {
		t.Fatal("no generated local is bound to a function: the test checks nothing")
	}
	t.Logf("%d helper locals", found)
}

// TestUseKeyNodes checks what useKey's numbering relies on: the graph node
// of the statement atUse finds for a read is a node of the function the
// read is in. It also checks that distinct (local, function, node) triples
// get distinct keys.
func TestUseKeyNodes(t *testing.T) {
	reads := 0
	for seed := range uint64(120) {
		p := testPass(t, string(luagen.Script(seed+4400)))
		o := Origins(p)
		ix := o.script.idx
		keys := map[uint64][3]int32{}
		luaast.Inspect(p.File, func(n luaast.Node) bool {
			id, ok := n.(*luaast.Ident)
			if !ok || id.Var == nil {
				return true
			}
			vid, ok := ix.varIndex(id.Var)
			if !ok {
				return true
			}
			fi := ix.enclosing(id.Pos())
			node := int32(-1)
			if st := stmtAt(ix.funcs[fi], id.Pos()); st != nil {
				if ref, ok := o.flow.refOf(st); ok {
					if int(ref.fn) != fi || ref.node < 0 || int(ref.node) >= len(o.flow.graphs[fi].nodes) {
						t.Fatalf("seed %d: %s at %d: node %d of function %d, read in function %d",
							seed, id.Name, id.Pos(), ref.node, ref.fn, fi)
					}
					node = ref.node
				}
			}
			k, want := o.useKey(vid, fi, node), [3]int32{vid, int32(fi), node}
			if got, seen := keys[k]; seen && got != want {
				t.Fatalf("seed %d: key %x for %v and %v", seed, k, got, want)
			}
			keys[k] = want
			reads++
			return true
		})
	}
	if reads == 0 {
		t.Fatal("no read of a local: the test checks nothing")
	}
}
