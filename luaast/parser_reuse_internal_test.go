package luaast

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
)

// TestParserKeepsBoundedLists checks that a Parser does not carry a large
// file's Globals and Comments arrays over to the files after it (which
// would then clear the whole array on every parse), and that it clears
// exactly what a kept array's parse wrote.
func TestParserKeepsBoundedLists(t *testing.T) {
	var big strings.Builder
	for i := range 2 * maxKeptList {
		fmt.Fprintf(&big, "g%d = 1 -- c\n", i)
	}
	small := []byte("a = 1 -- one\nb = 2 -- two\n")
	var ps Parser
	if _, err := ps.Parse("small.lua", small); err != nil {
		t.Fatal(err)
	}
	if ps.globalsUsed != 2 || ps.commentsUsed != 2 || ps.globals == nil || ps.comments == nil {
		t.Fatalf("after a small file: kept globals %d/%v, comments %d/%v; want 2 of each kept",
			ps.globalsUsed, ps.globals != nil, ps.commentsUsed, ps.comments != nil)
	}
	f, err := ps.Parse("big.lua", []byte(big.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Globals) != 2*maxKeptList || len(f.Comments) != 2*maxKeptList {
		t.Fatalf("big file: %d globals, %d comments; want %d each", len(f.Globals), len(f.Comments), 2*maxKeptList)
	}
	if ps.globals != nil || ps.comments != nil || ps.globalsUsed != 0 || ps.commentsUsed != 0 {
		t.Errorf("after a big file the parser keeps arrays of cap %d and %d; want none", cap(ps.globals), cap(ps.comments))
	}
	f, err = ps.Parse("small.lua", small)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Globals) != 2 || f.Globals[0].Name != "a" || len(f.Comments) != 2 {
		t.Fatalf("small file after the big one: %d globals, %d comments", len(f.Globals), len(f.Comments))
	}
	// A file without globals or comments reuses the (cleared) arrays.
	g, c := ps.globals, ps.comments
	f, err = ps.Parse("none.lua", []byte("local x = 1 return x"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Globals) != 0 || len(f.Comments) != 0 {
		t.Fatalf("none.lua: %d globals, %d comments", len(f.Globals), len(f.Comments))
	}
	for i, id := range g[:cap(g)] {
		if id != nil {
			t.Errorf("kept Globals array element %d not cleared", i)
		}
	}
	for i, cm := range c[:cap(c)] {
		if cm != nil {
			t.Errorf("kept Comments array element %d not cleared", i)
		}
	}
}

// TestParserClearsTouchedChunks checks nodeChunk.touched, which a reused
// Parser relies on to clear only the chunks a parse took: after parses of
// varied scripts (every node type, comments, long lists), the chunks not
// marked must be zero (a slab or list arena that wrote a chunk without
// marking it fails).
func TestParserClearsTouchedChunks(t *testing.T) {
	scripts := []string{
		"#!lua name=lib\n-- c\n--[[ long ]]\nlocal a, b = nil, true\nlocal c = false\n" +
			"local function f(...) local t = {..., x = 1, [2] = 'y', {}} return t, -a, not b, (c) end\n" +
			"function g.h:m(p) if p then return p:n() elseif b then a = b else a = nil end end\n" +
			"for i = 1, 3 do while a do repeat break until b end end for k, v in pairs(t) do do end end\n" +
			"return a.b[c](1 + 2 .. 'x')",
	}
	for seed := range uint64(30) {
		scripts = append(scripts, string(luagen.Script(seed)))
	}
	var ps Parser
	for _, src := range scripts {
		if _, err := ps.Parse("t.lua", []byte(src)); err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		touched := 0
		for i := range ps.chunks[:ps.dirty] {
			c := &ps.chunks[i]
			if c.touched {
				if i > touched {
					t.Fatalf("%q: chunk %d touched after an untouched one", src, i)
				}
				touched++
				continue
			}
			if !reflect.ValueOf(c).Elem().IsZero() {
				t.Fatalf("%q: chunk %d was written but not marked touched", src, i)
			}
		}
		if touched == 0 && len(src) <= smallScript {
			t.Fatalf("%q: no chunk touched", src)
		}
	}
}
