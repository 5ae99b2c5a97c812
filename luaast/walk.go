package luaast

// Visitor's Visit is called for each node Walk meets. If the returned
// visitor w is not nil, Walk visits each child of node with w, then calls
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

type inspector func(Node) bool

func (f inspector) Visit(node Node) Visitor {
	if f(node) {
		return f
	}
	return nil
}

// Inspect traverses the tree in depth-first order, calling f(node) for each
// node; if f returns true, Inspect visits node's children, then calls
// f(nil).
func Inspect(node Node, f func(Node) bool) {
	Walk(inspector(f), node)
}
