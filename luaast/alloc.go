package luaast

// Batch allocation of tree nodes. A parse allocates hundreds of thousands
// of small nodes; taking them from slabs instead of one heap object each
// removes most of the allocator and GC cost. Every node of one File lives
// as long as the File, so slabs do not retain memory that would otherwise
// be freed.

// slab hands out pointers into chunks of T that grow from small (for short
// scripts) to maxSlab elements.
type slab[T any] struct {
	buf  []T
	i    int // next free element of buf (an index: no pointer write per node)
	next int // size of the next chunk
}

const maxSlab = 1024

// maxList is the largest backing array of a listArena.
const maxList = 1024

func (s *slab[T]) new() *T {
	if s.i == len(s.buf) {
		n := s.next
		if n == 0 {
			n = 16
		}
		s.buf = make([]T, n)
		s.i = 0
		if n < maxSlab {
			s.next = n * 2
		} else {
			s.next = maxSlab
		}
	}
	x := &s.buf[s.i]
	s.i++
	return x
}

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
	next  int // size of the next backing array: grows like slab's
}

// mark returns the stack position where a new list starts.
func (a *listArena[T]) mark() int { return len(a.stack) }

func (a *listArena[T]) push(x T) { a.stack = append(a.stack, x) }

// alloc takes a list of n elements from the backing arrays.
func (a *listArena[T]) alloc(n int) []T {
	if len(a.buf) < n {
		// Start small so that a short script does not pay for a large
		// array, then double up to maxList.
		size := a.next
		if size == 0 {
			size = 32
		}
		a.next = min(2*size, maxList)
		if n > size/4 {
			size = n
		}
		a.buf = make([]T, size)
	}
	out := a.buf[:n:n]
	a.buf = a.buf[n:]
	return out
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
	if n == 1 {
		// Most lists have one element: a plain store is cheaper than the
		// bulk write barrier of copy while the GC is marking.
		out[0] = a.stack[mark]
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

	exprs  listArena[Expr]
	stmts  listArena[Stmt]
	names  listArena[*Ident]
	tflist listArena[*TableField]
}
