package luaast

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
)

// Kind identifies a node type as a single bit, so that kinds combine with |
// into the masks that Inspector methods take.
type Kind uint64

// Node kinds, one per node type.
const (
	KindFile Kind = 1 << iota
	KindBlock
	KindLocalStmt
	KindAssignStmt
	KindCallStmt
	KindDoStmt
	KindWhileStmt
	KindRepeatStmt
	KindIfStmt
	KindIfClause
	KindNumericForStmt
	KindGenericForStmt
	KindFunctionStmt
	KindFuncName
	KindLocalFunctionStmt
	KindReturnStmt
	KindBreakStmt
	KindNilLit
	KindTrueLit
	KindFalseLit
	KindNumberLit
	KindStringLit
	KindVarargExpr
	KindIdent
	KindFieldExpr
	KindIndexExpr
	KindCallExpr
	KindMethodCallExpr
	KindFunctionExpr
	KindBinaryExpr
	KindUnaryExpr
	KindParenExpr
	KindTableExpr
	KindTableField
	kindEnd // one past the last kind
)

// Masks of several kinds.
const (
	// KindAll matches every node.
	KindAll = kindEnd - 1
	// KindStmt matches every statement.
	KindStmt = KindLocalStmt | KindAssignStmt | KindCallStmt | KindDoStmt | KindWhileStmt |
		KindRepeatStmt | KindIfStmt | KindNumericForStmt | KindGenericForStmt | KindFunctionStmt |
		KindLocalFunctionStmt | KindReturnStmt | KindBreakStmt
	// KindExpr matches every expression.
	KindExpr = KindNilLit | KindTrueLit | KindFalseLit | KindNumberLit | KindStringLit |
		KindVarargExpr | KindIdent | KindFieldExpr | KindIndexExpr | KindCallExpr |
		KindMethodCallExpr | KindFunctionExpr | KindBinaryExpr | KindUnaryExpr | KindParenExpr |
		KindTableExpr
	// KindCall matches both kinds of call expressions.
	KindCall = KindCallExpr | KindMethodCallExpr
	// KindLoop matches the four loop statements.
	KindLoop = KindWhileStmt | KindRepeatStmt | KindNumericForStmt | KindGenericForStmt
)

// KindOf returns the kind of n (0 for nil or a type outside this package).
func KindOf(n Node) Kind {
	switch n.(type) {
	case *File:
		return KindFile
	case *Block:
		return KindBlock
	case *LocalStmt:
		return KindLocalStmt
	case *AssignStmt:
		return KindAssignStmt
	case *CallStmt:
		return KindCallStmt
	case *DoStmt:
		return KindDoStmt
	case *WhileStmt:
		return KindWhileStmt
	case *RepeatStmt:
		return KindRepeatStmt
	case *IfStmt:
		return KindIfStmt
	case *IfClause:
		return KindIfClause
	case *NumericForStmt:
		return KindNumericForStmt
	case *GenericForStmt:
		return KindGenericForStmt
	case *FunctionStmt:
		return KindFunctionStmt
	case *FuncName:
		return KindFuncName
	case *LocalFunctionStmt:
		return KindLocalFunctionStmt
	case *ReturnStmt:
		return KindReturnStmt
	case *BreakStmt:
		return KindBreakStmt
	case *NilLit:
		return KindNilLit
	case *TrueLit:
		return KindTrueLit
	case *FalseLit:
		return KindFalseLit
	case *NumberLit:
		return KindNumberLit
	case *StringLit:
		return KindStringLit
	case *VarargExpr:
		return KindVarargExpr
	case *Ident:
		return KindIdent
	case *FieldExpr:
		return KindFieldExpr
	case *IndexExpr:
		return KindIndexExpr
	case *CallExpr:
		return KindCallExpr
	case *MethodCallExpr:
		return KindMethodCallExpr
	case *FunctionExpr:
		return KindFunctionExpr
	case *BinaryExpr:
		return KindBinaryExpr
	case *UnaryExpr:
		return KindUnaryExpr
	case *ParenExpr:
		return KindParenExpr
	case *TableExpr:
		return KindTableExpr
	case *TableField:
		return KindTableField
	}
	return 0
}

// An Inspector holds a syntax tree flattened, by one traversal, into a
// slice of its nodes in Inspect's order, each with its kind and the kinds
// found in its subtree. Its traversals are tight loops over that slice that
// call back only for the node kinds asked for and skip whole subtrees that
// contain none of them, so that many rules looking for a few node kinds
// each cost a fraction of one Inspect walk (the design of
// golang.org/x/tools/go/ast/inspector, with one entry per node instead of a
// push and a pop event: the pops are implied by each node's extent).
//
// An Inspector is read-only after NewInspector and safe for concurrent
// use. Subtree returns a view of the same nodes restricted to one subtree.
type Inspector struct {
	t *flatTree
	// lo and hi delimit the nodes of this view: [lo, hi).
	lo, hi int32
	// gen is t.gen when the view was made (see InspectorBuilder).
	gen uint32
}

// flatTree is the state shared by an Inspector and its subtree views.
type flatTree struct {
	// nodes are the tree's nodes in Inspect's (pre)order, and info[i]
	// describes nodes[i]. They are separate slices so that info, which
	// the traversals read most, holds no pointers: the garbage collector
	// does not scan it and writing it needs no write barriers.
	nodes []Node
	info  []nodeInfo

	// find's index (see setIndex): keys, or byPos for a tree whose
	// offsets are out of order or do not fit in an int32. The keys are
	// int32, not Pos: a huge file has millions of nodes, and its offsets
	// fit (a source over 2 GiB, never seen, falls back to byPos).
	keys  []int32
	byPos []posEntry

	// gen numbers the trees an InspectorBuilder builds in the same
	// flatTree (BuildTransient), so that an Inspector of an earlier one
	// can tell (0 for a tree of its own).
	gen uint32
}

// nodeInfo is what traversals need to know of one node (16 bytes).
type nodeInfo struct {
	// kinds holds in its low bits the union of the kinds in the node's
	// subtree, its own included (a traversal skips the subtree when it has
	// no wanted kind), and in its top bits (from kindShift) the node's own
	// kind as a bit number.
	kinds Kind
	// end is the index just past the node's subtree (its last descendant
	// plus one).
	end int32
	// parent is the index of the node's parent (-1 for the root).
	parent int32
}

// kindShift is where nodeInfo.kinds keeps the node's own kind number,
// above every Kind bit; number 63 stands for a type of no kind.
const kindShift = 58

// Every kind bit must stay below the kind number (an index out of range
// does not compile; an array length of 1<<kindShift would not compile
// where int has 32 bits).
var _ = [1]struct{}{}[kindEnd>>kindShift]

func makeNodeInfo(k Kind, end, parent int32) nodeInfo {
	num := min(bits.TrailingZeros64(uint64(k)), 63)
	return nodeInfo{kinds: k | Kind(num)<<kindShift, end: end, parent: parent}
}

// subtree returns the kinds in the node's subtree.
func (ni *nodeInfo) subtree() Kind { return ni.kinds & KindAll }

// kindBit returns the node's kind (outside KindAll for a type of no kind).
func (ni *nodeInfo) kindBit() Kind { return 1 << (ni.kinds >> kindShift) }

// NewInspector flattens the tree rooted at root (usually a *File) in one
// traversal.
func NewInspector(root Node) *Inspector {
	var b builder
	return b.build(root, false)
}

// An InspectorBuilder builds Inspectors as NewInspector does, reusing its
// buffers from one build to the next: it flattens the tree into them and
// copies the result into slices of the exact size, where NewInspector
// must guess the node count from the source size (and guesses high,
// since a regrowth would cost more). A linter building one Inspector per
// file on one goroutine allocates about a third less that way, and writes
// the tree into memory that is already in the cache. The Inspectors Build
// returns share no memory with it; BuildTransient's are its buffers
// themselves, valid until the next build (no copy, little allocation).
// Not safe for concurrent use.
type InspectorBuilder struct {
	b builder
	// t is the tree of the last BuildTransient, made of b's buffers; its
	// gen is raised by every BuildTransient and Release.
	t flatTree
	// roots are fresh Inspectors for BuildTransient to hand out, one per
	// build and never reused: an Inspector kept past its validity must
	// not become the next tree's, but keep its gen, which tells it is
	// stale. They are allocated rootChunk at a time rather than one per
	// build (24 bytes a build either way).
	roots []Inspector
	live  bool
}

// rootChunk is how many Inspectors an InspectorBuilder allocates at once.
const rootChunk = 64

// maxScratchNodes bounds the nodes an InspectorBuilder keeps buffers for:
// a larger tree is built as NewInspector builds it, so that a builder does
// not hold on to (nor copy) the tens of megabytes of a huge file.
const maxScratchNodes = 1 << 16

// Build returns the Inspector of the tree rooted at root, like
// NewInspector(root).
func (ib *InspectorBuilder) Build(root Node) *Inspector {
	ib.Release()
	if estimateNodes(root) > maxScratchNodes {
		var b builder
		return b.build(root, false)
	}
	return ib.b.build(root, true)
}

// BuildTransient returns the Inspector of the tree rooted at root, like
// Build, but made of the builder's own buffers rather than of a copy: it
// (and every Subtree view of it) is valid only until the builder's next
// Build, BuildTransient or Release. For a linter that needs a file's
// Inspector only while it lints the file, this saves the copy and nearly
// all of the allocation (the largest per-file allocation after the tree).
// Call Release when done with the file, so that the builder does not keep
// the file's tree alive.
func (ib *InspectorBuilder) BuildTransient(root Node) *Inspector {
	ib.Release()
	if root == nil || estimateNodes(root) > maxScratchNodes {
		var b builder
		return b.build(root, false)
	}
	b := &ib.b
	b.fill(root)
	ib.t = flatTree{nodes: b.nodes, info: b.info, keys: b.pos, gen: ib.t.gen + 1}
	ib.t.setIndex(b.wide)
	ib.live = true
	if len(ib.roots) == 0 {
		ib.roots = make([]Inspector, rootChunk)
	}
	in := &ib.roots[0]
	ib.roots = ib.roots[1:]
	*in = Inspector{t: &ib.t, lo: 0, hi: int32(len(b.nodes)), gen: ib.t.gen}
	return in
}

// Release ends the validity of the Inspector of the last BuildTransient:
// using it or one of its Subtree views afterwards panics, even once the
// builder has built another tree. Release drops the builder's references
// to the tree's nodes. It does nothing when there is no such Inspector.
func (ib *InspectorBuilder) Release() {
	if !ib.live {
		return
	}
	clear(ib.b.nodes)
	// A new gen: the Inspectors handed out for the tree are stale.
	ib.t = flatTree{gen: ib.t.gen + 1}
	ib.live = false
}

// estimateNodes returns a number of nodes that a tree rooted at root
// rarely exceeds: a node takes ~5 bytes of source on typical scripts (at
// least ~3.6 on the benchmark corpus).
func estimateNodes(root Node) int {
	if f, ok := root.(*File); ok {
		return len(f.Src)/4 + 64
	}
	return 64
}

// builder flattens a tree. Its traversal is inspect's (walk.go), written
// out again because building is on every file's path: one type switch per
// node that also yields the kind (and the node's offset, for find's index,
// read while the node is in the cache anyway), and no indirect calls, make
// it cheaper than running inspect with a callback (about 1.4x on small
// scripts; see visit for why it dispatches on Expr and Stmt separately).
// TestInspectorOrder checks that both visit the same nodes in the same
// order, TestInspectorNodeInfo each node's kind and offset.
type builder struct {
	nodes []Node
	info  []nodeInfo
	// pos[i] is the offset of nodes[i] (see close), as an int32 (see
	// flatTree.keys); wide is set when they may not fit (see wideTree).
	pos  []int32
	wide bool
	// cur is the index of the innermost open node (-1 at the root).
	cur int32
}

// build flattens the tree rooted at root. With scratch, b's buffers from
// the previous build are reused and the result is copied out of them;
// without, the result takes them.
func (b *builder) build(root Node, scratch bool) *Inspector {
	t := &flatTree{}
	if root == nil {
		return &Inspector{t: t}
	}
	if !scratch {
		b.nodes, b.info, b.pos = nil, nil, nil
	}
	b.fill(root)
	if scratch {
		t.nodes = make([]Node, len(b.nodes))
		copy(t.nodes, b.nodes)
		// append to nil rather than make and copy: for pointer-free
		// elements it skips zeroing what the copy overwrites.
		t.info = append([]nodeInfo(nil), b.info...)
		t.keys = append([]int32(nil), b.pos...)
		// The buffers must not keep this tree alive.
		clear(b.nodes)
	} else {
		t.nodes, t.info, t.keys = b.nodes, b.info, b.pos
		b.nodes, b.info, b.pos = nil, nil, nil
	}
	t.setIndex(b.wide)
	return &Inspector{t: t, lo: 0, hi: int32(len(t.nodes))}
}

// fill flattens the tree rooted at root (not nil) into b's buffers,
// reusing them when they are large enough for its estimated size.
func (b *builder) fill(root Node) {
	if n := estimateNodes(root); cap(b.nodes) < n {
		// Sizing the slices up front saves most regrowth copies. Buffers
		// reused from file to file (BuildTransient) at least double: a
		// worker whose files come in growing sizes otherwise made new
		// ones a dozen times in a run, each fresh memory to fault in.
		n = max(n, 2*cap(b.nodes))
		b.nodes, b.info, b.pos = make([]Node, 0, n), make([]nodeInfo, 0, n), make([]int32, 0, n)
	}
	b.nodes, b.info, b.pos, b.cur, b.wide = b.nodes[:0], b.info[:0], b.pos[:0], -1, wideTree(root)
	b.visit(root)
}

// open appends n, a child of the current node at offset pos, and makes it
// current. It returns n's index.
func (b *builder) open(n Node, k Kind, pos Pos) int32 {
	i := int32(len(b.nodes))
	b.nodes = append(b.nodes, n)
	b.info = append(b.info, makeNodeInfo(k, 0, b.cur))
	b.pos = append(b.pos, b.offset(pos))
	b.cur = i
	return i
}

// leaf appends a node without children at offset pos; it returns its
// kind.
func (b *builder) leaf(n Node, k Kind, pos Pos) Kind {
	i := int32(len(b.nodes))
	b.nodes = append(b.nodes, n)
	b.info = append(b.info, makeNodeInfo(k, i+1, b.cur))
	b.pos = append(b.pos, b.offset(pos))
	return k
}

// close ends the subtree of node i, the current node, making its parent
// current; it returns the kinds in the subtree.
func (b *builder) close(i int32, sub Kind) Kind {
	ni := &b.info[i]
	ni.end = int32(len(b.nodes))
	ni.kinds |= sub
	b.cur = ni.parent
	return ni.subtree()
}

// closeFirst is close for a node opened without its offset, which is its
// first child's (FieldExpr, IndexExpr, CallExpr, MethodCallExpr,
// BinaryExpr, CallStmt, AssignStmt, FuncName, and TableField unless
// bracketed; TestInspectorNodeInfo checks them): calling Pos would recurse
// down the left spine, which is quadratic on long operator chains, while
// the child's offset is known by now. A node without children (only in a
// tree not built by Parse) asks its Pos.
func (b *builder) closeFirst(i int32, sub Kind) Kind {
	k := b.close(i, sub)
	if int(i)+1 < len(b.nodes) {
		b.pos[i] = b.pos[i+1]
	} else {
		b.pos[i] = b.offset(b.nodes[i].Pos())
	}
	return k
}

// offset returns pos as a key (see wideTree).
func (b *builder) offset(pos Pos) int32 { return int32(pos) }

// wideTree reports whether the offsets of the tree rooted at root may not
// fit in int32 keys: whether the root's extent does not (a parsed tree's
// nodes lie within it, a File's within its source; a File's main block
// is asked too, for a File made by hand without its source). Asked once per
// tree rather than of every node, which the builder's leaf functions had
// no room for in the inliner's budget.
func wideTree(root Node) bool {
	lo, hi := root.Pos(), root.End()
	if f, ok := root.(*File); ok && f.Main != nil && f.Main.Body != nil {
		lo, hi = min(lo, f.Main.Body.Pos()), max(hi, f.Main.Body.End())
	}
	return lo < math.MinInt32 || hi > math.MaxInt32
}

// ident appends an identifier (the most common leaf): leaf with its kind
// number written out, cheap enough to be inlined (TestInspectorNodeInfo
// checks the kind).
func (b *builder) ident(id *Ident) Kind {
	b.nodes = append(b.nodes, id)
	b.info = append(b.info, nodeInfo{kinds: KindIdent | kindNumIdent<<kindShift, end: int32(len(b.nodes)), parent: b.cur})
	b.pos = append(b.pos, b.offset(id.NamePos))
	return KindIdent
}

// kindNumIdent is KindIdent's bit number.
const kindNumIdent = 23

var _ [0]struct{} = [KindIdent>>kindNumIdent - 1]struct{}{}

func (b *builder) exprs(list []Expr) Kind {
	var k Kind
	for _, x := range list {
		k |= b.expr(x)
	}
	return k
}

func (b *builder) idents(list []*Ident) Kind {
	var k Kind
	for _, id := range list {
		k |= b.ident(id)
	}
	return k
}

// visit appends node's subtree and returns the kinds in it. It visits
// children in the order walk.go's inspect defines (see there: the two
// must change together).
//
// Why visit is split into expr, stmt, block and the other node types:
// passing an Expr or Stmt where a Node is expected converts between
// interface types, a runtime itab lookup per child. Each function below
// takes its children with their static types, so that the only dynamic
// dispatch is one type switch on an Expr or a Stmt (a compare of type
// words, no lookup).
func (b *builder) visit(node Node) Kind {
	switch n := node.(type) {
	case *File:
		i := b.open(n, KindFile, n.Pos())
		var k Kind
		if n.Main != nil {
			k = b.block(n.Main.Body)
		}
		return b.close(i, k)
	case *Block:
		return b.block(n)
	case *IfClause:
		return b.clause(n)
	case *FuncName:
		return b.funcName(n)
	case *TableField:
		return b.field(n)
	case Expr:
		return b.expr(n)
	case Stmt:
		return b.stmt(n)
	}
	// A node type inspect does not know: like inspect, visit it without
	// children.
	return b.leaf(node, 0, node.Pos())
}

func (b *builder) block(n *Block) Kind {
	i := b.open(n, KindBlock, n.Start)
	var k Kind
	for _, s := range n.Stmts {
		k |= b.stmt(s)
	}
	return b.close(i, k)
}

func (b *builder) clause(n *IfClause) Kind {
	i := b.open(n, KindIfClause, n.IfPos)
	k := b.expr(n.Cond)
	return b.close(i, k|b.block(n.Body))
}

func (b *builder) funcName(n *FuncName) Kind {
	i := b.open(n, KindFuncName, 0)
	k := b.ident(n.Root)
	k |= b.idents(n.Fields)
	if n.Method != nil {
		k |= b.ident(n.Method)
	}
	return b.closeFirst(i, k)
}

func (b *builder) field(n *TableField) Kind {
	var k Kind
	switch n.Kind {
	case FieldNamed:
		i := b.open(n, KindTableField, 0)
		k = b.ident(n.Name)
		return b.closeFirst(i, k|b.expr(n.Value))
	case FieldBracketed:
		i := b.open(n, KindTableField, n.Lbrack)
		k = b.expr(n.Key)
		return b.close(i, k|b.expr(n.Value))
	}
	i := b.open(n, KindTableField, 0)
	return b.closeFirst(i, b.expr(n.Value))
}

func (b *builder) function(n *FunctionExpr) Kind {
	i := b.open(n, KindFunctionExpr, n.Function)
	k := b.idents(n.Params)
	return b.close(i, k|b.block(n.Body))
}

// expr is visit for an expression.
func (b *builder) expr(x Expr) Kind {
	switch n := x.(type) {
	case *Ident:
		return b.ident(n)
	case *StringLit:
		return b.leaf(n, KindStringLit, n.ValuePos)
	case *NumberLit:
		return b.leaf(n, KindNumberLit, n.ValuePos)
	case *NilLit:
		return b.leaf(n, KindNilLit, n.NilPos)
	case *TrueLit:
		return b.leaf(n, KindTrueLit, n.TruePos)
	case *FalseLit:
		return b.leaf(n, KindFalseLit, n.FalsePos)
	case *VarargExpr:
		return b.leaf(n, KindVarargExpr, n.Ellipsis)
	case *FieldExpr:
		i := b.open(n, KindFieldExpr, 0)
		k := b.expr(n.X)
		return b.closeFirst(i, k|b.ident(n.Name))
	case *IndexExpr:
		i := b.open(n, KindIndexExpr, 0)
		k := b.expr(n.X)
		return b.closeFirst(i, k|b.expr(n.Key))
	case *CallExpr:
		i := b.open(n, KindCallExpr, 0)
		k := b.expr(n.Fn)
		return b.closeFirst(i, k|b.exprs(n.Args))
	case *MethodCallExpr:
		i := b.open(n, KindMethodCallExpr, 0)
		k := b.expr(n.Recv)
		k |= b.ident(n.Method)
		return b.closeFirst(i, k|b.exprs(n.Args))
	case *FunctionExpr:
		return b.function(n)
	case *BinaryExpr:
		i := b.open(n, KindBinaryExpr, 0)
		k := b.expr(n.X)
		return b.closeFirst(i, k|b.expr(n.Y))
	case *UnaryExpr:
		i := b.open(n, KindUnaryExpr, n.OpPos)
		return b.close(i, b.expr(n.X))
	case *ParenExpr:
		i := b.open(n, KindParenExpr, n.Lparen)
		return b.close(i, b.expr(n.X))
	case *TableExpr:
		i := b.open(n, KindTableExpr, n.Lbrace)
		var k Kind
		for _, f := range n.Fields {
			k |= b.field(f)
		}
		return b.close(i, k)
	}
	return b.leaf(x, 0, x.Pos())
}

// stmt is visit for a statement.
func (b *builder) stmt(s Stmt) Kind {
	switch n := s.(type) {
	case *LocalStmt:
		i := b.open(n, KindLocalStmt, n.Local)
		k := b.idents(n.Names)
		return b.close(i, k|b.exprs(n.Exprs))
	case *AssignStmt:
		i := b.open(n, KindAssignStmt, 0)
		k := b.exprs(n.Targets)
		return b.closeFirst(i, k|b.exprs(n.Exprs))
	case *CallStmt:
		i := b.open(n, KindCallStmt, 0)
		return b.closeFirst(i, b.expr(n.Call))
	case *DoStmt:
		i := b.open(n, KindDoStmt, n.Do)
		return b.close(i, b.block(n.Body))
	case *WhileStmt:
		i := b.open(n, KindWhileStmt, n.While)
		k := b.expr(n.Cond)
		return b.close(i, k|b.block(n.Body))
	case *RepeatStmt:
		i := b.open(n, KindRepeatStmt, n.Repeat)
		k := b.block(n.Body)
		return b.close(i, k|b.expr(n.Cond))
	case *IfStmt:
		i := b.open(n, KindIfStmt, n.Pos())
		var k Kind
		for _, c := range n.Clauses {
			k |= b.clause(c)
		}
		if n.Else != nil {
			k |= b.block(n.Else)
		}
		return b.close(i, k)
	case *NumericForStmt:
		i := b.open(n, KindNumericForStmt, n.For)
		k := b.ident(n.Var)
		k |= b.expr(n.Start)
		k |= b.expr(n.Limit)
		if n.Step != nil {
			k |= b.expr(n.Step)
		}
		return b.close(i, k|b.block(n.Body))
	case *GenericForStmt:
		i := b.open(n, KindGenericForStmt, n.For)
		k := b.idents(n.Names)
		k |= b.exprs(n.Exprs)
		return b.close(i, k|b.block(n.Body))
	case *FunctionStmt:
		i := b.open(n, KindFunctionStmt, n.Pos())
		k := b.funcName(n.Name)
		return b.close(i, k|b.function(n.Func))
	case *LocalFunctionStmt:
		i := b.open(n, KindLocalFunctionStmt, n.Local)
		k := b.ident(n.Name)
		return b.close(i, k|b.function(n.Func))
	case *ReturnStmt:
		i := b.open(n, KindReturnStmt, n.Return)
		return b.close(i, b.exprs(n.Exprs))
	case *BreakStmt:
		return b.leaf(n, KindBreakStmt, n.Break)
	}
	return b.leaf(s, 0, s.Pos())
}

// tree returns in's tree. It panics when the tree was released (see
// InspectorBuilder.Release), and so has another gen now. The check costs
// a comparison per call, not per node.
func (in *Inspector) tree() *flatTree {
	t := in.t
	if in.gen != t.gen {
		panic("luaast: Inspector used after InspectorBuilder.Release or the builder's next build (a BuildTransient Inspector is valid only until then)")
	}
	return t
}

// Root returns the root of the inspected tree or subtree (nil when empty).
func (in *Inspector) Root() Node {
	t := in.tree()
	if in.lo >= in.hi {
		return nil
	}
	return t.nodes[in.lo]
}

// Len returns the number of nodes in the tree or subtree.
func (in *Inspector) Len() int {
	in.tree()
	return int(in.hi - in.lo)
}

// Preorder calls f for every node whose kind is in mask, in Inspect's
// order.
func (in *Inspector) Preorder(mask Kind, f func(Node)) {
	// Locals rather than fields: as far as the compiler knows, f may
	// change in and its tree, so fields would be reloaded after each call.
	t := in.tree()
	// Without bits outside KindAll, the mask tests the subtree kinds
	// without first masking off the node's own kind number (one
	// instruction less per node: this loop runs for most nodes of a tree,
	// many times per file).
	mask &= KindAll
	info, nodes, hi := t.info, t.nodes, in.hi
	for i := in.lo; i < hi; {
		ni := &info[i]
		k := ni.kinds
		if k&mask == 0 {
			i = ni.end // nothing wanted here or below: skip the subtree
			continue
		}
		if mask>>(k>>kindShift)&1 != 0 { // the node's own kind is wanted
			f(nodes[i])
		}
		i++
	}
}

// Nodes calls f(n, true) for every node n whose kind is in mask, in
// Inspect's order; if that returns true, it visits n's subtree and then
// calls f(n, false), else it skips both.
func (in *Inspector) Nodes(mask Kind, f func(n Node, push bool) (proceed bool)) {
	t := in.tree()
	// open holds the wanted nodes whose subtree is being visited, whose
	// pops are due when the traversal passes their end.
	var buf [32]int32
	open := buf[:0]
	for i := in.lo; ; {
		for len(open) > 0 && t.info[open[len(open)-1]].end <= i {
			f(t.nodes[open[len(open)-1]], false)
			open = open[:len(open)-1]
		}
		if i >= in.hi {
			return
		}
		ni := &t.info[i]
		if ni.subtree()&mask == 0 {
			i = ni.end // nothing wanted here or below: skip the subtree
			continue
		}
		if ni.kindBit()&mask != 0 {
			if !f(t.nodes[i], true) {
				i = ni.end
				continue
			}
			open = append(open, i)
		}
		i++
	}
}

// WithStack is Nodes with the path to the node: stack holds every node
// from the root of the traversal to n, n included, whatever their kind.
// f must not keep or modify stack: it is reused.
func (in *Inspector) WithStack(mask Kind, f func(n Node, push bool, stack []Node) (proceed bool)) {
	t := in.tree()
	stack := make([]Node, 0, 32)
	open := make([]int32, 0, 32) // open[d] is the index of stack[d]
	for i := in.lo; ; {
		// Pop the open nodes whose subtree ends at or before node i,
		// calling f for the wanted ones.
		for len(open) > 0 && t.info[open[len(open)-1]].end <= i {
			if t.info[open[len(open)-1]].kindBit()&mask != 0 {
				f(stack[len(stack)-1], false, stack)
			}
			stack, open = stack[:len(stack)-1], open[:len(open)-1]
		}
		if i >= in.hi {
			return
		}
		ni := &t.info[i]
		if ni.subtree()&mask == 0 {
			i = ni.end // nothing wanted here or below: skip the subtree
			continue
		}
		n := t.nodes[i]
		stack = append(stack, n)
		if ni.kindBit()&mask != 0 && !f(n, true, stack) {
			stack = stack[:len(stack)-1]
			i = ni.end
			continue
		}
		open = append(open, i)
		i++
	}
}

// Subtree returns the Inspector of the subtree rooted at n (n included),
// or nil when n is not in this tree or subtree.
func (in *Inspector) Subtree(n Node) *Inspector {
	i, ok := in.find(n)
	if !ok {
		return nil
	}
	return &Inspector{t: in.t, lo: i, hi: in.t.info[i].end, gen: in.gen}
}

// Parent returns the parent of n in the whole tree (nil for the root, or
// when n is not in this tree or subtree).
func (in *Inspector) Parent(n Node) Node {
	i, ok := in.find(n)
	if !ok {
		return nil
	}
	if p := in.t.info[i].parent; p >= 0 {
		return in.t.nodes[p]
	}
	return nil
}

// Enclosing returns the innermost proper ancestor of n whose kind is in
// mask (nil when there is none, or when n is not in this tree or
// subtree).
func (in *Inspector) Enclosing(n Node, mask Kind) Node {
	i, ok := in.find(n)
	if !ok {
		return nil
	}
	t := in.t
	for p := t.info[i].parent; p >= 0; p = t.info[p].parent {
		if t.info[p].kindBit()&mask != 0 {
			return t.nodes[p]
		}
	}
	return nil
}

// Ancestors calls f for each proper ancestor of n in the whole tree,
// innermost first, until f returns false. It reports whether n is in this
// tree or subtree (when it is not, f is not called).
func (in *Inspector) Ancestors(n Node, f func(Node) bool) bool {
	i, ok := in.find(n)
	if !ok {
		return false
	}
	t := in.t
	for p := t.info[i].parent; p >= 0; p = t.info[p].parent {
		if !f(t.nodes[p]) {
			break
		}
	}
	return true
}

// Contains reports whether n is a node of this tree or subtree.
func (in *Inspector) Contains(n Node) bool {
	_, ok := in.find(n)
	return ok
}

// posEntry is one node in find's index.
type posEntry struct {
	pos  Pos
	node int32
}

// find returns the index of n within this view.
//
// Why an index by position: rules look up nodes they got elsewhere (a
// variable's references, a function from the script analysis), and a map
// from every node would cost more to build than most rules spend. Nodes in
// tree order are in source order, so a lookup is a binary search on start
// offsets followed by a scan of the few nodes that start at the same
// offset (a call statement, its call, its callee...).
func (in *Inspector) find(n Node) (int32, bool) {
	t := in.tree()
	if n == nil || in.lo >= in.hi {
		return 0, false
	}
	i, ok := t.lookup(n)
	if !ok || i < in.lo || i >= in.hi {
		return 0, false
	}
	return i, true
}

// lookup returns the index of n in the whole tree.
func (t *flatTree) lookup(n Node) (int32, bool) {
	if t.byPos != nil {
		p := n.Pos()
		j, _ := slices.BinarySearchFunc(t.byPos, p, func(e posEntry, p Pos) int { return int(e.pos - p) })
		for ; j < len(t.byPos) && t.byPos[j].pos == p; j++ {
			if i := t.byPos[j].node; t.nodes[i] == n {
				return i, true
			}
		}
		return 0, false
	}
	if fn, ok := n.(*FunctionExpr); ok {
		// Its key may be past its offset (see setIndex): it is found as
		// the parent of its body.
		if fn.Body == nil {
			return 0, false // not in a tree: every FunctionExpr has a body
		}
		b, ok := t.lookup(fn.Body)
		if !ok {
			return 0, false
		}
		if p := t.info[b].parent; p >= 0 && t.nodes[p] == n {
			return p, true
		}
		return 0, false
	}
	p := n.Pos()
	if Pos(int32(p)) != p {
		return 0, false // no key is that far (or byPos would be used)
	}
	j, _ := slices.BinarySearch(t.keys, int32(p)) // the first key >= p
	for ; j < len(t.keys) && t.keys[j] == int32(p); j++ {
		if t.nodes[j] == n {
			return int32(j), true
		}
	}
	return 0, false
}

// setIndex makes find's index from keys, the start offset of each node
// (filled by the builder): it raises the key of a FunctionExpr whose
// offset is below the previous key to that key.
//
// Tree order is source order but for one case: a function statement's
// FunctionExpr (at its "function" keyword) comes after the function's
// name. Raising those keys makes the slice sorted, and every other node's
// key its offset, so that a binary search finds it. Should some tree break
// that (a tree not built by Parse), byPos, the nodes sorted by offset, is
// used instead.
//
// The index is built with the tree rather than on first use: nearly every
// file needs it (the rules ask for parents and subtrees), and the offsets
// cost little while the builder has each node at hand.
func (t *flatTree) setIndex(wide bool) {
	if wide {
		t.keys, t.byPos = nil, sortedByPos(t.nodes, nil)
		return
	}
	// One pass that checks the order and raises the keys (it runs on
	// every file): an out-of-order node other than a FunctionExpr, never
	// seen, restores the raised keys before the fallback.
	keys := t.keys
	for i := firstDescent(keys, 1); i < len(keys); i = firstDescent(keys, i+1) {
		if t.info[i].kindBit() != KindFunctionExpr {
			t.fallBackToSorted(i)
			return
		}
		// The keys before i are in order: keys[i-1] is the largest.
		keys[i] = keys[i-1]
	}
}

// fallBackToSorted gives up the keys for the sorted index when node i,
// not a FunctionExpr, is out of order: the keys of the FunctionExprs
// before i, which the order check raised, get their offsets back first.
func (t *flatTree) fallBackToSorted(i int) {
	keys := t.keys
	for j := range i {
		if t.info[j].kindBit() == KindFunctionExpr {
			keys[j] = int32(t.nodes[j].Pos())
		}
	}
	t.keys, t.byPos = nil, sortedByPos(t.nodes, keys)
}

// firstDescent returns the first i >= from (from >= 1) where keys[i] <
// keys[i-1], or len(keys) when there is none (from when that is larger).
//
// Why four pairs at a time: this scan runs over every node of every file
// and finds nothing but a function statement's body once in a while; one
// loop test and increment per four comparisons instead of per one is
// about half the instructions. TestFirstDescentOracle checks it against
// a plain loop.
func firstDescent(keys []int32, from int) int {
	i := from
	for ; i+3 < len(keys); i += 4 {
		// (An array: one bounds check for the five keys.)
		k := (*[5]int32)(keys[i-1 : i+4])
		if k[1] < k[0] || k[2] < k[1] || k[3] < k[2] || k[4] < k[3] {
			break
		}
	}
	for ; i < len(keys); i++ {
		if keys[i] < keys[i-1] {
			return i
		}
	}
	return i
}

// sortedByPos returns the nodes sorted by start offset, in tree order
// among equal offsets; keys holds the offset of every node, or is nil when
// they are to be asked of the nodes.
func sortedByPos(nodes []Node, keys []int32) []posEntry {
	byPos := make([]posEntry, len(nodes))
	for i, n := range nodes {
		var p Pos
		if keys != nil {
			p = Pos(keys[i])
		} else {
			p = n.Pos()
		}
		byPos[i] = posEntry{p, int32(i)}
	}
	slices.SortStableFunc(byPos, func(a, b posEntry) int { return cmp.Compare(a.pos, b.pos) })
	return byPos
}
