package analyzer

import (
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// TestSiteSlotOracle checks CallInfo.site (sites found by the offset of
// their call's arguments, the map for the rest) against the plain path, a
// map from every site's call: every call expression of every test file
// has its site, or none when it has none, through Site, Of and Callee
// alike. The files go through one scratch, as a worker's do, so that the
// slots are reused: after each release none may be left set.
func TestSiteSlotOracle(t *testing.T) {
	var ss scriptScratch
	var cs callsScratch
	checked, withSite := 0, 0
	srcs := oracleSources(t, 66000, 150, map[string][]byte{
		// The call forms: chained, nested, string and table arguments,
		// parenthesised callees, methods (never sites).
		"forms": []byte(`local a = tostring(tonumber("1"))("x")
local b = string.format"%d"{1}
local c = (redis.call)("GET", KEYS[1]) .. redis.pcall'TIME'[1]
local d = cjson.encode{x = string.rep("a", 3)}:upper()
print(type(a), b, c, d)(1)(2)("3"){4}`),
	})
	for name, src := range srcs {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Block == nil {
			continue
		}
		c := newCalls(newScriptInfo(f, nil, &ss), redisfacts.DefaultVersion, nil, &cs)
		want := map[*luaast.CallExpr]*CallSite{}
		for _, s := range c.Sites {
			want[s.Call] = s
		}
		luaast.Inspect(f, func(n luaast.Node) bool {
			call, ok := n.(*luaast.CallExpr)
			if !ok {
				return true
			}
			w := want[call]
			if got := c.Site(call); got != w {
				t.Fatalf("%s: call at %d: Site %p, want %p", name, call.Pos(), got, w)
			}
			var wantRC *RedisCall
			wantCallee := ""
			if w != nil {
				wantRC, wantCallee = w.rc, w.Callee
				withSite++
			}
			if c.Of(call) != wantRC || c.Callee(call) != wantCallee {
				t.Fatalf("%s: call at %d: Of or Callee disagrees with the site", name, call.Pos())
			}
			checked++
			return true
		})
		cs.release()
		ss.release()
		if i := slices.IndexFunc(cs.siteSlot, func(v int32) bool { return v != 0 }); i >= 0 {
			t.Fatalf("%s: slot %d left set after release", name, i)
		}
	}
	if checked < 3000 || withSite < 1000 {
		t.Fatalf("only %d calls checked, %d with a site", checked, withSite)
	}
}

// TestSiteSlotCollisions checks the map fallback on hand-built calls:
// calls whose arguments start at the same offset or one byte apart
// (impossible in a tree Parse builds), a call without an argument offset
// (no parenthesis and no string or table argument), an offset past the
// slots, and calls without a site in each of those places.
func TestSiteSlotCollisions(t *testing.T) {
	c := &CallInfo{sc: &callsScratch{}, siteSlot: make([]int32, 8)}
	str := func(pos luaast.Pos) []luaast.Expr { return []luaast.Expr{&luaast.StringLit{ValuePos: pos}} }
	calls := []*luaast.CallExpr{
		{Lparen: 4},                              // slot 2
		{Lparen: 5},                              // slot 2 as well
		{Lparen: 4},                              // the same offset
		{Lparen: luaast.NoPos, Args: str(6)},     // f"...": slot 3
		{Lparen: luaast.NoPos, Args: str(7)},     // slot 3 as well
		{Lparen: luaast.NoPos},                   // no offset
		{Lparen: luaast.NoPos, Args: str(6)[:0]}, // no offset
		{Lparen: 40},                             // past the slots
		{Lparen: luaast.NoPos, Args: []luaast.Expr{&luaast.TableExpr{Lbrace: 2}}}, // f{...}: slot 1
	}
	// Every other call gets a site; the others share slots with them.
	want := map[*luaast.CallExpr]*CallSite{}
	for i, call := range calls {
		if i%2 == 1 {
			continue
		}
		s := &CallSite{Call: call, Callee: "f", seq: int32(len(c.Sites))}
		c.Sites = append(c.Sites, s)
		c.setSite(call, s)
		want[call] = s
	}
	for i := 1; i < len(calls); i += 2 {
		s := &CallSite{Call: calls[i], Callee: "g", seq: int32(len(c.Sites))}
		c.Sites = append(c.Sites, s)
		c.setSite(calls[i], s)
		want[calls[i]] = s
	}
	others := []*luaast.CallExpr{{Lparen: 4}, {Lparen: 5}, {Lparen: 12}, {Lparen: luaast.NoPos}, {Lparen: 40}}
	for i, call := range append(slices.Clone(calls), others...) {
		if got := c.site(call); got != want[call] {
			t.Errorf("call %d: site %p, want %p", i, got, want[call])
		}
	}
	if len(c.siteOf) == 0 {
		t.Fatal("no site went to the map")
	}
	c.sc.info = *c
	c.sc.clearSlots()
	if i := slices.IndexFunc(c.siteSlot, func(v int32) bool { return v != 0 }); i >= 0 {
		t.Fatalf("slot %d left set by clearSlots", i)
	}
}
