package luaast_test

import (
	"fmt"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// lineStartsOf lists every line start of li.
func lineStartsOf(li *luaast.LineIndex) []luaast.Pos {
	out := make([]luaast.Pos, li.LineCount())
	for l := range out {
		out[l] = li.LineStart(l + 1)
	}
	return out
}

// TestParserLineIndexKeptCopies checks that copies of the index (the
// value *File.Lines, which a linter keeps with its results) stay intact
// through later parses on the same Parser, which reuses its memory.
func TestParserLineIndexKeptCopies(t *testing.T) {
	var ps luaast.Parser
	var kept []luaast.LineIndex
	var want [][]luaast.Pos
	for i := range 20 {
		src := luagen.Script(uint64(100 + i))
		f, err := ps.Parse("a.lua", src)
		if err != nil {
			t.Fatalf("script %d: %v", i, err)
		}
		kept = append(kept, *f.Lines)
		ref, _ := luaast.Parse("a.lua", src)
		want = append(want, lineStartsOf(ref.Lines))
	}
	for i := range kept {
		if got := lineStartsOf(&kept[i]); fmt.Sprint(got) != fmt.Sprint(want[i]) {
			t.Errorf("script %d: kept index %v, want %v", i, got, want[i])
		}
	}
}
