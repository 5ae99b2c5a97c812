package luaast

// Batch allocation of tree nodes. A parse allocates hundreds of thousands
// of small nodes; taking them from slabs instead of one heap object each
// removes most of the allocator and GC cost. Every node of one File lives
// as long as the File, so slabs do not retain memory that would otherwise
// be freed.

// slab hands out pointers into chunks of T. The first chunks of a short
// script come from the script's nodeChunks (one allocation for all node
// types); after them, and for long scripts, each chunk is a slice of its
// own, sized from the expected density and then from what was used.
type slab[T any] struct {
	buf  []T
	i    int // next free element of buf (an index: no pointer write per node)
	next int // size of the next chunk; 0: growSize(used)
	used int // elements in the chunks before buf
	// pre holds the preallocated chunks of a short script and from
	// selects this slab's array in one of them; pi is the next to use.
	pre  []nodeChunk
	from func(*nodeChunk) []T
	pi   int
}

// hint sets the size of the first chunk to the expected number of
// elements for the whole script (see nodeAlloc.presize).
//
// Why one chunk for the whole script: the tree is pointer-rich and lives
// as long as the File, and the GC marks whatever part of it exists when a
// cycle runs. Allocating the tree's memory before filling it means the
// cycles that the allocations trigger find empty (or, when allocated
// during the cycle, already black) chunks, instead of re-marking a
// half-built tree several times per parse and paying write barriers on
// every node store meanwhile (measured on a 1 MB parse: one GC cycle
// instead of two or three, and about 20% less CPU). The memory stays
// bounded by the size of a typical tree for the same source length
// (chunks are only made for node types that occur).
func (s *slab[T]) hint(n int) { s.next = max(n, 4) }

// growSize is the size of a chunk started when the hinted or preallocated
// ones are used up: a quarter of what was used so far. Running out means
// the script is denser than typical, and most of it has usually been
// parsed by then; a quarter bounds the waste while keeping the number of
// chunks logarithmic.
func growSize(used int) int { return max(used/4, 8) }

// usePre makes s take its first chunks from pre.
func (s *slab[T]) usePre(pre []nodeChunk, from func(*nodeChunk) []T) {
	s.pre, s.from, s.next = pre, from, 0
}

func (s *slab[T]) new() *T {
	if s.i == len(s.buf) {
		s.grow()
	}
	x := &s.buf[s.i]
	s.i++
	return x
}

// grow starts a new chunk (see growSize for its size after the hinted or
// preallocated ones).
func (s *slab[T]) grow() {
	s.used += len(s.buf)
	s.i = 0
	if s.pi < len(s.pre) {
		c := &s.pre[s.pi]
		c.touched = true
		s.buf = s.from(c)
		s.pi++
		return
	}
	n := s.next
	if n == 0 {
		n = growSize(s.used)
	}
	s.next = 0
	s.buf = make([]T, n)
}

// count returns the number of elements handed out.
func (s *slab[T]) count() int { return s.used + s.i }

// put copies v into a new element of s.
func put[T any](s *slab[T], v T) *T {
	x := s.new()
	*x = v
	return x
}

// listArena stores many short lists in shared backing arrays; list
// elements are collected on stack (a scratch stack shared by nested
// lists) and copied out when the list is complete.
type listArena[T any] struct {
	stack []T
	buf   []T
	off   int // next free element of buf (an index, as in slab)
	next  int // size of the next backing array; 0: growSize(used)
	used  int // total size of the backing arrays so far
	// pre, from and pi are as in slab.
	pre  []nodeChunk
	from func(*nodeChunk) []T
	pi   int
}

// hint sets the size of the first backing array to the expected total
// length of the lists of the whole script (see slab.hint for why).
func (a *listArena[T]) hint(n int) { a.next = max(n, 8) }

// usePre makes a take its first backing arrays from pre.
func (a *listArena[T]) usePre(pre []nodeChunk, from func(*nodeChunk) []T) {
	a.pre, a.from, a.next = pre, from, 0
}

// mark returns the stack position where a new list starts.
func (a *listArena[T]) mark() int { return len(a.stack) }

func (a *listArena[T]) push(x T) { a.stack = append(a.stack, x) }

// alloc takes a list of n elements from the backing arrays.
func (a *listArena[T]) alloc(n int) []T {
	if len(a.buf)-a.off < n {
		a.refill(n)
	}
	i := a.off
	a.off += n
	return a.buf[i : i+n : i+n]
}

// refill starts a backing array with room for at least n elements.
func (a *listArena[T]) refill(n int) {
	for a.pi < len(a.pre) {
		c := &a.pre[a.pi]
		c.touched = true
		buf := a.from(c)
		a.pi++
		a.used += len(buf)
		if len(buf) >= n {
			a.buf, a.off = buf, 0
			return
		}
	}
	size := a.next
	if size == 0 {
		size = growSize(a.used)
	}
	a.next = 0
	if n > size/4 {
		size = n
	}
	a.used += size
	a.buf, a.off = make([]T, size), 0
}

// one returns the list holding just x, the most common list, without the
// trip through the stack.
func (a *listArena[T]) one(x T) []T {
	out := a.alloc(1)
	out[0] = x
	return out
}

// finish returns the elements pushed since mark as a list with its own
// capacity (appending to it never overwrites another list).
func (a *listArena[T]) finish(mark int) []T {
	n := len(a.stack) - mark
	if n == 0 {
		return nil
	}
	out := a.alloc(n)
	if n <= 8 {
		// Most lists are short: plain stores are cheaper than copy's
		// typedslicecopy and bulk write barrier while the GC is marking.
		src := a.stack[mark:]
		for i := range out {
			out[i] = src[i]
		}
	} else {
		copy(out, a.stack[mark:])
	}
	// The stale stack entries are not cleared: they point to nodes of the
	// same tree, which lives as long as the parse anyway.
	a.stack = a.stack[:mark]
	return out
}

// nodeAlloc holds the slabs of one parse.
type nodeAlloc struct {
	idents     slab[Ident]
	numbers    slab[NumberLit]
	strs       slab[StringLit]
	fields     slab[FieldExpr]
	indexes    slab[IndexExpr]
	calls      slab[CallExpr]
	methods    slab[MethodCallExpr]
	binaries   slab[BinaryExpr]
	unaries    slab[UnaryExpr]
	tfields    slab[TableField]
	tables     slab[TableExpr]
	blocks     slab[Block]
	locals     slab[LocalStmt]
	assigns    slab[AssignStmt]
	callst     slab[CallStmt]
	ifs        slab[IfStmt]
	clauses    slab[IfClause]
	vars       slab[Variable]
	parens     slab[ParenExpr]
	nils       slab[NilLit]
	trues      slab[TrueLit]
	falses     slab[FalseLit]
	varargs    slab[VarargExpr]
	funcs      slab[FunctionExpr]
	returns    slab[ReturnStmt]
	breaks     slab[BreakStmt]
	whiles     slab[WhileStmt]
	dos        slab[DoStmt]
	repeats    slab[RepeatStmt]
	numfors    slab[NumericForStmt]
	genfors    slab[GenericForStmt]
	funcsts    slab[FunctionStmt]
	lfuncs     slab[LocalFunctionStmt]
	fnames     slab[FuncName]
	clauseList listArena[*IfClause]
	// upvals backs the first upvalue list of each function (appends past
	// its capacity move the list to the heap).
	upvals listArena[*Variable]
	// refs backs the first Refs list (4 long) of each variable.
	refs listArena[*Ident]

	exprs  listArena[Expr]
	stmts  listArena[Stmt]
	names  listArena[*Ident]
	tflist listArena[*TableField]
}

// smallScript is the largest source (in bytes) whose first chunks come
// from nodeChunks; longer scripts use hinted per-type chunks, which waste
// less when the node mix differs from the typical one.
const smallScript = 8 << 10

// chunkSource is the source size (in bytes) one nodeChunk is sized for.
const chunkSource = 512

// nodeChunk holds the nodes and lists of about chunkSource bytes of a
// typical script (see presize for the densities): a short script takes
// all its first chunks from one allocation of nodeChunks instead of one
// allocation per node type, which dominates the cost of parsing it.
type nodeChunk struct {
	idents   [38]Ident
	vars     [9]Variable
	numbers  [9]NumberLit
	strs     [7]StringLit
	calls    [7]CallExpr
	indexes  [6]IndexExpr
	binaries [6]BinaryExpr
	fields   [5]FieldExpr
	tfields  [4]TableField
	blocks   [4]Block
	locals   [4]LocalStmt
	tables   [2]TableExpr
	unaries  [2]UnaryExpr
	parens   [2]ParenExpr
	callst   [2]CallStmt
	returns  [2]ReturnStmt
	assigns  [2]AssignStmt
	// Two functions per chunk: with one, a script of many small
	// functions overflowed into a fresh chunk of 8 (896 bytes) per parse.
	funcs  [2]FunctionExpr
	exprs  [22]Expr
	stmts  [14]Stmt
	names  [7]*Ident
	tflist [4]*TableField
	refs   [28]*Ident
	// Rarer nodes: one or two of each per chunk still saves an
	// allocation per type in most short scripts.
	nils     [1]NilLit
	trues    [1]TrueLit
	falses   [1]FalseLit
	varargs  [1]VarargExpr
	methods  [1]MethodCallExpr
	ifs      [1]IfStmt
	clauses  [1]IfClause
	comments [2]Comment
	clList   [2]*IfClause
	upvals   [4]*Variable
	// Loops, do blocks and function statements: one of each per chunk.
	// Without them a short script's first loop (or function statement)
	// took a fresh chunk of its own (8 nodes, up to 640 bytes, mostly
	// unused) on every parse, while these arrays are reused by a
	// long-lived Parser (about 340 bytes per chunk).
	numfors [1]NumericForStmt
	genfors [1]GenericForStmt
	whiles  [1]WhileStmt
	repeats [1]RepeatStmt
	dos     [1]DoStmt
	breaks  [1]BreakStmt
	funcsts [1]FunctionStmt
	lfuncs  [1]LocalFunctionStmt
	fnames  [1]FuncName
	// touched is set when a slab or list arena takes one of the chunk's
	// arrays. They take chunks in order, so the touched chunks are a
	// prefix, and a reused Parser clears only those (see Parser.Parse).
	touched bool
}

// chunksFor is the number of nodeChunks for a short script of n bytes:
// rounded down when the last chunk would be less than a quarter used
// (the few nodes that do not fit then take small chunks of their own,
// see growSize).
func chunksFor(n int) int { return max(1, (n+chunkSource*3/4)/chunkSource) }

// usePre takes the first chunks of the most common node types from pre
// (zeroed chunks for a short script, see chunksFor).
func (a *nodeAlloc) usePre(pre []nodeChunk) {
	a.idents.usePre(pre, func(c *nodeChunk) []Ident { return c.idents[:] })
	a.vars.usePre(pre, func(c *nodeChunk) []Variable { return c.vars[:] })
	a.numbers.usePre(pre, func(c *nodeChunk) []NumberLit { return c.numbers[:] })
	a.strs.usePre(pre, func(c *nodeChunk) []StringLit { return c.strs[:] })
	a.calls.usePre(pre, func(c *nodeChunk) []CallExpr { return c.calls[:] })
	a.indexes.usePre(pre, func(c *nodeChunk) []IndexExpr { return c.indexes[:] })
	a.binaries.usePre(pre, func(c *nodeChunk) []BinaryExpr { return c.binaries[:] })
	a.fields.usePre(pre, func(c *nodeChunk) []FieldExpr { return c.fields[:] })
	a.tfields.usePre(pre, func(c *nodeChunk) []TableField { return c.tfields[:] })
	a.blocks.usePre(pre, func(c *nodeChunk) []Block { return c.blocks[:] })
	a.locals.usePre(pre, func(c *nodeChunk) []LocalStmt { return c.locals[:] })
	a.tables.usePre(pre, func(c *nodeChunk) []TableExpr { return c.tables[:] })
	a.unaries.usePre(pre, func(c *nodeChunk) []UnaryExpr { return c.unaries[:] })
	a.parens.usePre(pre, func(c *nodeChunk) []ParenExpr { return c.parens[:] })
	a.callst.usePre(pre, func(c *nodeChunk) []CallStmt { return c.callst[:] })
	a.returns.usePre(pre, func(c *nodeChunk) []ReturnStmt { return c.returns[:] })
	a.assigns.usePre(pre, func(c *nodeChunk) []AssignStmt { return c.assigns[:] })
	a.funcs.usePre(pre, func(c *nodeChunk) []FunctionExpr { return c.funcs[:] })
	a.exprs.usePre(pre, func(c *nodeChunk) []Expr { return c.exprs[:] })
	a.stmts.usePre(pre, func(c *nodeChunk) []Stmt { return c.stmts[:] })
	a.names.usePre(pre, func(c *nodeChunk) []*Ident { return c.names[:] })
	a.tflist.usePre(pre, func(c *nodeChunk) []*TableField { return c.tflist[:] })
	a.nils.usePre(pre, func(c *nodeChunk) []NilLit { return c.nils[:] })
	a.trues.usePre(pre, func(c *nodeChunk) []TrueLit { return c.trues[:] })
	a.falses.usePre(pre, func(c *nodeChunk) []FalseLit { return c.falses[:] })
	a.varargs.usePre(pre, func(c *nodeChunk) []VarargExpr { return c.varargs[:] })
	a.methods.usePre(pre, func(c *nodeChunk) []MethodCallExpr { return c.methods[:] })
	a.ifs.usePre(pre, func(c *nodeChunk) []IfStmt { return c.ifs[:] })
	a.clauses.usePre(pre, func(c *nodeChunk) []IfClause { return c.clauses[:] })
	a.clauseList.usePre(pre, func(c *nodeChunk) []*IfClause { return c.clList[:] })
	a.upvals.usePre(pre, func(c *nodeChunk) []*Variable { return c.upvals[:] })
	a.refs.usePre(pre, func(c *nodeChunk) []*Ident { return c.refs[:] })
	a.numfors.usePre(pre, func(c *nodeChunk) []NumericForStmt { return c.numfors[:] })
	a.genfors.usePre(pre, func(c *nodeChunk) []GenericForStmt { return c.genfors[:] })
	a.whiles.usePre(pre, func(c *nodeChunk) []WhileStmt { return c.whiles[:] })
	a.repeats.usePre(pre, func(c *nodeChunk) []RepeatStmt { return c.repeats[:] })
	a.dos.usePre(pre, func(c *nodeChunk) []DoStmt { return c.dos[:] })
	a.breaks.usePre(pre, func(c *nodeChunk) []BreakStmt { return c.breaks[:] })
	a.funcsts.usePre(pre, func(c *nodeChunk) []FunctionStmt { return c.funcsts[:] })
	a.lfuncs.usePre(pre, func(c *nodeChunk) []LocalFunctionStmt { return c.lfuncs[:] })
	a.fnames.usePre(pre, func(c *nodeChunk) []FuncName { return c.fnames[:] })
}

// presize sizes the first chunk of every slab and list arena for a source
// of n bytes from typical node densities (nodes per 10 KiB, the larger of
// what internal/luagen programs and the real scripts of
// /work/notes/realcode have, rounded up). An underestimate costs more
// chunks (see growSize), an overestimate zeroed memory.
func (a *nodeAlloc) presize(n int) {
	per10K := func(d int) int { return (n*d + 10239) / 10240 }
	a.idents.hint(per10K(600))
	a.numbers.hint(per10K(145))
	a.strs.hint(per10K(120))
	a.fields.hint(per10K(80))
	a.indexes.hint(per10K(100))
	a.calls.hint(per10K(105))
	a.methods.hint(per10K(14))
	a.binaries.hint(per10K(100))
	a.unaries.hint(per10K(32))
	a.tfields.hint(per10K(76))
	a.tables.hint(per10K(42))
	a.blocks.hint(per10K(66))
	a.locals.hint(per10K(62))
	a.assigns.hint(per10K(22))
	a.callst.hint(per10K(40))
	a.ifs.hint(per10K(10))
	a.clauses.hint(per10K(18))
	a.vars.hint(per10K(130))
	a.parens.hint(per10K(37))
	a.nils.hint(per10K(14))
	a.trues.hint(per10K(13))
	a.falses.hint(per10K(13))
	a.varargs.hint(per10K(20))
	a.funcs.hint(per10K(18))
	a.returns.hint(per10K(25))
	a.breaks.hint(per10K(4))
	a.whiles.hint(per10K(5))
	a.dos.hint(per10K(7))
	a.repeats.hint(per10K(5))
	a.numfors.hint(per10K(5))
	a.genfors.hint(per10K(6))
	a.funcsts.hint(per10K(4))
	a.lfuncs.hint(per10K(6))
	a.fnames.hint(per10K(4))
	a.clauseList.hint(per10K(18))
	a.upvals.hint(per10K(30))
	a.refs.hint(4 * per10K(130))
	a.exprs.hint(per10K(350))
	a.stmts.hint(per10K(180))
	a.names.hint(per10K(120))
	a.tflist.hint(per10K(76))
}
