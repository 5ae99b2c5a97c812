package luaast

import (
	"fmt"
	"strings"
	"testing"
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
