package luaast_test

import (
	"fmt"
	"strings"
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

// TestParserLineStarts checks Parser.LineStarts: the index of a File is
// the same with it as without; where it applies (scripts of at most 64
// KiB parsed without error, without a shebang line holding a '\r') it is
// called once with the number of line starts and the index uses the array
// it returned (a write to that array shows in the index: they alias);
// elsewhere it is not called; an array that is too small is ignored. The
// index of an earlier File stays intact through later parses when each
// gets an array of its own.
func TestParserLineStarts(t *testing.T) {
	type input struct {
		name string
		src  string
		uses bool // whether LineStarts applies
	}
	inputs := []input{
		{"empty", "", true},
		{"one line", "return 1", true},
		{"trailing newline", "local a = 1\nreturn a\n", true},
		{"crlf", "local a = 1\r\nreturn a\r\n", true},
		{"cr only", "local a = 1\rreturn a\r", true},
		{"long string", "local s = [[\n\n\n]]\nreturn s\n", true},
		{"shebang", "#!/usr/bin/env lua\nreturn 1\n", true},
		{"shebang with cr", "#!/usr/bin/env lua\r\nreturn 1\n", false},
		{"syntax error", "local x = f(\nreturn 1\n", false},
		{"large", strings.Repeat("local a = redis.call('GET', KEYS[1])\n", 2000), false},
	}
	for i := range 8 {
		inputs = append(inputs, input{fmt.Sprintf("generated %d", i), string(luagen.Script(uint64(i + 1))), true})
	}

	var ps luaast.Parser
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			ref, refErr := luaast.Parse("a.lua", []byte(in.src))
			want := lineStartsOf(ref.Lines)
			calls := 0
			var given []luaast.Pos
			ps.LineStarts = func(n int) []luaast.Pos {
				calls++
				if n != len(want) {
					t.Errorf("LineStarts(%d), want %d line starts", n, len(want))
				}
				// Room to spare, as a recycled array has.
				given = make([]luaast.Pos, 3, n+5)
				return given[:0]
			}
			f, err := ps.Parse("a.lua", []byte(in.src))
			if (err == nil) != (refErr == nil) {
				t.Fatalf("error %v, Parse's %v", err, refErr)
			}
			if got := lineStartsOf(f.Lines); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("line starts %v, want %v", got, want)
			}
			if !in.uses {
				if calls != 0 {
					t.Fatalf("LineStarts called %d times, want none", calls)
				}
				return
			}
			if calls != 1 {
				t.Fatalf("LineStarts called %d times, want once", calls)
			}
			if len(want) > 1 {
				given[:len(want)][1] = 12345
				if got := f.Lines.LineStart(2); got != 12345 {
					t.Errorf("after a write to the array given, line 2 starts at %d: the index does not use it", got)
				}
				given[:len(want)][1] = want[1]
			}
		})
	}

	t.Run("too small", func(t *testing.T) {
		src := "local a = 1\nlocal b = 2\nreturn a + b\n"
		small := make([]luaast.Pos, 0, 2)
		ps.LineStarts = func(int) []luaast.Pos { return small }
		f, err := ps.Parse("a.lua", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if got := lineStartsOf(f.Lines); fmt.Sprint(got) != "[0 12 24 37]" {
			t.Errorf("line starts %v, want [0 12 24 37]", got)
		}
		if s := small[:2]; s[0] != 0 || s[1] != 0 {
			t.Errorf("an array too small was written to: %v", s)
		}
	})
}

// TestParserLineStartsKeptCopies checks that copies of the index (the
// value *File.Lines, which a linter keeps with its results) stay intact
// through later parses on the same Parser when LineStarts gives each
// parse an array of its own, and that they share memory with it.
func TestParserLineStartsKeptCopies(t *testing.T) {
	var ps luaast.Parser
	var arrays [][]luaast.Pos
	ps.LineStarts = func(n int) []luaast.Pos {
		a := make([]luaast.Pos, 0, n)
		arrays = append(arrays, a)
		return a
	}
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
	if len(arrays) != len(kept) {
		t.Fatalf("LineStarts called %d times for %d parses", len(arrays), len(kept))
	}
	for i := range kept {
		if got := lineStartsOf(&kept[i]); fmt.Sprint(got) != fmt.Sprint(want[i]) {
			t.Errorf("script %d: kept index %v, want %v", i, got, want[i])
		}
		if a := arrays[i][:len(want[i])]; fmt.Sprint(a) != fmt.Sprint(want[i]) {
			t.Errorf("script %d: the array given holds %v, want the line starts %v", i, a, want[i])
		}
	}
}
