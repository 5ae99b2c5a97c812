package analyzer

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// flowSummary is analysesSummary plus what the flow's arenas serve: the
// writes before every statement (denseOf's and solveAll's sets) and the
// definitions reaching every read of a local (reachingDefs' marks).
func flowSummary(p *Pass) []string {
	out := analysesSummary(p)
	f, o, s := Flow(p), Origins(p), Script(p)
	pos := func(n luaast.Node) string {
		if n == nil || reflect.ValueOf(n).IsNil() {
			return "-"
		}
		return fmt.Sprint(n.Pos())
	}
	for _, r := range s.Registrations {
		out = append(out, fmt.Sprintf("reg %d named=%v name=%s %q/%v callback=%s/%s flags=%s %q/%v desc=%s unknown=%d",
			r.Call.Pos(), r.Named, pos(r.NameExpr), r.Name, r.NameKnown, pos(r.CallbackExpr), pos(r.Callback),
			pos(r.FlagsExpr), r.Flags, r.FlagsKnown, pos(r.DescriptionExpr), len(r.UnknownFields)))
	}
	for _, fn := range s.Functions() {
		var regs []string
		for _, r := range s.RegistrationsOf(fn) {
			regs = append(regs, pos(r.Call))
		}
		out = append(out, fmt.Sprintf("callback %d: %v", fn.Pos(), regs))
	}
	Inspector(p).Preorder(luaast.KindStmt|luaast.KindIdent, func(n luaast.Node) {
		switch n := n.(type) {
		case luaast.Stmt:
			var ws []string
			for _, w := range f.WritesBefore(n) {
				ws = append(ws, fmt.Sprint(w.Call.Pos()))
			}
			out = append(out, fmt.Sprintf("before %d: %v", n.Pos(), ws))
		case *luaast.Ident:
			if n.Var == nil {
				return
			}
			defs, entry := o.ReachingDefs(n)
			line := fmt.Sprintf("reach %d entry=%v", n.Pos(), entry)
			for _, d := range defs {
				line += fmt.Sprintf(" %d/%v", d.Stmt.Pos(), d.Decl)
			}
			out = append(out, line)
		}
	})
	return out
}

// TestFlowArenasReuseOracle runs the flow queries that use the worker's
// arenas (write sets, visit marks, def lists, the local numbering) on a
// sequence of files in one scratch, released between files as a worker
// does (and now and then not, as after a rule's panic), and compares every
// answer with the file analysed in fresh memory. The files are the
// analyses' oracle sources (fixtures, realistic and generated scripts).
func TestFlowArenasReuseOracle(t *testing.T) {
	srcs := oracleSources(t, 66000, 120, map[string][]byte{})
	var names []string
	for name, src := range srcs {
		if f, err := luaast.Parse(name, src); err == nil && f.Block != nil {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	pass := func(name string) *Pass {
		f, _ := luaast.Parse(name, srcs[name])
		return NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
	}
	var sc scratch
	lines, regs := 0, 0
	for k, name := range names {
		want := flowSummary(pass(name))
		p := pass(name)
		p.scratch, p.analysisPass = &sc, p
		got := flowSummary(p)
		if !slices.Equal(got, want) {
			t.Fatalf("%s (file %d) differs in a reused scratch: %s", name, k, firstSummaryDiff(got, want))
		}
		lines += len(got)
		for _, l := range got {
			if strings.HasPrefix(l, "reg ") {
				regs++
			}
		}
		if k%9 != 8 {
			sc.release()
		}
	}
	if len(names) < 300 || lines < 50000 || regs < 100 {
		t.Fatalf("only %d files, %d answers compared, %d registrations", len(names), lines, regs)
	}
}

// TestFirstWriteBeforeMatchesList checks FirstWriteBefore against
// WritesBefore at every statement of the oracle sources: it offers the
// writes in the list's order, stops at the first it is asked to, and
// returns nil when none is.
func TestFirstWriteBeforeMatchesList(t *testing.T) {
	points, long := 0, 0
	for name, src := range oracleSources(t, 67000, 80, map[string][]byte{}) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Block == nil {
			continue
		}
		p := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
		flow := Flow(p)
		Inspector(p).Preorder(luaast.KindStmt, func(n luaast.Node) {
			list := flow.WritesBefore(n)
			var offered []*RedisCall
			if got := flow.FirstWriteBefore(n, func(w *RedisCall) bool { offered = append(offered, w); return false }); got != nil {
				t.Fatalf("%s: %d: FirstWriteBefore returned %v when nothing matched", name, n.Pos(), got)
			}
			if !slices.Equal(offered, list) {
				t.Fatalf("%s: %d: offered %d writes, WritesBefore lists %d", name, n.Pos(), len(offered), len(list))
			}
			for k := range list {
				offered = offered[:0]
				got := flow.FirstWriteBefore(n, func(w *RedisCall) bool { offered = append(offered, w); return len(offered) == k+1 })
				if got != list[k] || len(offered) != k+1 {
					t.Fatalf("%s: %d: stopping at write %d returned another or went on (%d offered)", name, n.Pos(), k, len(offered))
				}
			}
			points++
			if len(list) > 1 {
				long++
			}
		})
	}
	if points < 5000 || long < 500 {
		t.Fatalf("only %d statements checked, %d with several writes before", points, long)
	}
}

// TestReachingDefsListsStay checks that the lists ReachingDefs returns,
// cut from the worker's memory, stay as they were while the file's later
// queries run: every read's list is kept until all are asked, then
// compared with the answers of an analysis in fresh memory.
func TestReachingDefsListsStay(t *testing.T) {
	var sc scratch
	kept := 0
	for name, src := range oracleSources(t, 68000, 60, map[string][]byte{}) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Block == nil {
			continue
		}
		p := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
		p.scratch, p.analysisPass = &sc, p
		fresh := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
		type answer struct {
			id    *luaast.Ident
			defs  []ValueDef
			entry bool
		}
		var answers []answer
		luaast.Inspect(f.Block, func(n luaast.Node) bool {
			if id, ok := n.(*luaast.Ident); ok && id.Var != nil {
				defs, entry := Origins(p).ReachingDefs(id)
				answers = append(answers, answer{id, defs, entry})
			}
			return true
		})
		for _, a := range answers {
			defs, entry := Origins(fresh).ReachingDefs(a.id)
			if entry != a.entry || !reflect.DeepEqual(defs, a.defs) {
				t.Fatalf("%s: read of %s at %d: kept %v/%v, fresh %v/%v", name, a.id.Name, a.id.Pos(), a.defs, a.entry, defs, entry)
			}
			kept += len(defs)
		}
		sc.release()
	}
	if kept < 2000 {
		t.Fatalf("only %d definitions compared", kept)
	}
}
