package analyzer

import (
	"iter"
	"math/bits"
	"slices"
	"sort"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// FlowAnalysis builds a control-flow graph per function at statement
// granularity and answers reachability and "which writes can have run
// before here" questions.
//
// Approximations (all documented on the methods): an if statement's
// conditions are one node evaluated before any branch (elseif conditions
// included); only while/repeat conditions that are literals are treated as
// constant; a statement raises only when it is a call statement of the
// global error (or a local alias of it) or assert with a literal false/nil
// first argument (runtime errors are ignored); a call of a function
// defined in the file (directly, or as pcall's first argument) carries the
// writes that function may perform, transitively; and a function's entry
// starts with the writes that may have run before its calls in the file
// (context-insensitive: the union over all call sites; a function only
// passed around as a value, such as a registered callback, starts with
// none).
var FlowAnalysis = &Analysis{
	Name:     "flow",
	Doc:      "per-function control flow: reachability, loop exits, writes that may have run before a point",
	Requires: []*Analysis{ScriptAnalysis, CallsAnalysis},
	Run: func(pass *Pass) any {
		sc := scratchOf(pass, func(s *scratch) *flowScratch { return &s.flow })
		return newFlow(Script(pass), Calls(pass), sc)
	},
	slot: slotFlow,
}

// flowScratch is the memory of FlowAnalysis's result and graphs, reused
// from file to file by a worker (see scratch.go).
type flowScratch struct {
	info      FlowInfo
	refs      sliceBuf[stmtRef]
	graphs    sliceBuf[funcGraph]
	graphPtrs sliceBuf[*funcGraph]
	// The builder's buffers and arenas (the graphs' nodes, rows and
	// reachability are cut from nodes, ints and bools), kept from the
	// last file: the used part of each is cleared by release.
	nodes  []cfgNode
	lists  []int32
	edges  []cfgEdge
	ints   []int32
	bools  []bool
	arenas bool // the fields above hold the last file's buffers
	// computeWrites' lists.
	gens    sliceBuf[[]int32]
	recs    sliceBuf[nodeCall]
	callees sliceBuf[[]int32]
	summary sliceBuf[[]int32]
	// lazy holds the lists graphs build on demand (chains, predecessors).
	lazy intArena
	// words holds the write sets solveAll and denseOf build, wordLists
	// solveAll's table of them, stamps the graphs' visit marks
	// (reachingDefs): fresh memory per file otherwise.
	words     arena[uint64]
	wordLists arena[[]uint64]
	stamps    arena[uint32]
	// build builds the file's graphs (its arenas are the fields above,
	// handed to it by newFlow), and loop the graphs of
	// FlowInfo.LoopHasExit, one at a time, into loopGraph.
	build     cfgBuilder
	loop      cfgBuilder
	loopGraph funcGraph
}

// release readies sc for the next file.
func (sc *flowScratch) release() {
	sc.info = FlowInfo{}
	sc.lazy.release()
	sc.words.release()
	sc.wordLists.release()
	sc.stamps.release()
	sc.gens.release()
	sc.recs.release()
	sc.callees.release()
	sc.summary.release()
	sc.loop.reset()
	sc.loop.calls = nil
	// Only the stacks are kept: the arenas are the fields above.
	sc.build = cfgBuilder{exits: recycle(sc.build.exits, 0), breaks: recycle(sc.build.breaks, 0)}
	sc.loopGraph = funcGraph{}
	sc.refs.release()
	sc.graphs.release()
	sc.graphPtrs.release()
	if !sc.arenas {
		return
	}
	sc.arenas = false
	// allocInts and allocBools hand out zeroed memory, and the nodes
	// point into the tree: clear what the file used (each arena's
	// length). The other buffers hold no pointers and are overwritten
	// before they are read.
	sc.nodes = recycle(sc.nodes, len(sc.nodes))
	sc.ints = recycle(sc.ints, len(sc.ints))
	sc.bools = recycle(sc.bools, len(sc.bools))
	sc.lists, sc.edges = recycle(sc.lists, 0), recycle(sc.edges, 0)
}

// Flow returns the FlowAnalysis result for the pass's file.
func Flow(pass *Pass) *FlowInfo {
	r, ok := pass.ResultOf(FlowAnalysis).(*FlowInfo)
	if !ok {
		// Only a broken Run function could cause this: a programming error.
		panic("analyzer: FlowAnalysis did not return a *FlowInfo")
	}
	return r
}

// FlowInfo is the result of FlowAnalysis. Some queries compute on first
// use, so it must not be used from several goroutines at once.
type FlowInfo struct {
	script *ScriptInfo
	calls  *CallInfo
	graphs []*funcGraph // parallel to script.idx.funcs
	// refs[i] is the node of statement script.idx.stmts[i] (node 0, the
	// entry, when it has none); extra holds the statements the index does
	// not number, should the builder meet any (see refOf).
	refs  []stmtRef
	extra map[luaast.Stmt]stmtRef
	// refOf's last answer.
	lastStmt luaast.Stmt
	lastRef  stmtRef
	lastOK   bool
	words    int
	// summary[i] is the set of writes function i may perform, including
	// through calls of functions defined in the file (a sorted list of
	// write indexes: most functions perform few of the file's writes).
	summary [][]int32
	// mayRaise[i] says whether function i may raise; computed on first use.
	mayRaise []bool
	// fallsOff[i] memoizes fallsOffEnd for function i: 0 unknown, 1 yes,
	// -1 no.
	fallsOff []int8
	// callSites are the calls of functions defined in the file.
	callSites []callSite
	solved    bool
	// unreached is the number of unreachable nodes of the graphs (exits
	// aside): Unreachable has nothing to look for when it is 0.
	unreached int32
	zero      []uint64 // the empty write set, shared by every graph's chains
	// Scratch buffers of chainSet and reachingDefs.
	pathBuf  []int32
	scratch  []uint64
	stackBuf []int32
	// sc is the memory the graphs and lists above come from.
	sc *flowScratch
}

// callSite is a call of function callee, made at graph node `node` of
// function fn.
type callSite struct {
	fn, node, callee int32
}

type stmtRef struct {
	fn    int32
	node  int32 // the node evaluating the statement (the until test for repeat)
	entry int32 // the node control enters the statement through
}

// refOf returns the node of statement s; false when the graphs have none
// (s is not a statement of the file).
func (f *FlowInfo) refOf(s luaast.Stmt) (stmtRef, bool) {
	// Queries come in runs on one statement (the origins of the reads of
	// one statement, its writes): the last answer is kept.
	if s == f.lastStmt && s != nil {
		return f.lastRef, f.lastOK
	}
	var r stmtRef
	var ok bool
	if i := f.script.idx.stmtIndex(s); i >= 0 {
		// A statement's node is never the entry: 0 marks none.
		r = f.refs[i]
		ok = r.node != entryNode
	} else {
		r, ok = f.extra[s]
	}
	f.lastStmt, f.lastRef, f.lastOK = s, r, ok
	return r, ok
}

// refAt is refOf(s) for the statement of index si in script.idx.stmts
// (-1 when unknown), without the search.
func (f *FlowInfo) refAt(si int32, s luaast.Stmt) (stmtRef, bool) {
	if si >= 0 && int(si) < len(f.refs) {
		r := f.refs[si]
		return r, r.node != entryNode
	}
	return f.refOf(s)
}

const (
	entryNode int32 = 0
	exitNode  int32 = 1
)

type cfgNode struct {
	stmt  luaast.Stmt // nil for entry, exit and a repeat loop's entry
	raise bool        // a call statement that certainly raises
}

type funcGraph struct {
	fn    *luaast.FunctionExpr
	nodes []cfgNode
	// The successors of node n are succ[succStart[n]:succStart[n+1]].
	succStart []int32
	succ      []int32
	reach     []bool
	// unreached counts the nodes other than the exit that reach says are
	// unreachable: most functions have none.
	unreached int32
	// gen[n] lists the writes node n may perform, sorted; nil when none.
	gen [][]int32
	// The predecessors of node n are pred[predStart[n]:predStart[n+1]];
	// computed on first use.
	predStart []int32
	pred      []int32
	// The writes that may have run are solved per chain, a maximal
	// straight-line run of nodes (each but the first has one predecessor,
	// the one before it, which has no other successor), not per node: a
	// dense set per node costs nodes × writes, quadratic in a large main
	// chunk. A node's set is its chain's entry set plus the gen sets of the
	// nodes before it in the chain, built on first query (see inSet).
	// Built by chainsOf when first needed (most graphs of most files
	// never are). entry is the set on entry to the function (nil: empty),
	// set by solveAll.
	chains *chainSets
	entry  []uint64
	// dense, for a small graph (see isDense), replaces chains: the
	// set on entry to node v is dense[v*words:(v+1)*words], solved node
	// by node (entry set included once known). Built by denseOf.
	dense []uint64
	// seen[i] == stamp marks node i as visited by the current
	// reachingDefs query: a query costs the nodes it visits, not a
	// cleared slice of the whole function (quadratic in a large main
	// chunk, where every read of a local is a query).
	seen  []uint32
	stamp uint32
	// arena, when set, is where the lists built on demand are cut from.
	arena *intArena
}

// allocInts returns a zeroed []int32 of length n for g's lists built on
// demand.
func (g *funcGraph) allocInts(n int) []int32 {
	if g.arena != nil {
		return g.arena.alloc(n)
	}
	return make([]int32, n)
}

// chainSets holds a graph's chains and their write sets.
//
// A dense set per chain would still cost chains × writes, quadratic in a
// large main chunk (hundreds of megabytes for a 10 MiB script). The
// analysis has no kills (a write that may have run stays so), so the set
// on entry to chain c is the function's entry set plus the gen sets of
// every reachable chain with a path to c. Every path to c runs through
// its immediate dominator d (in the graph of chains), so
//
//	in(c) = in(d) ∪ gen(d) ∪ gen(chains u with d →+ u →+ c)
//
// (a chain on a cycle through d is already in in(d)). The last two terms
// are delta(c): in structured code the chains between d and c are those
// of the statement just before c (an if's branches, a loop's body), so the
// deltas of a function add up to about its size times its nesting depth.
// A set is materialized only on demand, by or-ing the deltas on the
// dominator path from the nearest materialized ancestor, and every
// checkpointEvery-th level on the way is kept so later queries stop there.
type chainSets struct {
	of    []int32 // per node: its chain; -1 for a node on no chain (unreachable)
	pos   []int32 // per node: its index in its chain
	start []int32 // chain c's nodes are nodes[start[c]:start[c+1]]
	nodes []int32
	// gen(c) is chain c's nodes' gen lists, concatenated:
	// gens[genStart[c]:genStart[c+1]].
	gens     []int32
	genStart []int32
	// firstGen[c] is the position of chain c's first node with a gen
	// set (its length when none): nodes up to it share the chain's set.
	firstGen []int32
	// idom[c] is chain c's immediate dominator (-1 for the entry chain
	// and unreachable chains); depth[c] its depth in the dominator tree.
	idom  []int32
	depth []int32
	// delta(c) is deltas[deltaStart[c]:deltaStart[c+1]] (write indexes,
	// possibly repeated).
	deltaStart []int32
	deltas     []int32
	// set[c] is chain c's materialized entry set (root ∪ deltas on its
	// dominator path), nil until built; root is the function's entry set
	// the sets are built on (nil: empty).
	set  [][]uint64
	root []uint64
	zero []uint64 // the empty set, for unreachable nodes (shared by the graphs)
	memo map[int32][]uint64
	// last is the set most recently built by inSet, at node position
	// lastPos of chain lastChain: queries tend to come in source order,
	// so the next one in the same chain extends it.
	last      []uint64
	lastChain int32
	lastPos   int32
}

// checkpointEvery is how many dominator-tree levels apart materialized
// chain sets are kept: a query ors at most that many deltas, and the sets
// kept cost 1/checkpointEvery of a set per chain.
const checkpointEvery = 32

// succs returns the successors of node n.
func (g *funcGraph) succs(n int32) []int32 { return g.succ[g.succStart[n]:g.succStart[n+1]] }

func newFlow(s *ScriptInfo, c *CallInfo, sc *flowScratch) *FlowInfo {
	f := &sc.info
	*f = FlowInfo{script: s, calls: c, refs: sc.refs.take(len(s.idx.stmts)), sc: sc}
	sc.loop.calls = c
	// The builder's arenas are sized for the whole file: a node per
	// statement plus entry and exit per function (and a few more for
	// repeat loops), about as many edges, so that most files need one
	// allocation each instead of several per function (none once the
	// worker's scratch holds arenas as large).
	nf := len(s.idx.funcs)
	est := s.idx.nstmts + 2*nf + 8
	// The builder lives in the scratch (with its stacks), and raises and
	// records statements through calls and flow, not closures: those
	// were three allocations per file.
	b := &sc.build
	*b = cfgBuilder{calls: c, flow: f, chunk: 3*est + nf, exits: b.exits[:0], breaks: b.breaks[:0]}
	b.nodes = withRoom(sc.nodes, est)
	b.lists = withRoom(sc.lists, est)
	b.edges = withRoom(sc.edges, est+est/4)
	if cap(sc.ints) >= b.chunk {
		b.ints = sc.ints // cleared by release
	}
	if cap(sc.bools) >= b.chunk/2 {
		b.bools = sc.bools
	}
	// The builder's arenas go back to the scratch, with the length used
	// (what release clears), even if building panics (an arena handed
	// out again must be zeroed). When the file needed a second chunk,
	// the last one is kept, the larger.
	defer func() {
		sc.nodes = b.nodes
		sc.lists, sc.edges = b.lists, b.edges
		sc.ints, sc.bools = b.ints, b.bools
		sc.arenas = true
	}()
	ix := s.idx
	b.stmts = ix.stmts
	graphs := sc.graphs.take(nf)
	f.graphs = sc.graphPtrs.take(nf)
	for i, fn := range s.idx.funcs {
		b.fi = int32(i)
		g := &graphs[i]
		g.fn, g.arena = fn, &sc.lazy
		b.next, b.end = ix.funcStmts[i].first, ix.funcStmts[i].end
		b.start(g)
		b.build(fn.Body)
		b.finish()
		f.graphs[i] = g
		f.unreached += g.unreached
	}
	if len(c.writes) > 0 {
		f.computeWrites()
	}
	return f
}

// raises reports whether call (a call statement's call) certainly raises an
// error: error(...) or assert(false/nil, ...). callee is its resolved name.
func raises(call luaast.Expr, callee string) bool {
	switch callee {
	case "error":
		return true
	case "assert":
		x, ok := call.(*luaast.CallExpr)
		if !ok {
			return false
		}
		if len(x.Args) == 0 {
			return true
		}
		switch luaast.Unparen(x.Args[0]).(type) {
		case *luaast.FalseLit, *luaast.NilLit:
			return true
		}
	}
	return false
}

// cfgBuilder builds the graphs of a file's functions, one at a time,
// sharing its buffers between them.
type cfgBuilder struct {
	g *funcGraph
	// Lists being gathered, as stacks: exits holds the exits of the
	// branches of the if statements being built, breaks the break nodes
	// of the loops being built (the innermost's from loopMark-1 on;
	// loopMark is 0 outside loops). A list is copied into the lists arena
	// once complete (popList): gathering each in a slice of its own was an
	// allocation or two per loop and per if.
	exits, breaks []int32
	loopMark      int
	// A call statement certainly raises when raises says so of it and
	// its callee in calls, or, without calls, when isError says so.
	calls   *CallInfo
	isError func(call luaast.Expr) bool
	// The statements' nodes are recorded in flow, as function fi's, or,
	// without flow, passed to onStmt with their index in the script
	// index (-1 when claim did not find it).
	flow   *FlowInfo
	fi     int32
	onStmt func(s luaast.Stmt, si, node, entry int32)
	// stmts are the script index's statements; [next, end) is the part
	// of the current function's range not met yet (see claim).
	stmts     []luaast.Stmt
	next, end int32

	nodes []cfgNode // arena: every graph's nodes are a window of it
	base  int       // start of the current graph's nodes in the arena
	edges []cfgEdge // the current graph's edges, reused
	lists []int32   // arena for the one-node lists stmt returns

	// Arenas the graphs' compressed rows and reachability are cut from,
	// in chunks of at least chunk elements, and scratch buffers.
	chunk int
	ints  []int32
	bools []bool
}

// reset readies b, after a build, for another one in the same buffers:
// the arenas' used parts are cleared (allocInts and allocBools hand out
// zeroed memory), and nothing of the last build stays reachable.
func (b *cfgBuilder) reset() {
	*b = cfgBuilder{calls: b.calls, isError: b.isError, chunk: b.chunk, exits: recycle(b.exits, 0), breaks: recycle(b.breaks, 0),
		nodes: recycle(b.nodes, len(b.nodes)), lists: recycle(b.lists, 0), edges: recycle(b.edges, 0),
		ints: recycle(b.ints, len(b.ints)), bools: recycle(b.bools, len(b.bools))}
	if b.chunk == 0 {
		b.chunk = 64 // a loop's graph: small
	}
}

// allocInts returns a zeroed []int32 of length n from the arena.
func (b *cfgBuilder) allocInts(n int) []int32 {
	if cap(b.ints)-len(b.ints) < n {
		b.ints = make([]int32, 0, max(n, b.chunk))
	}
	l := len(b.ints)
	b.ints = b.ints[:l+n]
	return b.ints[l : l+n : l+n]
}

// allocBools returns a zeroed []bool of length n from the arena.
func (b *cfgBuilder) allocBools(n int) []bool {
	if cap(b.bools)-len(b.bools) < n {
		b.bools = make([]bool, 0, max(n, b.chunk/2))
	}
	l := len(b.bools)
	b.bools = b.bools[:l+n]
	return b.bools[l : l+n : l+n]
}

type cfgEdge struct{ from, to int32 }

// start begins the graph g.
func (b *cfgBuilder) start(g *funcGraph) {
	b.g = g
	b.base = len(b.nodes)
	b.edges = b.edges[:0]
	b.newNode(nil) // entry
	b.newNode(nil) // exit
}

// finish stores the current graph's nodes and edges (as CSR lists), and
// which nodes are reachable from the entry.
//
// Reachability needs no search: Lua 5.1 has no goto, so every edge into
// a node is added before the edges out of it, but for the back edges into
// a loop's head or a repeat loop's entry, which come from the loop's
// body, reachable only through that head. One pass over the edges in the
// order they were added marks every reachable node
// (TestLinkReachMatchesSearch checks it against a search).
func (b *cfgBuilder) finish() {
	g := b.g
	g.nodes = b.nodes[b.base:len(b.nodes):len(b.nodes)]
	n := len(g.nodes)
	g.succStart = b.allocInts(n + 1)
	reach := b.allocBools(n)
	reach[entryNode] = true
	reached := int32(1)
	for _, e := range b.edges {
		g.succStart[e.from+1]++
		if reach[e.from] && !reach[e.to] {
			reach[e.to] = true
			reached++
		}
	}
	g.reach = reach
	g.unreached = int32(n) - reached
	if !reach[exitNode] {
		g.unreached--
	}
	for i := 1; i <= n; i++ {
		g.succStart[i] += g.succStart[i-1]
	}
	// Each edge goes to its node's next free slot, in the order the edges
	// were added; the slots' cursors are the starts themselves, which end
	// up one node further (at the next node's start) and are shifted
	// back: no cursor array to clear.
	g.succ = b.allocInts(len(b.edges))
	start := g.succStart
	for _, e := range b.edges {
		g.succ[start[e.from]] = e.to
		start[e.from]++
	}
	copy(start[1:], start[:n])
	start[0] = 0
}

func (b *cfgBuilder) newNode(s luaast.Stmt) int32 {
	b.nodes = append(b.nodes, cfgNode{stmt: s})
	return int32(len(b.nodes) - 1 - b.base)
}

func (b *cfgBuilder) link(preds []int32, to int32) {
	for _, p := range preds {
		b.edges = append(b.edges, cfgEdge{p, to})
	}
}

// one returns the list {n}. The lists share an arena; each has its
// capacity capped so appending to it copies.
func (b *cfgBuilder) one(n int32) []int32 {
	b.lists = append(b.lists, n)
	l := len(b.lists)
	return b.lists[l-1 : l : l]
}

// popList returns (*stack)[mark:] as a list of the arena (nil when
// empty), and drops it from the stack.
func (b *cfgBuilder) popList(stack *[]int32, mark int) []int32 {
	src := (*stack)[mark:]
	if len(src) == 0 {
		return nil
	}
	l := len(b.lists)
	b.lists = append(b.lists, src...)
	*stack = (*stack)[:mark]
	return b.lists[l:len(b.lists):len(b.lists)]
}

func (b *cfgBuilder) build(body *luaast.Block) {
	var outs []int32
	if body != nil {
		outs = b.block(body, b.one(entryNode))
	} else {
		outs = b.one(entryNode)
	}
	b.link(outs, exitNode)
}

// block adds the statements of blk, entered from preds, and returns the
// nodes that fall out of its end.
func (b *cfgBuilder) block(blk *luaast.Block, preds []int32) []int32 {
	if blk == nil {
		return preds
	}
	for _, s := range blk.Stmts {
		preds = b.stmt(s, preds)
	}
	return preds
}

// raises reports whether a call statement's call certainly raises.
func (b *cfgBuilder) raises(call luaast.Expr) bool {
	if b.calls != nil {
		return raises(call, b.calls.Callee(call))
	}
	return b.isError(call)
}

// record records the nodes of statement s, of index si in the script
// index (-1 when unknown).
func (b *cfgBuilder) record(s luaast.Stmt, si, node, entry int32) {
	f := b.flow
	if f == nil {
		if b.onStmt != nil {
			b.onStmt(s, si, node, entry)
		}
		return
	}
	ref := stmtRef{fn: b.fi, node: node, entry: entry}
	if si < 0 {
		si = f.script.idx.stmtIndex(s)
	}
	if si >= 0 {
		f.refs[si] = ref
		return
	}
	if f.extra == nil {
		f.extra = make(map[luaast.Stmt]stmtRef)
	}
	f.extra[s] = ref
}

// claim returns the index of s in the script index, -1 when it is not
// in the rest of the function's range. The builder meets a function's
// statements in tree order, the order of the index, so s is the next
// statement of the range but for those of nested functions, skipped
// (each statement is skipped at most once per enclosing function): no
// search.
func (b *cfgBuilder) claim(s luaast.Stmt) int32 {
	for b.next < b.end {
		si := b.next
		b.next++
		if b.stmts[si] == s {
			return si
		}
	}
	return -1
}

func (b *cfgBuilder) stmt(s luaast.Stmt, preds []int32) []int32 {
	si := b.claim(s)
	if r, ok := s.(*luaast.RepeatStmt); ok {
		return b.repeat(r, preds, si)
	}
	n := b.newNode(s)
	b.link(preds, n)
	b.record(s, si, n, n)
	self := b.one(n)
	switch s := s.(type) {
	case *luaast.ReturnStmt:
		b.link(self, exitNode)
		return nil
	case *luaast.BreakStmt:
		if b.loopMark > 0 {
			b.breaks = append(b.breaks, n)
		}
		return nil
	case *luaast.CallStmt:
		if b.raises(s.Call) {
			b.nodes[b.base+int(n)].raise = true
			b.link(self, exitNode)
			return nil
		}
	case *luaast.DoStmt:
		return b.block(s.Body, self)
	case *luaast.IfStmt:
		// The branches' exits are gathered on exits (the lists of the
		// ifs nested in a branch are complete, and popped, when it
		// returns).
		mark := len(b.exits)
		for _, c := range s.Clauses {
			enter := self
			if truth, known := constTruth(c.Cond); known && !truth {
				enter = nil // if false then ... end: the body never runs
			}
			outs := b.block(c.Body, enter)
			b.exits = append(b.exits, outs...)
		}
		if s.Else != nil {
			outs := b.block(s.Else, self)
			b.exits = append(b.exits, outs...)
		} else {
			b.exits = append(b.exits, n)
		}
		return b.popList(&b.exits, mark)
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

// loop adds a loop body entered from enter whose end goes back to head;
// the loop leaves through head unless infinite, and through its breaks.
func (b *cfgBuilder) loop(body *luaast.Block, enter []int32, head int32, infinite bool) []int32 {
	saved := b.loopMark
	b.loopMark = len(b.breaks) + 1
	outs := b.block(body, enter)
	b.link(outs, head)
	if !infinite {
		b.breaks = append(b.breaks, head)
	}
	breaks := b.popList(&b.breaks, b.loopMark-1)
	b.loopMark = saved
	return breaks
}

// repeat adds a repeat loop; si is its index in the script index (taken
// before its body's statements, which follow it in tree order).
func (b *cfgBuilder) repeat(s *luaast.RepeatStmt, preds []int32, si int32) []int32 {
	entry := b.newNode(nil)
	b.link(preds, entry)
	saved := b.loopMark
	b.loopMark = len(b.breaks) + 1
	outs := b.block(s.Body, b.one(entry))
	test := b.newNode(s)
	b.link(outs, test)
	b.record(s, si, test, entry)
	truth, known := constTruth(s.Cond)
	if !known || !truth {
		b.link(b.one(test), entry)
	}
	if !known || truth {
		b.breaks = append(b.breaks, test)
	}
	breaks := b.popList(&b.breaks, b.loopMark-1)
	b.loopMark = saved
	return breaks
}

// constTruth returns whether a condition is a literal, and its truth.
func constTruth(e luaast.Expr) (truth, known bool) {
	switch luaast.Unparen(e).(type) {
	case *luaast.TrueLit, *luaast.NumberLit, *luaast.StringLit:
		return true, true
	case *luaast.FalseLit, *luaast.NilLit:
		return false, true
	}
	return false, false
}

// LoopHasExit reports whether a loop statement can end: a while/repeat
// whose condition is not a constant that keeps it looping, or a reachable
// break of this loop, return, or raise (error(...), assert(false)) in its
// body, outside nested functions. Numeric and generic for loops always
// can. Only the global error/assert are recognised here; FlowInfo's method
// also follows local aliases.
func LoopHasExit(loop luaast.Stmt) bool {
	return loopHasExit(loop, func(call luaast.Expr) bool { return raises(call, CalleeName(call)) })
}

// LoopHasExit is the package function LoopHasExit, also recognising local
// aliases of error.
func (f *FlowInfo) LoopHasExit(loop luaast.Stmt) bool {
	if _, ok := loop.(*luaast.RepeatStmt); ok {
		if r, ok := f.refOf(loop); ok && f.graphs[r.fn].reach[r.entry] {
			return repeatHasExit(f.graphs[r.fn], r.entry, r.node)
		}
	}
	return f.buildLoopHasExit(loop)
}

// repeatHasExit is LoopHasExit for a repeat loop whose entry node is
// reachable in its function's graph g, read from g rather than from a
// graph of the loop built for the question: the loop's nodes are
// [entry, test] (the builder makes the entry, the body's nodes, then the
// until test), entered only through the entry, so the same of them are
// reachable in both graphs; and the loop can end when a reachable one has
// an edge leaving the range (to the statement after the loop: the until
// test or a break of this loop; or to the function's exit: a return or a
// raise). TestRepeatHasExitMatchesBuild checks it against the build.
func repeatHasExit(g *funcGraph, entry, test int32) bool {
	for v := entry; v <= test; v++ {
		if !g.reach[v] {
			continue
		}
		for _, s := range g.succs(v) {
			if s < entry || s > test {
				return true
			}
		}
	}
	return false
}

// buildLoopHasExit is LoopHasExit answered by building the loop's graph.
func (f *FlowInfo) buildLoopHasExit(loop luaast.Stmt) bool {
	// Rules ask for every loop: one builder, and one graph, serve all
	// (the builder's isError is newFlow's, which follows aliases).
	b := &f.sc.loop
	b.reset()
	g := &f.sc.loopGraph
	*g = funcGraph{}
	return b.loopHasExit(loop, g)
}

func loopHasExit(loop luaast.Stmt, isError func(luaast.Expr) bool) bool {
	b := &cfgBuilder{isError: isError}
	return b.loopHasExit(loop, &funcGraph{})
}

// loopHasExit is LoopHasExit with b, a new or reset builder, building g.
func (b *cfgBuilder) loopHasExit(loop luaast.Stmt, g *funcGraph) bool {
	b.start(g)
	outs := b.stmt(loop, b.one(entryNode))
	b.finish()
	seen := g.reach
	if seen[exitNode] {
		return true
	}
	for _, o := range outs {
		if seen[o] {
			return true
		}
	}
	return false
}

// Reachable reports whether control can reach statement s from the start
// of its function. Statements the analysis does not know (not in the file)
// are reported reachable.
func (f *FlowInfo) Reachable(s luaast.Stmt) bool {
	r, ok := f.refOf(s)
	if !ok {
		return true
	}
	return f.graphs[r.fn].reach[r.entry]
}

// Successors returns the statements that can run right after s in its
// function (entering a branch or loop body, falling through, looping
// back), in no particular order; the function's end is not listed.
func (f *FlowInfo) Successors(s luaast.Stmt) []luaast.Stmt {
	r, ok := f.refOf(s)
	if !ok {
		return nil
	}
	g := f.graphs[r.fn]
	var out []luaast.Stmt
	seen := map[int32]bool{}
	var visit func(n int32)
	visit = func(n int32) {
		for _, m := range g.succs(n) {
			if seen[m] {
				continue
			}
			seen[m] = true
			if st := g.nodes[m].stmt; st != nil {
				out = append(out, st)
			} else if m != exitNode {
				visit(m) // a repeat loop's entry: look through it
			}
		}
	}
	visit(r.node)
	return out
}

// Unreachable returns, per block, the first statement that cannot run
// although the statement before it can (code after error(...), after a
// loop that never ends, after an if whose branches all return or raise),
// in source order. Later statements of the same run are not listed.
func (f *FlowInfo) Unreachable() []luaast.Stmt {
	if f.unreached == 0 {
		return nil // every statement's node, and repeat entry, is reachable
	}
	// The statements of the index with the one before each in its block,
	// rather than a visit of every block looking each statement up.
	ix := f.script.idx
	reachable := func(si int32) bool {
		r := f.refs[si]
		return r.node == entryNode || f.graphs[r.fn].reach[r.entry] // no node: unknown, reachable
	}
	var out []luaast.Stmt
	for si, prev := range ix.stmtPrev {
		if prev >= 0 && !reachable(int32(si)) && reachable(prev) {
			out = append(out, ix.stmts[si])
		}
	}
	// In source order already, unless the offsets are out of order.
	if len(out) > 1 && !slices.IsSortedFunc(out, func(a, b luaast.Stmt) int { return int(a.Pos() - b.Pos()) }) {
		sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	}
	return out
}

// nodeCall is a call that computeWrites places in its function's graph.
type nodeCall struct {
	fn, node int32
	callee   int // function index, or -1
	write    int // write index, or -1
}

// computeWrites fills per-node gen sets and per-function summaries.
//
// The lists are cut at their exact sizes from the graphs' arena (counted
// first), rather than grown by append from nil: that was an allocation
// per function with writes and per node with writes, several per file.
func (f *FlowInfo) computeWrites() {
	ix := f.script.idx
	f.words = (len(f.calls.writes) + 63) / 64
	nf := len(ix.funcs)
	arena := &f.sc.lazy
	callees := f.sc.callees.take(nf)
	// Summaries start with each function's direct writes.
	f.summary = f.sc.summary.take(nf)
	recs := f.sc.recs.get(0)
	defer func() { f.sc.recs.keep(recs) }()
	// nWrites[i] and nCallees[i] count function i's direct writes and
	// calls of file-defined functions.
	counts := arena.alloc(2 * nf)
	nWrites, nCallees := counts[:nf], counts[nf:]
	nSites := 0
	for i := range ix.calls {
		rec := &ix.calls[i]
		nc := nodeCall{fn: rec.fn, callee: -1, write: -1}
		if call, ok := rec.call.(*luaast.CallExpr); ok {
			// The call's library record, by its index (the map's
			// answer), serves both questions: Of, and the callee
			// calledFunc asks for.
			site := f.calls.siteAt[i]
			if site != nil && site.rc != nil && site.rc.IsWrite {
				nc.write = int(site.rc.wid) - 1
			}
			if callee := f.calledFunc(call, site); callee != nil {
				nc.callee = ix.funcIndex(callee)
			}
		}
		if nc.write < 0 && nc.callee < 0 {
			continue // most calls: no need to find their node
		}
		r, ok := f.refAt(rec.si, rec.stmt)
		if !ok {
			continue
		}
		nc.node = r.node
		recs = append(recs, nc)
		if nc.write >= 0 {
			nWrites[rec.fn]++
		}
		if nc.callee >= 0 {
			nCallees[rec.fn]++
			nSites++
		}
	}
	for i := range nf {
		if n := int(nWrites[i]); n > 0 {
			f.summary[i] = arena.alloc(n)[:0]
		}
		if n := int(nCallees[i]); n > 0 {
			callees[i] = arena.alloc(n)[:0]
		}
	}
	if nSites > 0 {
		f.callSites = make([]callSite, 0, nSites)
	}
	for _, nc := range recs {
		if nc.write >= 0 {
			f.summary[nc.fn] = append(f.summary[nc.fn], int32(nc.write))
		}
		if nc.callee >= 0 {
			callees[nc.fn] = append(callees[nc.fn], int32(nc.callee))
			f.callSites = append(f.callSites, callSite{fn: nc.fn, node: nc.node, callee: int32(nc.callee)})
		}
	}
	if nSites == 0 {
		// No function calls one of the file (most files): every
		// summary is its function's direct writes, summarize's leaf case,
		// without its search of the call graph.
		// TestSummarizeWithoutCalls checks it against summarize.
		f.summary = leafSummaries(f.summary)
	} else {
		f.summary = summarize(f.summary, callees)
	}
	total := 0
	for _, g := range f.graphs {
		total += len(g.nodes)
	}
	genSlab := f.sc.gens.take(total) // one slice for every graph
	for _, g := range f.graphs {
		g.gen, genSlab = genSlab[:len(g.nodes):len(g.nodes)], genSlab[len(g.nodes):]
	}
	// Each node's gen list: its calls' writes and their callees'
	// summaries, sized first (a node may hold several calls).
	// size[base[i]+n] is the size of node n of function i.
	size, base := arena.alloc(total), arena.alloc(nf)
	for i := 1; i < nf; i++ {
		base[i] = base[i-1] + int32(len(f.graphs[i-1].nodes))
	}
	for _, nc := range recs {
		k := base[nc.fn] + nc.node
		if nc.write >= 0 {
			size[k]++
		}
		if nc.callee >= 0 {
			size[k] += int32(len(f.summary[nc.callee]))
		}
	}
	for _, nc := range recs {
		g := f.graphs[nc.fn]
		if k := base[nc.fn] + nc.node; g.gen[nc.node] == nil && size[k] > 0 {
			g.gen[nc.node] = arena.alloc(int(size[k]))[:0]
		}
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

// sortSet sorts the list s and removes duplicates, in place.
func sortSet(s []int32) []int32 {
	slices.Sort(s)
	return slices.Compact(s)
}

// leafSummaries is summarize(direct, callees) when no function has a
// callee: each list sorted, in place.
func leafSummaries(direct [][]int32) [][]int32 {
	for i, d := range direct {
		direct[i] = sortSet(d)
	}
	return direct
}

// summarize returns the least fixpoint of summary[i] = direct[i] ∪ the
// summaries of callees[i], as sorted lists (direct is reused). It solves
// the strongly connected components of the call graph callees first
// (Tarjan's algorithm emits them in that order): every function of a
// component reaches the others, so they share one summary, and each list
// is built once. Iterating unions over the call edges to a fixpoint
// instead costs a round per link of the longest call chain, each round
// re-merging every caller's list.
func summarize(direct [][]int32, callees [][]int32) [][]int32 {
	n := len(direct)
	summary := direct
	const unvisited = -1
	index := make([]int32, 3*n)
	low, comp := index[n:2*n], index[2*n:]
	index = index[:n]
	for i := range index {
		index[i], comp[i] = unvisited, unvisited
	}
	var stack, members []int32
	type frame struct{ v, next int32 }
	var frames []frame
	counter, ncomp := int32(0), int32(0)
	for root := range int32(n) {
		if index[root] != unvisited {
			continue
		}
		frames = append(frames[:0], frame{root, 0})
		index[root], low[root] = counter, counter
		counter++
		stack = append(stack, root)
		for len(frames) > 0 {
			fr := &frames[len(frames)-1]
			v := fr.v
			if int(fr.next) < len(callees[v]) {
				w := callees[v][fr.next]
				fr.next++
				switch {
				case index[w] == unvisited:
					index[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					frames = append(frames, frame{w, 0})
				case comp[w] == unvisited: // on the stack
					low[v] = min(low[v], index[w])
				}
				continue
			}
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				u := frames[len(frames)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			// v roots a component: its members are on the stack down to
			// v, and every component they call is already summarized.
			members = members[:0]
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				comp[w] = ncomp
				members = append(members, w)
				if w == v {
					break
				}
			}
			if len(members) == 1 && len(callees[v]) == 0 {
				summary[v] = sortSet(direct[v]) // the common leaf: in place
				ncomp++
				continue
			}
			var set []int32
			for _, m := range members {
				set = append(set, direct[m]...)
				for _, c := range callees[m] {
					if comp[c] != ncomp {
						set = append(set, summary[c]...)
					}
				}
			}
			set = sortSet(set)
			for _, m := range members {
				summary[m] = set
			}
			ncomp++
		}
	}
	return summary
}

// orList adds the writes listed in l to the set dst.
func orList(dst []uint64, l []int32) {
	for _, i := range l {
		setBit(dst, int(i))
	}
}

// calledFunc returns the file-defined function a call runs right away: its
// callee, or the function passed to pcall/xpcall.
// site is call's library record (CallInfo.Site).
func (f *FlowInfo) calledFunc(call *luaast.CallExpr, site *CallSite) *luaast.FunctionExpr {
	if fn := f.calls.LocalFunc(call); fn != nil {
		return fn
	}
	if site != nil {
		switch site.Callee {
		case "pcall", "xpcall":
			if len(call.Args) > 0 {
				return f.script.idx.resolveFunc(call.Args[0])
			}
		}
	}
	return nil
}

func setBit(s []uint64, i int) { s[i/64] |= 1 << (uint(i) % 64) }

// orInto ors src into dst and reports whether dst changed.
func orInto(dst, src []uint64) bool {
	changed := false
	for i, w := range src {
		if dst[i]|w != dst[i] {
			dst[i] |= w
			changed = true
		}
	}
	return changed
}

// solveAll computes, for every function, the writes that may have run on
// entry to it (the writes that may have run before any of its calls in the
// file, iterated to a fixpoint across functions), the root of the chain
// sets inSet builds.
func (f *FlowInfo) solveAll() {
	// Chains are built for the graphs that need them: those making calls
	// of file-defined functions now, the others on their first query
	// (most functions of most files never have one).
	f.zero = f.sc.words.alloc(f.words) // shared: one per graph is quadratic
	for _, cs := range f.callSites {
		f.prepare(f.graphs[cs.fn])
	}
	// The call sites by function, chain and position, so that the local
	// sets on entry to them are built in one pass over each chain.
	sites := append([]callSite(nil), f.callSites...)
	sort.SliceStable(sites, func(i, j int) bool {
		a, b := sites[i], sites[j]
		if a.fn != b.fn {
			return a.fn < b.fn
		}
		if f.graphs[a.fn].dense != nil {
			return a.node < b.node
		}
		ca, cb := f.graphs[a.fn].chains, f.graphs[b.fn].chains
		if ca.of[a.node] != cb.of[b.node] {
			return ca.of[a.node] < cb.of[b.node]
		}
		return ca.pos[a.node] < cb.pos[b.node]
	})
	// entries[i] is the set on entry to function i (nil: empty). It
	// starts with the writes of the callers' own bodies before each call
	// (their chain or dense sets are built on an empty root), then takes the
	// callers' entry sets, to a fixpoint.
	entries := f.sc.wordLists.alloc(len(f.graphs))
	type edge struct{ caller, callee int32 }
	var edges []edge
	w := f.words
	out := f.sc.words.alloc(w)
	prevFn, prevChain, next := int32(-1), int32(-1), int32(0)
	for _, cs := range sites {
		g := f.graphs[cs.fn]
		if g.dense != nil {
			if !g.reach[cs.node] {
				continue
			}
			// The local set (no entry set yet) is the node's own.
			copy(out, g.dense[int(cs.node)*w:(int(cs.node)+1)*w])
			prevFn = -1 // the next chain graph starts afresh
		} else {
			ch := g.chains
			c := ch.of[cs.node]
			if c < 0 || !g.reach[cs.node] {
				continue // unreachable: nothing has run before it
			}
			if cs.fn != prevFn || c != prevChain {
				prevFn, prevChain, next = cs.fn, c, 0
				f.buildChainSet(out, g, c)
			}
			for p := ch.pos[cs.node]; next < p; next++ {
				orList(out, g.gen[ch.nodes[ch.start[c]+next]])
			}
		}
		if entries[cs.callee] == nil {
			entries[cs.callee] = f.sc.words.alloc(w)
		}
		orInto(entries[cs.callee], out)
		edges = append(edges, edge{cs.fn, cs.callee})
	}
	for changed := true; changed; {
		changed = false
		for _, e := range edges {
			src := entries[e.caller]
			if src == nil {
				continue
			}
			if orInto(entries[e.callee], src) {
				changed = true
			}
		}
	}
	// The chain and dense sets built so far have an empty root; those of
	// functions that start with writes are rebuilt on their entry set (the
	// dense sets take it in place).
	for i, g := range f.graphs {
		if e := entries[i]; e != nil && !isZero(e) {
			g.entry = e
			if g.dense != nil {
				f.addDenseEntry(g, e)
			}
			if ch := g.chains; ch != nil {
				ch.root = e
				clear(ch.set)
				ch.memo, ch.last, ch.lastChain = nil, nil, -1
			}
		}
	}
	f.solved = true
}

// denseMaxNodes and denseMaxWords bound the graphs whose write sets are
// solved densely, a set per node (nodes × words): for those that is a few
// passes over the edges, cheaper than building the chains and their
// dominators (most functions are small), and the memory is small.
const (
	denseMaxNodes = 128
	denseMaxWords = 1024
)

// isDense reports whether g's write sets are solved densely.
func (f *FlowInfo) isDense(g *funcGraph) bool {
	return len(g.nodes) <= denseMaxNodes && len(g.nodes)*f.words <= denseMaxWords
}

// prepare builds what g's write sets are read from: its dense sets or
// its chains.
func (f *FlowInfo) prepare(g *funcGraph) {
	if f.isDense(g) {
		f.denseOf(g)
	} else {
		f.chainsOf(g)
	}
}

// denseOf returns g's per-node sets (see funcGraph.dense), solving them on
// first use: in(v) is the union over v's predecessors p of in(p) ∪
// gen(p), plus the function's entry set, for a reachable v; empty for an
// unreachable one. Nodes are numbered in tree order, so a pass in node
// order follows every edge but the loops' back edges: the passes to the
// fixpoint are about the loops' nesting depth.
func (f *FlowInfo) denseOf(g *funcGraph) []uint64 {
	if g.dense != nil {
		return g.dense
	}
	w := f.words
	n := len(g.nodes)
	d := f.sc.words.alloc(n * w)
	g.dense = d
	if f.scratch == nil || len(f.scratch) < w {
		f.scratch = make([]uint64, w)
	}
	out := f.scratch[:w]
	for changed := true; changed; {
		changed = false
		if w == 1 {
			// At most 64 writes (most files): the sets are words.
			for v := range n {
				if !g.reach[v] {
					continue
				}
				o := d[v]
				for _, i := range g.gen[v] {
					o |= 1 << uint(i)
				}
				for _, x := range g.succs(int32(v)) {
					if d[x]|o != d[x] {
						d[x] |= o
						changed = true
					}
				}
			}
			continue
		}
		for v := range n {
			if !g.reach[v] {
				continue // no set flows from an unreachable node
			}
			ss := g.succs(int32(v))
			if len(ss) == 0 {
				continue
			}
			copy(out, d[v*w:(v+1)*w])
			orList(out, g.gen[v])
			for _, x := range ss {
				if orInto(d[int(x)*w:(int(x)+1)*w], out) {
					changed = true
				}
			}
		}
	}
	if g.entry != nil {
		f.addDenseEntry(g, g.entry)
	}
	return d
}

// addDenseEntry adds the entry set e to the sets of g's reachable nodes
// (idempotent: the sets are unions).
func (f *FlowInfo) addDenseEntry(g *funcGraph, e []uint64) {
	w := f.words
	for v := range g.nodes {
		if g.reach[v] {
			orInto(g.dense[v*w:(v+1)*w], e)
		}
	}
}

// chainsOf returns g's chains, building them on first use.
func (f *FlowInfo) chainsOf(g *funcGraph) *chainSets {
	if g.chains == nil {
		g.buildChains(f.zero)
		g.chains.root = g.entry
	}
	return g.chains
}

func isZero(s []uint64) bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// buildChains splits g's nodes into chains, finds the chains' dominators
// and computes their deltas (see chainSets); zero is the empty set.
func (g *funcGraph) buildChains(zero []uint64) {
	n := len(g.nodes)
	g.predecessors()
	leads := func(v int32) bool {
		ps := g.preds(v)
		if v == entryNode || len(ps) != 1 {
			return true
		}
		p := ps[0]
		return p == v || len(g.succs(p)) != 1
	}
	nc := 0
	for v := range int32(n) {
		if leads(v) {
			nc++
		}
	}
	// The per-node and per-chain lists share one allocation.
	slab := g.allocInts(3*n + 8*nc + 3)
	cut := func(k int) []int32 {
		l := slab[:k:k]
		slab = slab[k:]
		return l
	}
	ch := &chainSets{zero: zero, lastChain: -1}
	g.chains = ch
	ch.of, ch.pos, ch.nodes = cut(n), cut(n), cut(n)[:0]
	ch.start, ch.firstGen, ch.genStart = cut(nc + 1)[:0], cut(nc), cut(nc+1)
	ch.idom, ch.depth, ch.deltaStart = cut(nc), cut(nc), cut(nc+1)
	scratch := cut(2 * nc) // for chainDominators, then chainDeltas
	for i := range ch.of {
		ch.of[i] = -1
	}
	for v := range int32(n) {
		if !leads(v) {
			continue
		}
		c := int32(len(ch.start))
		ch.start = append(ch.start, int32(len(ch.nodes)))
		// A node that does not lead has one predecessor, so one walk
		// reaches it; a chain ends before the next leader.
		for cur, pos := v, int32(0); ; pos++ {
			ch.of[cur], ch.pos[cur] = c, pos
			ch.nodes = append(ch.nodes, cur)
			ss := g.succs(cur)
			if len(ss) != 1 || leads(ss[0]) {
				break
			}
			cur = ss[0]
		}
	}
	ch.start = append(ch.start, int32(len(ch.nodes)))
	ch.set = make([][]uint64, nc)
	total := 0
	for _, gen := range g.gen {
		total += len(gen)
	}
	ch.gens = make([]int32, 0, total)
	for c := range nc {
		ch.genStart[c] = int32(len(ch.gens))
		ch.firstGen[c] = ch.start[c+1] - ch.start[c]
		for k, v := range ch.nodes[ch.start[c]:ch.start[c+1]] {
			if gen := g.gen[v]; len(gen) > 0 {
				if int32(len(ch.gens)) == ch.genStart[c] {
					ch.firstGen[c] = int32(k)
				}
				ch.gens = append(ch.gens, gen...)
			}
		}
	}
	ch.genStart[nc] = int32(len(ch.gens))
	g.chainDominators(scratch)
	g.chainDeltas(scratch)
}

// gen returns the gen lists of chain c's nodes, concatenated.
func (ch *chainSets) gen(c int32) []int32 { return ch.gens[ch.genStart[c]:ch.genStart[c+1]] }

// chainPreds returns the chains whose last node precedes chain c's first
// node (every predecessor of a chain's first node ends its chain), as
// node indexes: map them with chains.of.
func (g *funcGraph) chainPreds(c int32) []int32 {
	return g.preds(g.chains.nodes[g.chains.start[c]])
}

// chainSuccs returns the nodes that follow chain c's last node: the first
// nodes of its successor chains.
func (g *funcGraph) chainSuccs(c int32) []int32 {
	return g.succs(g.chains.nodes[g.chains.start[c+1]-1])
}

// chainDominators computes the immediate dominator of every reachable
// chain (Cooper, Harvey and Kennedy's iterative algorithm over reverse
// postorder: Lua 5.1 has no goto, so the graphs are reducible and it
// converges in two passes).
// scratch holds 2 × (number of chains) elements.
func (g *funcGraph) chainDominators(scratch []int32) {
	ch := g.chains
	nc := int32(len(ch.set))
	for i := range ch.idom {
		ch.idom[i] = -1
	}
	root := ch.of[entryNode]
	// Reverse postorder of the reachable chains, by an iterative DFS.
	rpo := scratch[:0:nc]
	num := scratch[nc : 2*nc] // postorder number + 1; 0 = not visited
	type frame struct{ c, next int32 }
	stack := []frame{{root, 0}}
	num[root] = -1
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := g.chainSuccs(top.c)
		if int(top.next) < len(succs) {
			d := ch.of[succs[top.next]]
			top.next++
			if d >= 0 && num[d] == 0 && g.reach[succs[top.next-1]] {
				num[d] = -1
				stack = append(stack, frame{d, 0})
			}
			continue
		}
		rpo = append(rpo, top.c)
		num[top.c] = int32(len(rpo))
		stack = stack[:len(stack)-1]
	}
	slices.Reverse(rpo)
	// num is now a postorder number: a dominator has a larger one.
	intersect := func(a, b int32) int32 {
		for a != b {
			for num[a] < num[b] {
				a = ch.idom[a]
			}
			for num[b] < num[a] {
				b = ch.idom[b]
			}
		}
		return a
	}
	ch.idom[root] = root
	for changed := true; changed; {
		changed = false
		for _, c := range rpo[1:] {
			nd := int32(-1)
			for _, p := range g.chainPreds(c) {
				pc := ch.of[p]
				if pc < 0 || ch.idom[pc] < 0 {
					continue // unreachable, or not processed yet
				}
				if nd < 0 {
					nd = pc
				} else {
					nd = intersect(pc, nd)
				}
			}
			if ch.idom[c] != nd {
				ch.idom[c] = nd
				changed = true
			}
		}
	}
	ch.idom[root] = -1
	for _, c := range rpo[1:] {
		ch.depth[c] = ch.depth[ch.idom[c]] + 1
	}
}

// chainDeltas computes delta(c) for every reachable chain: the gen sets of
// its immediate dominator d and of the chains met walking backwards from
// c without crossing d.
// scratch holds at least as many elements as there are chains.
func (g *funcGraph) chainDeltas(scratch []int32) {
	ch := g.chains
	nc := int32(len(ch.set))
	mark := scratch[:nc] // mark[u] == c+1: u visited for chain c
	clear(mark)
	var stack []int32
	for c := range nc {
		ch.deltaStart[c] = int32(len(ch.deltas))
		d := ch.idom[c]
		if d < 0 {
			continue // the entry chain, or unreachable
		}
		ch.deltas = append(ch.deltas, ch.gen(d)...)
		mark[d] = c + 1
		stack = stack[:0]
		for _, p := range g.chainPreds(c) {
			if u := ch.of[p]; u >= 0 && g.reach[p] && mark[u] != c+1 {
				mark[u] = c + 1
				stack = append(stack, u)
			}
		}
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			ch.deltas = append(ch.deltas, ch.gen(u)...)
			for _, p := range g.chainPreds(u) {
				// The predecessors of an unreachable node are unreachable.
				if x := ch.of[p]; x >= 0 && g.reach[p] && mark[x] != c+1 {
					mark[x] = c + 1
					stack = append(stack, x)
				}
			}
		}
	}
	ch.deltaStart[nc] = int32(len(ch.deltas))
}

// chainSet returns the set on entry to reachable chain c of g: its root
// (the function's entry set, once solveAll has it) plus the deltas on its
// dominator path. The set is the analysis's own: not to be modified.
func (f *FlowInfo) chainSet(g *funcGraph, c int32) []uint64 {
	if s := g.chains.set[c]; s != nil {
		return s
	}
	if f.scratch == nil {
		f.scratch = make([]uint64, f.words)
	}
	f.buildChainSet(f.scratch, g, c)
	s := slices.Clone(f.scratch)
	g.chains.set[c] = s
	return s
}

// buildChainSet writes chain c's entry set (see chainSet) into dst,
// keeping the checkpoints met on the way but not the set itself.
func (f *FlowInfo) buildChainSet(dst []uint64, g *funcGraph, c int32) {
	ch := g.chains
	path := f.pathBuf[:0]
	x := c
	for x >= 0 && ch.set[x] == nil {
		path = append(path, x)
		x = ch.idom[x]
	}
	f.pathBuf = path
	switch {
	case x >= 0:
		copy(dst, ch.set[x])
	case ch.root != nil:
		copy(dst, ch.root)
	default:
		clear(dst)
	}
	for i := len(path) - 1; i >= 0; i-- {
		y := path[i]
		orList(dst, ch.deltas[ch.deltaStart[y]:ch.deltaStart[y+1]])
		if i > 0 && ch.depth[y]%checkpointEvery == 0 {
			ch.set[y] = slices.Clone(dst)
		}
	}
}

// inSet returns the writes that may have run on entry to node v of g
// (after solveAll): for a small graph its dense set, else its chain's
// entry set plus the gen sets of the nodes before it in the chain. The
// set is the analysis's own: not to be modified.
func (f *FlowInfo) inSet(g *funcGraph, v int32) []uint64 {
	if f.isDense(g) {
		d := f.denseOf(g)
		w := f.words
		return d[int(v)*w : (int(v)+1)*w : (int(v)+1)*w]
	}
	return f.chainInSet(g, v)
}

// chainInSet is inSet for a graph solved by chains.
func (f *FlowInfo) chainInSet(g *funcGraph, v int32) []uint64 {
	ch := f.chainsOf(g)
	c := ch.of[v]
	if c < 0 || !g.reach[v] {
		return ch.zero // nothing runs before an unreachable node
	}
	first, p := ch.start[c], ch.pos[v]
	if p <= ch.firstGen[c] {
		return f.chainSet(g, c) // no writes between the chain's start and v
	}
	if set, ok := ch.memo[v]; ok {
		return set
	}
	set := make([]uint64, len(ch.zero))
	k := ch.firstGen[c]
	if ch.lastChain == c && ch.lastPos <= p {
		copy(set, ch.last)
		k = ch.lastPos
	} else {
		copy(set, f.chainSet(g, c))
	}
	for ; k < p; k++ {
		orList(set, g.gen[ch.nodes[first+k]])
	}
	if ch.memo == nil {
		ch.memo = make(map[int32][]uint64)
	}
	ch.memo[v] = set
	ch.last, ch.lastChain, ch.lastPos = set, c, p
	return set
}

// stmtAt returns the innermost statement of fn's body that contains pos
// (for a position in an if condition, the if statement; in a loop header,
// the loop).
func stmtAt(fn *luaast.FunctionExpr, pos luaast.Pos) luaast.Stmt {
	var found luaast.Stmt
	blk := fn.Body
	for blk != nil {
		// The statements of a block are in order and do not overlap: the
		// one containing pos, if any, is the last starting at or before
		// it. Searching on Pos asks End (which may walk down the
		// statement's last expression) only once, of that statement.
		stmts := blk.Stmts
		lo, hi := 0, len(stmts)
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if stmts[m].Pos() <= pos {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo == 0 || stmts[lo-1].End() <= pos {
			return found
		}
		s := stmts[lo-1]
		found = s
		blk = blockAt(s, pos)
	}
	return found
}

// blockAt returns the block directly inside statement s (a loop's or do's
// body, an if clause's or else block) that holds pos, or nil.
func blockAt(s luaast.Stmt, pos luaast.Pos) *luaast.Block {
	inside := func(b *luaast.Block) bool { return b != nil && b.Pos() <= pos && pos < b.End() }
	var body *luaast.Block
	switch s := s.(type) {
	case *luaast.DoStmt:
		body = s.Body
	case *luaast.WhileStmt:
		body = s.Body
	case *luaast.RepeatStmt:
		body = s.Body
	case *luaast.NumericForStmt:
		body = s.Body
	case *luaast.GenericForStmt:
		body = s.Body
	case *luaast.IfStmt:
		for _, c := range s.Clauses {
			if inside(c.Body) {
				return c.Body
			}
		}
		if inside(s.Else) {
			return s.Else
		}
		return nil
	}
	if inside(body) {
		return body
	}
	return nil
}

// WritesBefore returns the write command calls (RedisCall.IsWrite) that may
// have run, on some path, before the statement containing n starts: writes
// of earlier statements, of earlier iterations of an enclosing loop, writes
// inside functions defined in the file that those statements call, and,
// when n is in a function defined in the file, the writes that may have run
// before any call of that function in the file (a registered callback or a
// function only passed around as a value starts with none). Writes in the
// same statement as n are not included (arguments run before the call that
// contains them), except through a loop's back edge: for a loop statement
// itself, or a node in its header, the writes of earlier iterations count.
// The result is in source order; nil when there is none or n is
// unreachable.
func (f *FlowInfo) WritesBefore(n luaast.Node) []*RedisCall {
	return f.writeList(f.beforeSet(n))
}

// WritesBeforeSeq yields WritesBefore(n) in the same order, without
// building the list: a caller that looks for the first write meeting some
// condition stops early (in a large function the list is long, and a rule
// asking at many points would pay for it at each).
func (f *FlowInfo) WritesBeforeSeq(n luaast.Node) iter.Seq[*RedisCall] {
	set := f.beforeSet(n)
	return func(yield func(*RedisCall) bool) {
		for i, w := range set {
			for w != 0 {
				b := bits.TrailingZeros64(w)
				w &^= 1 << uint(b)
				if !yield(f.calls.writes[i*64+b]) {
					return
				}
			}
		}
	}
}

// FirstWriteBefore returns the first of WritesBefore(n), in the same
// order, for which ok returns true (nil when none does), without building
// the list. It is WritesBeforeSeq for a caller that stops at the first
// match, without its allocations: an iterator that outlives the call (and
// so the loop body it calls) lives on the heap, while ok here does not
// escape.
func (f *FlowInfo) FirstWriteBefore(n luaast.Node, ok func(*RedisCall) bool) *RedisCall {
	for i, w := range f.beforeSet(n) {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			w &^= 1 << uint(b)
			if c := f.calls.writes[i*64+b]; ok(c) {
				return c
			}
		}
	}
	return nil
}

// HasWriteBefore reports whether w is among WritesBefore(n), without
// building the list.
func (f *FlowInfo) HasWriteBefore(n luaast.Node, w *RedisCall) bool {
	return w != nil && w.wid > 0 && hasBit(f.beforeSet(n), int(w.wid)-1)
}

// beforeSet returns the set behind WritesBefore(n); nil when unknown. The
// set is the analysis's own: not to be modified.
func (f *FlowInfo) beforeSet(n luaast.Node) []uint64 {
	if f.words == 0 || n == nil {
		return nil
	}
	var ref stmtRef
	var ok bool
	if s, isStmt := n.(luaast.Stmt); isStmt {
		// The statement itself: where control enters it (for repeat, the
		// start of the body rather than the until test).
		if ref, ok = f.refOf(s); ok {
			ref.node = ref.entry
		}
	}
	if !ok {
		fn := f.script.EnclosingFunc(n)
		s := stmtAt(fn, n.Pos())
		if s == nil {
			return nil
		}
		if ref, ok = f.refOf(s); !ok {
			return nil
		}
	}
	if !f.solved {
		f.solveAll()
	}
	return f.inSet(f.graphs[ref.fn], ref.node)
}

// WritesAfterHead returns the write command calls that may have run once
// statement s's own node has been evaluated: WritesBefore(s) plus the
// writes of s's own expressions (and of file-defined functions they call).
// For an if statement that is every write that may have run when one of
// its bodies is entered, conditions included; a write in a body that is
// not listed can only have run after that branch was chosen. For a loop
// it is its header (the until test for repeat). In source order; nil when
// there is none or s is unknown.
func (f *FlowInfo) WritesAfterHead(s luaast.Stmt) []*RedisCall {
	in, gen := f.headSets(s)
	if in == nil {
		return nil
	}
	set := append([]uint64(nil), in...)
	orList(set, gen)
	return f.writeList(set)
}

// HasWriteAfterHead reports whether w is among WritesAfterHead(s), without
// building the list.
func (f *FlowInfo) HasWriteAfterHead(s luaast.Stmt, w *RedisCall) bool {
	if w == nil || w.wid == 0 {
		return false
	}
	i := int(w.wid) - 1
	in, gen := f.headSets(s)
	_, inGen := slices.BinarySearch(gen, int32(i))
	return hasBit(in, i) || inGen
}

// headSets returns the writes that may have run on entry to s's own node
// and the writes of that node (nil when none); in is nil when s is unknown.
func (f *FlowInfo) headSets(s luaast.Stmt) (in []uint64, gen []int32) {
	if f.words == 0 || s == nil {
		return nil, nil
	}
	ref, ok := f.refOf(s)
	if !ok {
		return nil, nil
	}
	if !f.solved {
		f.solveAll()
	}
	g := f.graphs[ref.fn]
	return f.inSet(g, ref.node), g.gen[ref.node]
}

// hasBit reports whether bit i is set in s (false for a nil set).
func hasBit(s []uint64, i int) bool { return i/64 < len(s) && s[i/64]&(1<<(uint(i)%64)) != 0 }

// writeList returns the write calls in set, in source order.
func (f *FlowInfo) writeList(set []uint64) []*RedisCall {
	var out []*RedisCall
	for i, w := range set {
		for w != 0 {
			b := bits.TrailingZeros64(w)
			w &^= 1 << uint(b)
			out = append(out, f.calls.writes[i*64+b])
		}
	}
	return out
}

// FuncWrites returns the write command calls fn may perform when called,
// directly or through functions defined in the file that it calls, in
// source order.
func (f *FlowInfo) FuncWrites(fn *luaast.FunctionExpr) []*RedisCall {
	if f.words == 0 {
		return nil
	}
	i := f.script.idx.funcIndex(fn)
	if i < 0 {
		return nil
	}
	var out []*RedisCall
	for _, w := range f.summary[i] {
		out = append(out, f.calls.writes[w])
	}
	return out
}

// reachingDefs walks backwards from node n of function fn (not counting n
// itself unless a loop leads back to it), stopping at the nodes listed in
// defNodes: it sets reached[i] when defNodes[i] is met first on some path,
// and reports whether some path reaches the function's entry without
// meeting one. defNodes is short (a local's defs), so it is scanned.
func (f *FlowInfo) reachingDefs(fn, n int32, defNodes []int32, reached []bool) (atEntry bool) {
	g := f.graphs[fn]
	g.predecessors()
	g.stamp++
	if g.seen == nil || g.stamp == 0 {
		g.seen, g.stamp = f.sc.stamps.alloc(len(g.nodes)), 1
	}
	seen, stamp := g.seen, g.stamp
	stack := f.stackBuf[:0] // reuse the scratch stack
	stack = append(stack, g.preds(n)...)
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[m] == stamp {
			continue
		}
		seen[m] = stamp
		isDef := false
		for i, d := range defNodes {
			if d == m {
				reached[i], isDef = true, true
			}
		}
		if isDef {
			continue
		}
		if m == entryNode {
			atEntry = true
			continue
		}
		stack = append(stack, g.preds(m)...)
	}
	f.stackBuf = stack
	return atEntry
}

// predecessors computes (once) the predecessor lists of g's nodes, as
// compressed rows like the successors.
func (g *funcGraph) predecessors() {
	if g.predStart != nil {
		return
	}
	n := len(g.nodes)
	e := len(g.succ)
	slab := g.allocInts(2*n + 1 + e) // one allocation for the three lists
	g.predStart, g.pred = slab[:n+1:n+1], slab[n+1:n+1+e:n+1+e]
	for _, s := range g.succ {
		g.predStart[s+1]++
	}
	for i := 1; i <= n; i++ {
		g.predStart[i] += g.predStart[i-1]
	}
	fill := slab[n+1+e:]
	for i := range int32(n) {
		for _, s := range g.succs(i) {
			g.pred[g.predStart[s]+fill[s]] = i
			fill[s]++
		}
	}
}

// preds returns the predecessors of node n (after predecessors).
func (g *funcGraph) preds(n int32) []int32 { return g.pred[g.predStart[n]:g.predStart[n+1]] }

// MayRaise reports whether calling fn may raise an error explicitly: a
// reachable error(...) or assert(false, ...) statement in its body, or a
// reachable call of a function defined in the file that may raise (calls
// through pcall do not count). Runtime errors (a failing redis.call, bad
// arithmetic) are not considered.
func (f *FlowInfo) MayRaise(fn *luaast.FunctionExpr) bool {
	i := f.script.idx.funcIndex(fn)
	if i < 0 {
		return false
	}
	if f.mayRaise == nil {
		f.computeMayRaise()
	}
	return f.mayRaise[i]
}

func (f *FlowInfo) computeMayRaise() {
	ix := f.script.idx
	f.mayRaise = make([]bool, len(ix.funcs))
	for i, g := range f.graphs {
		for n, nd := range g.nodes {
			if nd.raise && g.reach[n] {
				f.mayRaise[i] = true
				break
			}
		}
	}
	// callers[j] lists the functions whose reachable code calls j
	// directly; raising spreads from callees to callers, breadth first
	// (each function once, whatever the length of the call chains).
	callers := make([][]int32, len(ix.funcs))
	for i := range ix.calls {
		rec := &ix.calls[i]
		call, ok := rec.call.(*luaast.CallExpr)
		if !ok {
			continue
		}
		r, ok := f.refAt(rec.si, rec.stmt)
		if !ok || !f.graphs[r.fn].reach[r.node] {
			continue
		}
		// A function run under pcall does not raise into the caller.
		if fn := f.calls.LocalFunc(call); fn != nil {
			if j := ix.funcIndex(fn); j >= 0 {
				callers[j] = append(callers[j], rec.fn)
			}
		}
	}
	var queue []int32
	for i, r := range f.mayRaise {
		if r {
			queue = append(queue, int32(i))
		}
	}
	for len(queue) > 0 {
		j := queue[0]
		queue = queue[1:]
		for _, c := range callers[j] {
			if !f.mayRaise[c] {
				f.mayRaise[c] = true
				queue = append(queue, c)
			}
		}
	}
}
