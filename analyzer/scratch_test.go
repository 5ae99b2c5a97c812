package analyzer

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// analysesSummary describes what the shared analyses answer about a file:
// its functions, library and command calls, reachability and loop exits
// of every statement, writes before every command call, and the origin of
// every expression. Computing it runs every lazy query too.
func analysesSummary(p *Pass) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	s, c, f, o, in := Script(p), Calls(p), Flow(p), Origins(p), Inspector(p)
	add("kind=%s flags=%v fragment=%v regs=%d", s.Kind, s.EvalFlags, s.Fragment, len(s.Registrations))
	for _, fn := range s.Functions() {
		add("func %d parent=%v readonly=%v writes=%d raises=%v", fn.Pos(), s.ParentFunc(fn) != nil, s.ReadOnly(fn), len(f.FuncWrites(fn)), f.MayRaise(fn))
	}
	for _, site := range c.Sites {
		add("site %d %s", site.Call.Pos(), site.Callee)
	}
	for _, rc := range c.List {
		add("redis %d %s %s keys=%d complete=%v write=%v before=%d", rc.Call.Pos(), rc.API, rc.Name, len(rc.KeyArgs), rc.KeysComplete, rc.IsWrite, len(f.WritesBefore(rc.Call)))
	}
	for _, st := range f.Unreachable() {
		add("unreachable %d", st.Pos())
	}
	in.Preorder(luaast.KindStmt|luaast.KindExpr, func(n luaast.Node) {
		switch n := n.(type) {
		case luaast.Stmt:
			line := fmt.Sprintf("stmt %d reachable=%v succ=%d", n.Pos(), f.Reachable(n), len(f.Successors(n)))
			if luaast.KindOf(n)&luaast.KindLoop != 0 {
				line += fmt.Sprintf(" exit=%v", f.LoopHasExit(n))
			}
			out = append(out, line)
		case luaast.Expr:
			add("expr %d %T %s", n.Pos(), n, o.Of(n))
		}
	})
	return out
}

// reuseSources are files of every shape for the scratch tests.
func reuseSources(t *testing.T) []string {
	t.Helper()
	var srcs []string
	for seed := range uint64(40) {
		srcs = append(srcs, string(luagen.Script(seed)))
	}
	srcs = append(srcs, string(luagen.Generate(3, 40<<10)), "", "return 1")
	fixtures, _ := filepath.Glob(filepath.Join("..", "rules", "testdata", "*", "*.lua"))
	for i, path := range fixtures {
		if i%7 != 0 {
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := luaast.Parse("f.lua", b); err == nil {
			srcs = append(srcs, string(b))
		}
	}
	return srcs
}

// TestScratchReuse checks that the shared analyses computed in a worker's
// scratch, after other files were analysed in it, answer exactly as when
// computed in fresh memory: after a release (the engine's way), and
// without one (what an analysis computed again after a rule's panic
// sees: the memory of the file's first attempt).
func TestScratchReuse(t *testing.T) {
	srcs := reuseSources(t)
	want := make([][]string, len(srcs))
	for i, src := range srcs {
		want[i] = analysesSummary(testPass(t, src))
	}
	var sc scratch
	scratchPass := func(src string) *Pass {
		p := testPass(t, src)
		p.scratch, p.analysisPass = &sc, p
		return p
	}
	// Every file after every other (in two orders), with a release
	// between files, and once more without.
	order := make([]int, 0, 2*len(srcs))
	for i := range srcs {
		order = append(order, i)
	}
	for i := range srcs {
		order = append(order, len(srcs)-1-i)
	}
	for k, i := range order {
		got := analysesSummary(scratchPass(srcs[i]))
		if !slices.Equal(got, want[i]) {
			t.Fatalf("source %d (step %d) differs in a reused scratch: %s", i, k, firstSummaryDiff(got, want[i]))
		}
		if k%5 != 4 {
			sc.release()
		}
	}
	sc.release()
	if sc.inspector.BuildTransient(nil).Len() != 0 {
		t.Error("the released scratch's builder is not empty")
	}
}

func firstSummaryDiff(got, want []string) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("line %d: got %q, want %q", i, got[i], want[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d (%s)", len(got), len(want), strings.Join(got[min(len(got), len(want)):], "; "))
}

// TestScratchReleaseDropsFile checks that a released scratch refers to
// nothing of the file it analysed, so a worker does not keep a finished
// file's tree alive (that is, every reused buffer is cleared).
func TestScratchReleaseDropsFile(t *testing.T) {
	var sc scratch
	for _, src := range reuseSources(t)[:10] {
		f, err := luaast.Parse("t.lua", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		p := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
		p.scratch, p.analysisPass = &sc, p
		analysesSummary(p)
		sc.release()
	}
	if n := countPointers(&sc); n != 0 {
		t.Errorf("the released scratch still holds %d non-nil syntax pointers", n)
	}
}

// countPointers counts the non-nil pointers to syntax nodes and variables
// (types of package luaast) reachable from v, looking at the whole
// capacity of slices (what the garbage collector sees), through maps,
// interfaces and pointers to other types.
func countPointers(v any) int { return countValue(reflect.ValueOf(v)) }

// countValue is countPointers for a reflect.Value.
func countValue(v reflect.Value) int {
	seen := map[uintptr]bool{}
	var walk func(r reflect.Value) int
	walk = func(r reflect.Value) int {
		switch r.Kind() {
		case reflect.Pointer:
			if r.IsNil() {
				return 0
			}
			if r.Type().Elem().PkgPath() == luaastPkg {
				return 1
			}
			if seen[r.Pointer()] {
				return 0
			}
			seen[r.Pointer()] = true
			return walk(r.Elem())
		case reflect.Interface:
			if r.IsNil() {
				return 0
			}
			return walk(r.Elem())
		case reflect.Struct:
			n := 0
			for i := range r.NumField() {
				n += walk(r.Field(i))
			}
			return n
		case reflect.Array:
			n := 0
			for i := range r.Len() {
				n += walk(r.Index(i))
			}
			return n
		case reflect.Slice:
			if r.IsNil() {
				return 0
			}
			full := r.Slice3(0, r.Cap(), r.Cap())
			n := 0
			for i := range full.Len() {
				n += walk(full.Index(i))
			}
			return n
		case reflect.Map:
			n := 0
			it := r.MapRange()
			for it.Next() {
				n += walk(it.Key()) + walk(it.Value())
			}
			return n
		case reflect.Func:
			if !r.IsNil() {
				return 1 // a closure may hold anything
			}
		}
		return 0
	}
	return walk(v)
}

var luaastPkg = reflect.TypeFor[luaast.Ident]().PkgPath()
