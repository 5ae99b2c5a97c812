package luaast

// Visitor is what Walk calls: its Visit method is called for each node
// Walk meets. If the returned visitor w is not nil, Walk visits each child of node with w, then calls
// w.Visit(nil).
type Visitor interface {
	Visit(node Node) (w Visitor)
}

// Walk traverses a syntax tree in depth-first, source order, as go/ast.Walk
// does. Nodes visited: *File, *Block, every Stmt and Expr, *IfClause,
// *TableField and *FuncName.
func Walk(v Visitor, node Node) {
	if v = v.Visit(node); v == nil {
		return
	}
	switch n := node.(type) {
	case *File:
		if n.Main != nil {
			Walk(v, n.Main.Body)
		}
	case *Block:
		for _, s := range n.Stmts {
			Walk(v, s)
		}
	case *LocalStmt:
		for _, id := range n.Names {
			Walk(v, id)
		}
		walkExprs(v, n.Exprs)
	case *AssignStmt:
		walkExprs(v, n.Targets)
		walkExprs(v, n.Exprs)
	case *CallStmt:
		Walk(v, n.Call)
	case *DoStmt:
		Walk(v, n.Body)
	case *WhileStmt:
		Walk(v, n.Cond)
		Walk(v, n.Body)
	case *RepeatStmt:
		Walk(v, n.Body)
		Walk(v, n.Cond)
	case *IfStmt:
		for _, c := range n.Clauses {
			Walk(v, c)
		}
		if n.Else != nil {
			Walk(v, n.Else)
		}
	case *IfClause:
		Walk(v, n.Cond)
		Walk(v, n.Body)
	case *NumericForStmt:
		Walk(v, n.Var)
		Walk(v, n.Start)
		Walk(v, n.Limit)
		if n.Step != nil {
			Walk(v, n.Step)
		}
		Walk(v, n.Body)
	case *GenericForStmt:
		for _, id := range n.Names {
			Walk(v, id)
		}
		walkExprs(v, n.Exprs)
		Walk(v, n.Body)
	case *FunctionStmt:
		Walk(v, n.Name)
		Walk(v, n.Func)
	case *FuncName:
		Walk(v, n.Root)
		for _, id := range n.Fields {
			Walk(v, id)
		}
		if n.Method != nil {
			Walk(v, n.Method)
		}
	case *LocalFunctionStmt:
		Walk(v, n.Name)
		Walk(v, n.Func)
	case *ReturnStmt:
		walkExprs(v, n.Exprs)
	case *FieldExpr:
		Walk(v, n.X)
		Walk(v, n.Name)
	case *IndexExpr:
		Walk(v, n.X)
		Walk(v, n.Key)
	case *CallExpr:
		Walk(v, n.Fn)
		walkExprs(v, n.Args)
	case *MethodCallExpr:
		Walk(v, n.Recv)
		Walk(v, n.Method)
		walkExprs(v, n.Args)
	case *FunctionExpr:
		for _, id := range n.Params {
			Walk(v, id)
		}
		Walk(v, n.Body)
	case *BinaryExpr:
		Walk(v, n.X)
		Walk(v, n.Y)
	case *UnaryExpr:
		Walk(v, n.X)
	case *ParenExpr:
		Walk(v, n.X)
	case *TableExpr:
		for _, f := range n.Fields {
			Walk(v, f)
		}
	case *TableField:
		switch n.Kind {
		case FieldNamed:
			Walk(v, n.Name)
		case FieldBracketed:
			Walk(v, n.Key)
		}
		Walk(v, n.Value)
	case *BreakStmt, *NilLit, *TrueLit, *FalseLit, *NumberLit, *StringLit, *VarargExpr, *Ident:
		// leaves
	}
	v.Visit(nil)
}

func walkExprs(v Visitor, list []Expr) {
	for _, x := range list {
		Walk(v, x)
	}
}

// Inspect traverses the tree in depth-first order, calling f(node) for each
// node; if f returns true, Inspect visits node's children, then calls
// f(nil).
//
// It visits exactly what Walk visits, in the same order, but calls f
// directly: most rules walk the whole tree once per file through Inspect,
// and the two interface calls per node of Walk's Visitor are a measurable
// part of linting time.
func Inspect(node Node, f func(Node) bool) {
	inspect(node, f)
}

// inspect is Walk's switch with the visitor replaced by f; keep the two in
// step (TestInspectMatchesWalk checks it).
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
