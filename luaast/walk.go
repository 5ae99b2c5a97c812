package luaast

// Visitor is what Walk calls: its Visit method is called for each node
// Walk meets. If the returned visitor w is not nil, Walk visits each child of node with w, then calls
// w.Visit(nil).
type Visitor interface {
	Visit(node Node) (w Visitor)
}

// Walk traverses a syntax tree in depth-first, source order, as go/ast.Walk
// does. Nodes visited: *File, *Block, every Stmt and Expr, *IfClause,
// *TableField and *FuncName. It runs on Inspect's traversal, which defines
// the tree's shape once, keeping the visitor of each open node on a stack.
func Walk(v Visitor, node Node) {
	stack := []Visitor{v}
	inspect(node, func(n Node) bool {
		top := stack[len(stack)-1]
		if n == nil { // after n's children: the visitor n returned sees nil
			stack = stack[:len(stack)-1]
			top.Visit(nil)
			return false
		}
		w := top.Visit(n)
		if w == nil {
			return false
		}
		stack = append(stack, w)
		return true
	})
}

// Inspect traverses the tree in depth-first order, calling f(node) for each
// node; if f returns true, Inspect visits node's children, then calls
// f(nil).
//
// It calls f directly, without Walk's Visitor interface calls: most rules
// walk the whole tree once per file through Inspect.
func Inspect(node Node, f func(Node) bool) {
	inspect(node, f)
}

// inspect defines which children each node has, in source order. The
// Inspector's builder (builder.visit in inspector.go) spells the same
// order out again, because a callback per node made the flattening 1.4x
// slower; TestKindOf and TestInspectorOrder fail when the two disagree on
// any node kind, so a new node type must be added to both.
func inspect(node Node, f func(Node) bool) {
	if !f(node) {
		return
	}
	switch n := node.(type) {
	case *File:
		if n.Main != nil {
			inspect(n.Main.Body, f)
		}
	case *Block:
		for _, s := range n.Stmts {
			inspect(s, f)
		}
	case *LocalStmt:
		for _, id := range n.Names {
			inspect(id, f)
		}
		inspectExprs(n.Exprs, f)
	case *AssignStmt:
		inspectExprs(n.Targets, f)
		inspectExprs(n.Exprs, f)
	case *CallStmt:
		inspect(n.Call, f)
	case *DoStmt:
		inspect(n.Body, f)
	case *WhileStmt:
		inspect(n.Cond, f)
		inspect(n.Body, f)
	case *RepeatStmt:
		inspect(n.Body, f)
		inspect(n.Cond, f)
	case *IfStmt:
		for _, c := range n.Clauses {
			inspect(c, f)
		}
		if n.Else != nil {
			inspect(n.Else, f)
		}
	case *IfClause:
		inspect(n.Cond, f)
		inspect(n.Body, f)
	case *NumericForStmt:
		inspect(n.Var, f)
		inspect(n.Start, f)
		inspect(n.Limit, f)
		if n.Step != nil {
			inspect(n.Step, f)
		}
		inspect(n.Body, f)
	case *GenericForStmt:
		for _, id := range n.Names {
			inspect(id, f)
		}
		inspectExprs(n.Exprs, f)
		inspect(n.Body, f)
	case *FunctionStmt:
		inspect(n.Name, f)
		inspect(n.Func, f)
	case *FuncName:
		inspect(n.Root, f)
		for _, id := range n.Fields {
			inspect(id, f)
		}
		if n.Method != nil {
			inspect(n.Method, f)
		}
	case *LocalFunctionStmt:
		inspect(n.Name, f)
		inspect(n.Func, f)
	case *ReturnStmt:
		inspectExprs(n.Exprs, f)
	case *FieldExpr:
		inspect(n.X, f)
		inspect(n.Name, f)
	case *IndexExpr:
		inspect(n.X, f)
		inspect(n.Key, f)
	case *CallExpr:
		inspect(n.Fn, f)
		inspectExprs(n.Args, f)
	case *MethodCallExpr:
		inspect(n.Recv, f)
		inspect(n.Method, f)
		inspectExprs(n.Args, f)
	case *FunctionExpr:
		for _, id := range n.Params {
			inspect(id, f)
		}
		inspect(n.Body, f)
	case *BinaryExpr:
		inspect(n.X, f)
		inspect(n.Y, f)
	case *UnaryExpr:
		inspect(n.X, f)
	case *ParenExpr:
		inspect(n.X, f)
	case *TableExpr:
		for _, fld := range n.Fields {
			inspect(fld, f)
		}
	case *TableField:
		switch n.Kind {
		case FieldNamed:
			inspect(n.Name, f)
		case FieldBracketed:
			inspect(n.Key, f)
		}
		inspect(n.Value, f)
	case *BreakStmt, *NilLit, *TrueLit, *FalseLit, *NumberLit, *StringLit, *VarargExpr, *Ident:
		// leaves
	}
	f(nil)
}

func inspectExprs(list []Expr, f func(Node) bool) {
	for _, x := range list {
		inspect(x, f)
	}
}
