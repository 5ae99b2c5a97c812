package luaast_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var writeFuzzCorpus = flag.Bool("write-fuzz-corpus", false, "rewrite testdata/fuzz/FuzzParse seed files from the snippet tables")

// fuzzSeeds are the inputs FuzzParse starts from besides the checked-in
// corpus: every snippet, the limit cases and some generated scripts.
func fuzzSeeds() [][]byte {
	var seeds [][]byte
	for _, s := range allSnippets() {
		if len(s.src) > 64<<10 {
			continue // megabyte inputs would slow every fuzz iteration
		}
		seeds = append(seeds, []byte(s.src))
	}
	for _, s := range robustnessInputs(false) {
		seeds = append(seeds, s.src)
	}
	for seed := range uint64(20) {
		seeds = append(seeds, luagen.Script(seed))
	}
	return seeds
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkParse(t, src)
	})
}

// checkParse parses src and checks the invariants every input must keep:
// no panic, a *File with Lines, errors that are a non-empty ErrorList of
// positioned *Error values inside the source, and (on success) a tree whose
// spans lie inside the source, with children inside their parents and
// leaves matching the source text.
func checkParse(t *testing.T, src []byte) (*luaast.File, error) {
	t.Helper()
	f, err := luaast.Parse("fuzz.lua", src)
	if f == nil || f.Lines == nil {
		t.Fatalf("Parse returned file %v without Lines", f)
	}
	n := luaast.Pos(len(src))
	checkLines(t, f.Lines, src)
	checkComments(t, f, n)
	if err != nil {
		var list luaast.ErrorList
		if !errors.As(err, &list) || len(list) == 0 {
			t.Fatalf("error %v (%T) is not a non-empty luaast.ErrorList", err, err)
		}
		for _, e := range list {
			if e == nil {
				t.Fatal("nil *Error in ErrorList")
			}
			if e.Pos < 0 || e.Pos > n || e.End < e.Pos || e.End > n {
				t.Fatalf("error %q has span [%d,%d) outside the %d-byte source", e.Msg, e.Pos, e.End, n)
			}
			want := f.Lines.Position(e.Pos)
			if e.Line != want.Line || e.Column != want.Column {
				t.Fatalf("error %q at offset %d says %d:%d, LineIndex says %d:%d", e.Msg, e.Pos, e.Line, e.Column, want.Line, want.Column)
			}
			if e.Msg == "" {
				t.Fatal("error with empty message")
			}
		}
		return f, err
	}
	if f.Main == nil || f.Block == nil || f.Main.Body != f.Block {
		t.Fatal("accepted file without Main/Block")
	}
	checkTree(t, f, src)
	return f, nil
}

// checkLines checks a parsed file's line index, which the lexer collects
// as it counts line breaks, against NewLineIndex's scan of the source.
func checkLines(t *testing.T, got *luaast.LineIndex, src []byte) {
	t.Helper()
	want := luaast.NewLineIndex(src)
	if got.LineCount() != want.LineCount() {
		t.Fatalf("the file's LineIndex has %d lines, NewLineIndex %d", got.LineCount(), want.LineCount())
	}
	for line := 1; line <= want.LineCount(); line++ {
		if g, w := got.LineStart(line), want.LineStart(line); g != w {
			t.Fatalf("line %d starts at %d in the file's LineIndex, at %d in NewLineIndex", line, g, w)
		}
	}
}

func checkComments(t *testing.T, f *luaast.File, n luaast.Pos) {
	t.Helper()
	prev := luaast.Pos(0)
	for _, c := range f.Comments {
		if c.Span.Start < prev || c.Span.End < c.Span.Start || c.Span.End > n {
			t.Fatalf("comment span [%d,%d) out of order or outside the %d-byte source", c.Span.Start, c.Span.End, n)
		}
		prev = c.Span.End
	}
}

// spanChecker walks the tree keeping the stack of enclosing nodes.
type spanChecker struct {
	t     *testing.T
	src   []byte
	stack []luaast.Node
}

func (c *spanChecker) Visit(n luaast.Node) luaast.Visitor {
	if n == nil {
		c.stack = c.stack[:len(c.stack)-1]
		return nil
	}
	t := c.t
	pos, end := n.Pos(), n.End()
	if pos < 0 || end < pos || int(end) > len(c.src) {
		t.Fatalf("%T span [%d,%d) outside the %d-byte source", n, pos, end, len(c.src))
	}
	if len(c.stack) > 0 {
		p := c.stack[len(c.stack)-1]
		if pos < p.Pos() || end > p.End() {
			t.Fatalf("%T [%d,%d) %q is not inside its parent %T [%d,%d)", n, pos, end, short(string(c.src[pos:end])), p, p.Pos(), p.End())
		}
	}
	// Only leaves are compared with the source text: slicing every node
	// would make the check quadratic in the nesting depth.
	text := func() string { return string(c.src[pos:end]) }
	switch x := n.(type) {
	case *luaast.Ident:
		if text() != x.Name {
			t.Fatalf("Ident %q spans %q", x.Name, text())
		}
		if x.Var != nil && x.Var.Name != x.Name {
			t.Fatalf("Ident %q resolved to variable %q", x.Name, x.Var.Name)
		}
	case *luaast.NumberLit:
		if text() != x.Raw {
			t.Fatalf("NumberLit Raw %q spans %q", x.Raw, text())
		}
	case *luaast.StringLit:
		if text() != x.Raw {
			t.Fatalf("StringLit Raw %q spans %q", x.Raw, text())
		}
	case *luaast.FunctionExpr:
		if !bytes.HasPrefix(c.src[pos:end], []byte("function")) || !bytes.HasSuffix(c.src[pos:end], []byte("end")) {
			t.Fatalf("FunctionExpr spans %q", short(text()))
		}
	}
	c.stack = append(c.stack, n)
	return c
}

func checkTree(t *testing.T, f *luaast.File, src []byte) {
	t.Helper()
	luaast.Walk(&spanChecker{t: t, src: src}, f)
	for _, id := range f.Globals {
		if id.Var != nil {
			t.Fatalf("File.Globals holds %q, which resolves to a local", id.Name)
		}
	}
}

// TestFuzzSeeds runs the fuzz invariants over the seeds in normal test
// runs (go test runs FuzzParse's seed corpus too; this also covers the
// large generated inputs).
func TestFuzzSeeds(t *testing.T) {
	for i, s := range fuzzSeeds() {
		t.Run(strconv.Itoa(i), func(t *testing.T) { checkParse(t, s) })
	}
	checkParse(t, luagen.Generate(3, 200_000))
}

// TestWriteFuzzCorpus rewrites the checked-in seed corpus with
// -write-fuzz-corpus (go test ./luaast -run TestWriteFuzzCorpus
// -write-fuzz-corpus). File names are content hashes, as go test names
// crashers, so rewriting is idempotent.
func TestWriteFuzzCorpus(t *testing.T) {
	if !*writeFuzzCorpus {
		t.Skip("run with -write-fuzz-corpus to rewrite testdata/fuzz/FuzzParse")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzParse")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range allSnippets() {
		if len(s.src) > 4096 {
			continue // the big limit cases are in fuzzSeeds already
		}
		data := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", s.src)
		name := fmt.Sprintf("seed-%x", sha256.Sum256([]byte(s.src)))[:21]
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
