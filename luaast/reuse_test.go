package luaast_test

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// graphDump renders everything reachable from v through exported fields:
// every pointer is numbered in the order it is first reached, so two
// trees have equal dumps exactly when they have the same shape, values,
// positions and sharing (a Variable's Refs are the very Idents of the
// tree, an Ident's Var its declaration's Variable, and so on).
type graphDump struct {
	b   strings.Builder
	ids map[uintptr]int
}

func dumpGraph(v any) string {
	d := &graphDump{ids: map[uintptr]int{}}
	d.value(reflect.ValueOf(v))
	return d.b.String()
}

func (d *graphDump) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			d.b.WriteString("nil")
			return
		}
		if id, ok := d.ids[v.Pointer()]; ok {
			fmt.Fprintf(&d.b, "#%d", id)
			return
		}
		id := len(d.ids)
		d.ids[v.Pointer()] = id
		fmt.Fprintf(&d.b, "#%d=", id)
		d.value(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			d.b.WriteString("nil")
			return
		}
		d.b.WriteString(v.Elem().Type().String())
		d.value(v.Elem())
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(luaast.LineIndex{}) {
			li := v.Addr().Interface().(*luaast.LineIndex)
			fmt.Fprintf(&d.b, "{lines %d}", li.LineCount())
			return
		}
		d.b.WriteString("{")
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() {
				continue
			}
			d.b.WriteString(v.Type().Field(i).Name + ":")
			d.value(v.Field(i))
			d.b.WriteString(" ")
		}
		d.b.WriteString("}")
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			fmt.Fprintf(&d.b, "%q", v.Bytes())
			return
		}
		d.b.WriteString("[")
		for i := range v.Len() {
			d.value(v.Index(i))
			d.b.WriteString(",")
		}
		d.b.WriteString("]")
	case reflect.String:
		d.b.WriteString(strconv.Quote(v.String()))
	default:
		fmt.Fprintf(&d.b, "%v", v.Interface())
	}
}

// TestParserReuse parses a sequence of scripts with one Parser (short and
// long, valid and broken, each after a larger or smaller one) and checks
// that every tree is exactly the tree Parse builds from scratch: nothing
// of the previous script may leak into the next one through the reused
// memory.
func TestParserReuse(t *testing.T) {
	var scripts [][]byte
	for seed := uint64(7); len(scripts) < 40; seed++ {
		scripts = append(scripts, luagen.Script(seed))
	}
	scripts = append(scripts,
		luagen.Generate(3, 12<<10), // over the short-script limit
		[]byte("#!lua name=lib\nredis.register_function('f', function(keys, args) return #keys end)\n"),
		[]byte("local x = 1\nif x then\n  return x +\n"), // error: partial tree
		[]byte("-- only a comment\n--[[ and a long one ]]"),
		[]byte(""),
		[]byte("local a, b = ...\nlocal function f(...) local arg = arg return a, b, ... end\nreturn f(1, 2)\n"),
		luagen.Generate(4, 6<<10),
		[]byte("x = 1 +"), // error at end of file
		[]byte("for i = 1, 3 do local t = {i, [i] = i, k = i} end return t"),
		manyGlobalsAndComments(5000), // lists too long to be kept for the next parse
	)
	// Every script after every kind of predecessor: forward, then
	// backward (small after large and the reverse).
	order := make([]int, 0, 2*len(scripts))
	for i := range scripts {
		order = append(order, i)
	}
	for i := len(scripts) - 1; i >= 0; i-- {
		order = append(order, i)
	}
	var ps luaast.Parser
	for n, i := range order {
		src := scripts[i]
		want, wantErr := luaast.Parse("s.lua", src)
		got, gotErr := ps.Parse("s.lua", src)
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("parse %d (script %d): error %v, want %v", n, i, gotErr, wantErr)
		}
		if g, w := dumpGraph(got), dumpGraph(want); g != w {
			at := 0
			for at < len(g) && at < len(w) && g[at] == w[at] {
				at++
			}
			t.Fatalf("parse %d (script %d): reused tree differs from a fresh parse at byte %d:\n got ...%s\nwant ...%s",
				n, i, at, short(g[max(0, at-80):]), short(w[max(0, at-80):]))
		}
	}
}

// TestParserReuseKeepsLines checks what Parser documents as surviving
// the next parse: a copy of the LineIndex and the texts of comments.
func TestParserReuseKeepsLines(t *testing.T) {
	var ps luaast.Parser
	f, err := ps.Parse("a.lua", []byte("-- first\nlocal a = 1\nreturn a\n"))
	if err != nil {
		t.Fatal(err)
	}
	lines, comment := *f.Lines, f.Comments[0].Text
	if _, err := ps.Parse("b.lua", []byte("return 2")); err != nil {
		t.Fatal(err)
	}
	if got := lines.LineCount(); got != 4 {
		t.Errorf("kept LineIndex has %d lines after the next parse, want 4", got)
	}
	if got := lines.LineText(2); got != "local a = 1" {
		t.Errorf("kept LineIndex line 2 = %q, want %q", got, "local a = 1")
	}
	if comment != " first" {
		t.Errorf("kept comment text = %q, want %q", comment, " first")
	}
}

// manyGlobalsAndComments is a script of n lines, each with a global
// reference and a comment.
func manyGlobalsAndComments(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "g%d = %d -- c%d\n", i, i, i)
	}
	return []byte(b.String())
}

// FuzzParserReuse checks that a reused Parser gives, for any script b
// parsed right after any script a, the same tree and error as a fresh
// parse of b: no state of a's parse may leak into b's.
func FuzzParserReuse(f *testing.F) {
	seeds := fuzzSeeds()
	for i, s := range seeds {
		f.Add(seeds[(i+1)%len(seeds)], s)
	}
	f.Add(manyGlobalsAndComments(300), []byte("x = 1 -- c"))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var ps luaast.Parser
		_, _ = ps.Parse("a.lua", a)
		got, gotErr := ps.Parse("b.lua", b)
		want, wantErr := luaast.Parse("b.lua", b)
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("error after reuse %v, fresh %v", gotErr, wantErr)
		}
		if g, w := dumpGraph(got), dumpGraph(want); g != w {
			t.Fatalf("tree after reuse differs from a fresh parse:\n got %s\nwant %s", short(g), short(w))
		}
		checkLines(t, got.Lines, b)
	})
}
