package analyzer

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// oracleInputs are the inputs of the analyses' oracle tests:
// generated scripts, the rule fixtures, the realistic scripts, the
// analyses' test files and a few broken sources (a syntax error leaves a
// partial tree).
func oracleInputs(t *testing.T) map[string][]byte {
	t.Helper()
	return oracleSources(t, 91000, 300, map[string][]byte{
		"broken1": []byte("local a = 1\nif a then\n  x = (\nend\nreturn a"),
		"broken2": []byte("local function f(\n  return 1\nend\nf()"),
		"broken3": []byte("repeat local x = 1 until\nfor i = 1 do end"),
		"broken4": []byte("string.x = function() return end end\nt[1] = "),
		"empty":   nil,
	})
}

// oracleSources returns extra plus n generated scripts from seed
// seedBase on (those that register functions get a library shebang), the
// rule fixtures, the realistic scripts and the analyses' test files.
func oracleSources(t *testing.T, seedBase uint64, n int, extra map[string][]byte) map[string][]byte {
	t.Helper()
	srcs := extra
	for seed := range uint64(n) {
		src := luagen.Script(seed + seedBase)
		if strings.Contains(string(src), "redis.register_function") {
			src = append([]byte("#!lua name=lib"+strconv.FormatUint(seed, 10)+"\n"), src...)
		}
		srcs["luagen"+strconv.FormatUint(seed, 10)] = src
	}
	for _, pattern := range []string{"../rules/testdata/*/*.lua", "../testdata/realistic/*/*.lua", "testdata/analyses/*.lua"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			srcs[f] = b
		}
	}
	return srcs
}

// oraclePass parses src, syntax errors allowed, and returns a pass over it
// (nil when the parser returned no tree).
func oraclePass(name string, src []byte) *Pass {
	f, _ := luaast.Parse(name, src)
	if f == nil || f.Block == nil {
		return nil
	}
	return NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
}

// treeStmts returns every statement of the tree, in Inspect's order.
func treeStmts(f *luaast.File) []luaast.Stmt {
	var out []luaast.Stmt
	luaast.Inspect(f, func(n luaast.Node) bool {
		if s, ok := n.(luaast.Stmt); ok && n != nil {
			out = append(out, s)
		}
		return true
	})
	return out
}

// refsByMap builds the graphs of every function of the file as newFlow
// does, recording the statements' nodes in a map: the slow path that
// FlowInfo.refs replaced.
func refsByMap(s *ScriptInfo, c *CallInfo) map[luaast.Stmt]stmtRef {
	m := map[luaast.Stmt]stmtRef{}
	isError := func(call luaast.Expr) bool { return raises(call, c.Callee(call)) }
	for i, fn := range s.idx.funcs {
		b := &cfgBuilder{isError: isError, chunk: 64}
		b.onStmt = func(st luaast.Stmt, _, node, entry int32) {
			m[st] = stmtRef{fn: int32(i), node: node, entry: entry}
		}
		g := &funcGraph{fn: fn}
		b.start(g)
		b.build(fn.Body)
		b.finish()
	}
	return m
}

// TestStmtIndexOracle checks the statement numbering of the script index
// (stmtIndex, callRec.si) and FlowInfo's statement nodes (refOf, refAt)
// against maps keyed by the statements, both with the binary search and
// with the map stmtIndex falls back to.
func TestStmtIndexOracle(t *testing.T) {
	checked := 0
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		s, c, f := Script(p), Calls(p), Flow(p)
		ix := s.idx
		want := refsByMap(s, c)
		stmts := treeStmts(p.File)
		for _, fallback := range []bool{false, true} {
			saved := ix.stmtIdx
			if fallback {
				ix.stmtIdx = map[luaast.Stmt]int32{}
				for j, st := range ix.stmts {
					ix.stmtIdx[st] = int32(j)
				}
			}
			if len(ix.stmts) != len(stmts) || ix.nstmts != len(stmts) {
				t.Fatalf("%s: index has %d statements (nstmts %d), tree %d", name, len(ix.stmts), ix.nstmts, len(stmts))
			}
			for j, st := range stmts {
				if got := ix.stmtIndex(st); got != int32(j) {
					t.Fatalf("%s: stmtIndex(%T at %d) = %d, want %d (fallback %v)", name, st, st.Pos(), got, j, fallback)
				}
				got, ok := f.refOf(st)
				w, wok := want[st]
				if ok != wok || got != w {
					t.Fatalf("%s: refOf(%T at %d) = %v %v, map %v %v (fallback %v)", name, st, st.Pos(), got, ok, w, wok, fallback)
				}
				checked++
			}
			for k := range ix.calls {
				rec := &ix.calls[k]
				if got := ix.stmtIndex(rec.stmt); got != rec.si {
					t.Fatalf("%s: call %d: si %d, stmtIndex %d", name, k, rec.si, got)
				}
				got, ok := f.refAt(rec.si, rec.stmt)
				w, wok := want[rec.stmt]
				if ok != wok || got != w {
					t.Fatalf("%s: refAt of call %d = %v %v, map %v %v", name, k, got, ok, w, wok)
				}
			}
			if ix.stmtIndex(nil) != -1 || ix.stmtIndex(&luaast.ReturnStmt{}) != -1 {
				t.Fatalf("%s: stmtIndex finds a statement not in the file", name)
			}
			if _, ok := f.refOf(&luaast.BreakStmt{}); ok {
				t.Fatalf("%s: refOf finds a statement not in the file", name)
			}
			ix.stmtIdx = saved
		}
		if len(want) != len(stmts) && len(stmts) > 0 {
			// Every statement of the tree is in a graph.
			t.Fatalf("%s: the graphs have %d statements, the tree %d", name, len(want), len(stmts))
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d statements checked", checked)
	}
}

// TestStmtIndexOutOfOrder checks stmtIndex on a tree whose statement
// offsets are out of order (not one Parse builds): buildIndex falls back
// to a map, which finds every statement.
func TestStmtIndexOutOfOrder(t *testing.T) {
	a := &luaast.ReturnStmt{Return: 10}
	b := &luaast.BreakStmt{Break: 5}
	blk := &luaast.Block{Stmts: []luaast.Stmt{a, b}}
	f := &luaast.File{Block: blk, Main: &luaast.FunctionExpr{Body: blk}}
	ix := buildIndex(f, &scriptScratch{})
	ix.stmtIndex(a)
	if ix.stmtIdx == nil {
		t.Fatal("no fallback map for out-of-order offsets")
	}
	if ix.stmtIndex(a) != 0 || ix.stmtIndex(b) != 1 || ix.stmtIndex(&luaast.BreakStmt{Break: 5}) != -1 {
		t.Fatalf("stmtIndex: %d %d", ix.stmtIndex(a), ix.stmtIndex(b))
	}
}

// unreachableByMap is FlowInfo.Unreachable as it was written before it
// took the statements' indexes from the function's order: Reachable of
// each statement and of the one before it, through the map of refs.
func unreachableByMap(f *FlowInfo, refs map[luaast.Stmt]stmtRef) []luaast.Stmt {
	reachable := func(s luaast.Stmt) bool {
		r, ok := refs[s]
		return !ok || f.graphs[r.fn].reach[r.entry]
	}
	var out []luaast.Stmt
	var visit func(blk *luaast.Block)
	visit = func(blk *luaast.Block) {
		if blk == nil {
			return
		}
		for i, s := range blk.Stmts {
			if i > 0 && !reachable(s) && reachable(blk.Stmts[i-1]) {
				out = append(out, s)
			}
			switch s := s.(type) {
			case *luaast.DoStmt:
				visit(s.Body)
			case *luaast.WhileStmt:
				visit(s.Body)
			case *luaast.RepeatStmt:
				visit(s.Body)
			case *luaast.NumericForStmt:
				visit(s.Body)
			case *luaast.GenericForStmt:
				visit(s.Body)
			case *luaast.IfStmt:
				for _, c := range s.Clauses {
					visit(c.Body)
				}
				visit(s.Else)
			}
		}
	}
	for _, fn := range f.script.idx.funcs {
		visit(fn.Body)
	}
	slices.SortFunc(out, func(a, b luaast.Stmt) int { return int(a.Pos() - b.Pos()) })
	return out
}

// TestUnreachableOracle checks Unreachable against unreachableByMap, and
// that the builder finds every statement's index in the function's order
// (claim), so that the search is the exception it is meant to be.
func TestUnreachableOracle(t *testing.T) {
	found := 0
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		s, c, f := Script(p), Calls(p), Flow(p)
		got, want := f.Unreachable(), unreachableByMap(f, refsByMap(s, c))
		if !slices.Equal(got, want) {
			t.Fatalf("%s: Unreachable = %d statements, by map %d", name, len(got), len(want))
		}
		found += len(got)
		missed := 0
		for i, fn := range s.idx.funcs {
			r := s.idx.funcStmts[i]
			b := &cfgBuilder{isError: func(luaast.Expr) bool { return false }, chunk: 64,
				stmts: s.idx.stmts, next: r.first, end: r.end}
			b.onStmt = func(st luaast.Stmt, si, _, _ int32) {
				if si < 0 || s.idx.stmts[si] != st {
					missed++
				}
			}
			b.start(&funcGraph{fn: fn})
			b.build(fn.Body)
		}
		if missed > 0 {
			t.Fatalf("%s: %d statements not met in order", name, missed)
		}
	}
	if found < 20 {
		t.Fatalf("only %d unreachable statements: the test checks little", found)
	}
}

// TestGlobalRefsOracle checks ScriptInfo.GlobalRefs against the
// inspector: every identifier of the tree that refers to a global, in tree
// order, with its parent, and its grandparent where GlobalRef promises it.
func TestGlobalRefsOracle(t *testing.T) {
	checked, withGrand := 0, 0
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		in := Inspector(p)
		var want []GlobalRef
		in.Preorder(luaast.KindIdent, func(n luaast.Node) {
			id := n.(*luaast.Ident)
			if id.Var != nil {
				return
			}
			var parent, grand luaast.Node
			in.Ancestors(id, func(a luaast.Node) bool {
				if parent == nil {
					parent = a
					return true
				}
				grand = a
				return false
			})
			switch p := parent.(type) {
			case *luaast.FieldExpr:
				if p.Name == id {
					return // a field name, not a reference
				}
			case *luaast.FuncName:
				if p.Root != id {
					return // a field or method name
				}
			case *luaast.MethodCallExpr:
				if p.Method == id {
					return
				}
			case *luaast.TableField:
				if p.Name == id {
					return
				}
			}
			switch parent.(type) {
			case *luaast.FieldExpr, *luaast.IndexExpr, *luaast.FuncName:
				withGrand++
			default:
				grand = nil
			}
			want = append(want, GlobalRef{ID: id, Parent: parent, Grand: grand})
		})
		got := Script(p).GlobalRefs()
		if !slices.Equal(got, want) {
			t.Fatalf("%s: GlobalRefs = %v\nthe inspector's %v", name, got, want)
		}
		// File.Globals lists the same references (once each), but for
		// those in the statements a syntax error cut off.
		var globals []*luaast.Ident
		for k, id := range p.File.Globals {
			if k == 0 || p.File.Globals[k-1] != id {
				globals = append(globals, id)
			}
		}
		var ids []*luaast.Ident
		for _, r := range got {
			ids = append(ids, r.ID)
		}
		if _, err := luaast.Parse(name, src); err == nil && !slices.Equal(ids, globals) {
			t.Errorf("%s: GlobalRefs has %d references, File.Globals %d", name, len(ids), len(globals))
		}
		checked += len(got)
	}
	if checked < 1000 || withGrand < 300 {
		t.Fatalf("only %d references checked, %d with a grandparent", checked, withGrand)
	}
}

// computeWritesByAppend is computeWrites as it was before it sized its
// lists: summaries, callees, call sites and gen lists grown by append from
// nil, and two lookups of each call's record.
func computeWritesByAppend(f *FlowInfo) {
	ix := f.script.idx
	f.words = (len(f.calls.writes) + 63) / 64
	nf := len(ix.funcs)
	callees := make([][]int32, nf)
	f.summary = make([][]int32, nf)
	var recs []nodeCall
	for i := range ix.calls {
		rec := &ix.calls[i]
		nc := nodeCall{fn: rec.fn, callee: -1, write: -1}
		if call, ok := rec.call.(*luaast.CallExpr); ok {
			if rc := f.calls.Of(call); rc != nil && rc.IsWrite {
				nc.write = int(rc.wid) - 1
			}
			var callee *luaast.FunctionExpr
			if fn := f.calls.LocalFunc(call); fn != nil {
				callee = fn
			} else if c := f.calls.Callee(call); (c == "pcall" || c == "xpcall") && len(call.Args) > 0 {
				callee = ix.resolveFunc(call.Args[0])
			}
			if callee != nil {
				nc.callee = ix.funcIndex(callee)
			}
		}
		if nc.write < 0 && nc.callee < 0 {
			continue
		}
		r, ok := f.refOf(rec.stmt)
		if !ok {
			continue
		}
		nc.node = r.node
		recs = append(recs, nc)
		if nc.write >= 0 {
			f.summary[rec.fn] = append(f.summary[rec.fn], int32(nc.write))
		}
		if nc.callee >= 0 {
			callees[rec.fn] = append(callees[rec.fn], int32(nc.callee))
		}
	}
	f.summary = summarize(f.summary, callees)
	f.callSites = nil
	for _, g := range f.graphs {
		g.gen = make([][]int32, len(g.nodes))
	}
	for _, nc := range recs {
		if nc.callee >= 0 {
			f.callSites = append(f.callSites, callSite{fn: nc.fn, node: nc.node, callee: int32(nc.callee)})
		}
		g := f.graphs[nc.fn]
		if nc.write >= 0 {
			g.gen[nc.node] = append(g.gen[nc.node], int32(nc.write))
		}
		if nc.callee >= 0 {
			g.gen[nc.node] = append(g.gen[nc.node], f.summary[nc.callee]...)
		}
	}
	for _, g := range f.graphs {
		for n, gen := range g.gen {
			if len(gen) > 1 {
				g.gen[n] = sortSet(gen)
			}
		}
	}
}

// writesState is what computeWrites leaves in a FlowInfo, copied.
type writesState struct {
	words     int
	summary   [][]int32
	gens      [][][]int32
	callSites []callSite
}

func snapshotWrites(f *FlowInfo) writesState {
	st := writesState{words: f.words, callSites: slices.Clone(f.callSites)}
	for _, s := range f.summary {
		st.summary = append(st.summary, slices.Clone(s))
	}
	for _, g := range f.graphs {
		var gen [][]int32
		for _, l := range g.gen {
			gen = append(gen, slices.Clone(l))
		}
		st.gens = append(st.gens, gen)
	}
	return st
}

// TestComputeWritesOracle checks computeWrites against
// computeWritesByAppend, in a worker's reused scratch (file after file)
// and without, and that the files exercise it: writes, calls of
// file-defined functions, nodes with several writes.
func TestComputeWritesOracle(t *testing.T) {
	sc := &scratch{}
	withCalls, multi := 0, 0
	for name, src := range oracleInputs(t) {
		for _, reuse := range []bool{false, true} {
			f, _ := luaast.Parse(name, src)
			if f == nil || f.Block == nil {
				continue
			}
			p := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, func(Diagnostic) {})
			if reuse {
				p = NewScratchPass(p, sc)
			}
			fl := Flow(p)
			got := snapshotWrites(fl)
			if len(fl.calls.writes) > 0 {
				computeWritesByAppend(fl)
			}
			want := snapshotWrites(fl)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s (reuse %v): computeWrites:\n%+v\nby append:\n%+v", name, reuse, got, want)
			}
			if reuse {
				sc.release()
				continue
			}
			if len(got.callSites) > 0 {
				withCalls++
			}
			for _, gen := range got.gens {
				for _, l := range gen {
					if len(l) > 1 {
						multi++
					}
				}
			}
		}
	}
	if withCalls < 20 || multi < 20 {
		t.Fatalf("only %d files with calls of their functions, %d nodes with several writes", withCalls, multi)
	}
}

// refBuilder builds a function's graph as cfgBuilder did before it
// gathered loops' breaks and ifs' exits on shared stacks: a list of its
// own for each (the oracle of TestBuilderStacksOracle). Nodes are
// numbered as cfgBuilder numbers them; edges are listed in the order
// they are added.
type refBuilder struct {
	stmts   []luaast.Stmt // per node; nil for entry, exit and repeat entries
	raise   []bool
	edges   []cfgEdge
	breaks  *[]int32
	isError func(luaast.Expr) bool
}

func (b *refBuilder) newNode(s luaast.Stmt) int32 {
	b.stmts = append(b.stmts, s)
	b.raise = append(b.raise, false)
	return int32(len(b.stmts) - 1)
}

func (b *refBuilder) link(preds []int32, to int32) {
	for _, p := range preds {
		b.edges = append(b.edges, cfgEdge{p, to})
	}
}

func (b *refBuilder) build(body *luaast.Block) {
	b.newNode(nil)
	b.newNode(nil)
	outs := []int32{entryNode}
	if body != nil {
		outs = b.block(body, outs)
	}
	b.link(outs, exitNode)
}

func (b *refBuilder) block(blk *luaast.Block, preds []int32) []int32 {
	if blk == nil {
		return preds
	}
	for _, s := range blk.Stmts {
		preds = b.stmt(s, preds)
	}
	return preds
}

func (b *refBuilder) stmt(s luaast.Stmt, preds []int32) []int32 {
	if r, ok := s.(*luaast.RepeatStmt); ok {
		return b.repeat(r, preds)
	}
	n := b.newNode(s)
	b.link(preds, n)
	self := []int32{n}
	switch s := s.(type) {
	case *luaast.ReturnStmt:
		b.link(self, exitNode)
		return nil
	case *luaast.BreakStmt:
		if b.breaks != nil {
			*b.breaks = append(*b.breaks, n)
		}
		return nil
	case *luaast.CallStmt:
		if b.isError(s.Call) {
			b.raise[n] = true
			b.link(self, exitNode)
			return nil
		}
	case *luaast.DoStmt:
		return b.block(s.Body, self)
	case *luaast.IfStmt:
		var outs []int32
		for _, c := range s.Clauses {
			enter := self
			if truth, known := constTruth(c.Cond); known && !truth {
				enter = nil
			}
			outs = append(outs, b.block(c.Body, enter)...)
		}
		if s.Else != nil {
			outs = append(outs, b.block(s.Else, self)...)
		} else {
			outs = append(outs, n)
		}
		return outs
	case *luaast.WhileStmt:
		truth, known := constTruth(s.Cond)
		var body []int32
		if !known || truth {
			body = self
		}
		return b.loop(s.Body, body, n, known && truth)
	case *luaast.NumericForStmt:
		return b.loop(s.Body, self, n, false)
	case *luaast.GenericForStmt:
		return b.loop(s.Body, self, n, false)
	}
	return self
}

func (b *refBuilder) loop(body *luaast.Block, enter []int32, head int32, infinite bool) []int32 {
	saved := b.breaks
	var breaks []int32
	b.breaks = &breaks
	outs := b.block(body, enter)
	b.link(outs, head)
	b.breaks = saved
	if !infinite {
		breaks = append(breaks, head)
	}
	return breaks
}

func (b *refBuilder) repeat(s *luaast.RepeatStmt, preds []int32) []int32 {
	entry := b.newNode(nil)
	b.link(preds, entry)
	saved := b.breaks
	var breaks []int32
	b.breaks = &breaks
	outs := b.block(s.Body, []int32{entry})
	b.breaks = saved
	test := b.newNode(s)
	b.link(outs, test)
	truth, known := constTruth(s.Cond)
	if !known || !truth {
		b.link([]int32{test}, entry)
	}
	if !known || truth {
		breaks = append(breaks, test)
	}
	return breaks
}

// TestBuilderStacksOracle checks the graphs FlowAnalysis builds (nodes,
// raising statements, successors in order) against refBuilder's, and
// LoopHasExit against a graph of the loop alone built by refBuilder.
func TestBuilderStacksOracle(t *testing.T) {
	graphs, loops := 0, 0
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		c, f := Calls(p), Flow(p)
		isError := func(call luaast.Expr) bool { return raises(call, c.Callee(call)) }
		for i, g := range f.graphs {
			rb := &refBuilder{isError: isError}
			rb.build(f.script.idx.funcs[i].Body)
			if len(rb.stmts) != len(g.nodes) {
				t.Fatalf("%s: function %d: %d nodes, reference %d", name, i, len(g.nodes), len(rb.stmts))
			}
			for n := range g.nodes {
				if g.nodes[n].stmt != rb.stmts[n] || g.nodes[n].raise != rb.raise[n] {
					t.Fatalf("%s: function %d: node %d differs", name, i, n)
				}
			}
			// The successors of each node, in the order the edges were
			// added.
			want := make([][]int32, len(g.nodes))
			for _, e := range rb.edges {
				want[e.from] = append(want[e.from], e.to)
			}
			for n := range g.nodes {
				if got := g.succs(int32(n)); !slices.Equal(got, want[n]) && (len(got) > 0 || len(want[n]) > 0) {
					t.Fatalf("%s: function %d: successors of node %d = %v, reference %v", name, i, n, got, want[n])
				}
			}
			graphs++
		}
		luaast.Inspect(p.File, func(n luaast.Node) bool {
			switch s := n.(type) {
			case *luaast.WhileStmt, *luaast.RepeatStmt, *luaast.NumericForStmt, *luaast.GenericForStmt:
				rb := &refBuilder{isError: isError}
				rb.newNode(nil)
				rb.newNode(nil)
				outs := rb.stmt(s.(luaast.Stmt), []int32{entryNode})
				// Reachability in the reference graph.
				seen := make([]bool, len(rb.stmts))
				stack := []int32{entryNode}
				seen[entryNode] = true
				for len(stack) > 0 {
					m := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					for _, e := range rb.edges {
						if e.from == m && !seen[e.to] {
							seen[e.to] = true
							stack = append(stack, e.to)
						}
					}
				}
				want := seen[exitNode]
				for _, o := range outs {
					want = want || seen[o]
				}
				if got := f.LoopHasExit(s.(luaast.Stmt)); got != want {
					t.Fatalf("%s: LoopHasExit(loop at %d) = %v, reference %v", name, s.Pos(), got, want)
				}
				loops++
			}
			return true
		})
	}
	if graphs < 1000 || loops < 200 {
		t.Fatalf("only %d graphs and %d loops checked", graphs, loops)
	}
}

// TestAddDefDeclFirst checks what addDef's shortcut for declarations
// relies on (a local's declaration is its first def: no other def of a
// local is a declaration), that the numbering is consistent, and the
// fallback for a declaration that comes late.
func TestAddDefDeclFirst(t *testing.T) {
	locals := 0
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		ix := Script(p).idx
		if len(ix.defs) != len(ix.defVars) {
			t.Fatalf("%s: %d locals, %d def lists", name, len(ix.defVars), len(ix.defs))
		}
		for id, v := range ix.defVars {
			if got, ok := ix.varIndex(v); !ok || got != int32(id) {
				t.Fatalf("%s: %s has ID %d (%v), at %d", name, v.Name, got, ok, id)
			}
			for k, d := range ix.defs[id] {
				if d.decl && k > 0 {
					t.Fatalf("%s: %s: def %d is a declaration", name, v.Name, k)
				}
			}
			locals++
		}
	}
	if locals < 1000 {
		t.Fatalf("only %d locals checked", locals)
	}
	// A declaration after another def (not in a parsed tree) keeps the
	// local's number and appends the def.
	ix := &index{varID: map[*luaast.Variable]int32{}, sc: &scriptScratch{}}
	a, b := &luaast.Variable{Name: "a"}, &luaast.Variable{Name: "b"}
	ix.addDef(a, def{i: 1})
	ix.addDef(b, def{i: 2, decl: true})
	ix.addDef(a, def{i: 3, decl: true})
	ix.addDef(b, def{i: 4})
	if ix.varID[a] != 0 || ix.varID[b] != 1 || len(ix.defVars) != 2 ||
		!slices.Equal(ix.defs[0], []def{{i: 1}, {i: 3, decl: true}}) || !slices.Equal(ix.defs[1], []def{{i: 2, decl: true}, {i: 4}}) {
		t.Fatalf("late declaration: IDs %v, defs %v", ix.varID, ix.defs)
	}
}

// TestSiteAtOracle checks CallInfo.siteAt against the map it stands for.
func TestSiteAtOracle(t *testing.T) {
	sites := 0
	for name, src := range oracleInputs(t) {
		p := oraclePass(name, src)
		if p == nil {
			continue
		}
		ix, c := Script(p).idx, Calls(p)
		if len(c.siteAt) != len(ix.calls) {
			t.Fatalf("%s: %d records for %d calls", name, len(c.siteAt), len(ix.calls))
		}
		for i := range ix.calls {
			var want *CallSite
			if call, ok := ix.calls[i].call.(*luaast.CallExpr); ok {
				want = c.Site(call)
			}
			if c.siteAt[i] != want {
				t.Fatalf("%s: call %d: siteAt %v, Site %v", name, i, c.siteAt[i], want)
			}
			if want != nil {
				sites++
			}
		}
	}
	if sites < 1000 {
		t.Fatalf("only %d sites checked", sites)
	}
}
