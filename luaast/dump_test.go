package luaast

import (
	"fmt"
	"strconv"
	"strings"
)

// dump renders a tree compactly for table-driven tests: statements are
// separated by "; ", expressions are fully parenthesised.
func dump(n Node) string {
	var b strings.Builder
	dumpNode(&b, n)
	return b.String()
}

func dumpList[T Node](b *strings.Builder, list []T, sep string) {
	for i, x := range list {
		if i > 0 {
			b.WriteString(sep)
		}
		dumpNode(b, x)
	}
}

func dumpNode(b *strings.Builder, n Node) {
	switch n := n.(type) {
	case *File:
		dumpNode(b, n.Block)
	case *Block:
		dumpList(b, n.Stmts, "; ")
	case *LocalStmt:
		b.WriteString("local ")
		dumpList(b, n.Names, ",")
		if len(n.Exprs) > 0 {
			b.WriteString(" = ")
			dumpList(b, n.Exprs, ",")
		}
	case *AssignStmt:
		dumpList(b, n.Targets, ",")
		b.WriteString(" = ")
		dumpList(b, n.Exprs, ",")
	case *CallStmt:
		dumpNode(b, n.Call)
	case *DoStmt:
		b.WriteString("do ")
		dumpNode(b, n.Body)
		b.WriteString(" end")
	case *WhileStmt:
		b.WriteString("while ")
		dumpNode(b, n.Cond)
		b.WriteString(" do ")
		dumpNode(b, n.Body)
		b.WriteString(" end")
	case *RepeatStmt:
		b.WriteString("repeat ")
		dumpNode(b, n.Body)
		b.WriteString(" until ")
		dumpNode(b, n.Cond)
	case *IfStmt:
		for i, c := range n.Clauses {
			if i > 0 {
				b.WriteString(" else")
			}
			b.WriteString("if ")
			dumpNode(b, c.Cond)
			b.WriteString(" then ")
			dumpNode(b, c.Body)
		}
		if n.Else != nil {
			b.WriteString(" else ")
			dumpNode(b, n.Else)
		}
		b.WriteString(" end")
	case *NumericForStmt:
		b.WriteString("for ")
		dumpNode(b, n.Var)
		b.WriteString(" = ")
		dumpNode(b, n.Start)
		b.WriteString(",")
		dumpNode(b, n.Limit)
		if n.Step != nil {
			b.WriteString(",")
			dumpNode(b, n.Step)
		}
		b.WriteString(" do ")
		dumpNode(b, n.Body)
		b.WriteString(" end")
	case *GenericForStmt:
		b.WriteString("for ")
		dumpList(b, n.Names, ",")
		b.WriteString(" in ")
		dumpList(b, n.Exprs, ",")
		b.WriteString(" do ")
		dumpNode(b, n.Body)
		b.WriteString(" end")
	case *FunctionStmt:
		b.WriteString("function ")
		dumpNode(b, n.Name.Root)
		for _, f := range n.Name.Fields {
			b.WriteString("." + f.Name)
		}
		if n.Name.Method != nil {
			b.WriteString(":" + n.Name.Method.Name)
		}
		dumpFunc(b, n.Func)
	case *LocalFunctionStmt:
		b.WriteString("local function ")
		dumpNode(b, n.Name)
		dumpFunc(b, n.Func)
	case *ReturnStmt:
		b.WriteString("return")
		if len(n.Exprs) > 0 {
			b.WriteString(" ")
			dumpList(b, n.Exprs, ",")
		}
	case *BreakStmt:
		b.WriteString("break")
	case *NilLit:
		b.WriteString("nil")
	case *TrueLit:
		b.WriteString("true")
	case *FalseLit:
		b.WriteString("false")
	case *NumberLit:
		b.WriteString(strconv.FormatFloat(n.Value, 'g', -1, 64))
	case *StringLit:
		b.WriteString(strconv.Quote(n.Value))
	case *VarargExpr:
		b.WriteString("...")
	case *Ident:
		b.WriteString(n.Name)
	case *FieldExpr:
		dumpNode(b, n.X)
		b.WriteString("." + n.Name.Name)
	case *IndexExpr:
		dumpNode(b, n.X)
		b.WriteString("[")
		dumpNode(b, n.Key)
		b.WriteString("]")
	case *CallExpr:
		dumpNode(b, n.Fn)
		b.WriteString("(")
		dumpList(b, n.Args, ",")
		b.WriteString(")")
	case *MethodCallExpr:
		dumpNode(b, n.Recv)
		b.WriteString(":" + n.Method.Name + "(")
		dumpList(b, n.Args, ",")
		b.WriteString(")")
	case *FunctionExpr:
		b.WriteString("function")
		dumpFunc(b, n)
	case *BinaryExpr:
		b.WriteString("(")
		dumpNode(b, n.X)
		b.WriteString(" " + n.Op.String() + " ")
		dumpNode(b, n.Y)
		b.WriteString(")")
	case *UnaryExpr:
		b.WriteString("(" + n.Op.String())
		if n.Op == OpNot {
			b.WriteString(" ")
		}
		dumpNode(b, n.X)
		b.WriteString(")")
	case *ParenExpr:
		b.WriteString("[")
		dumpNode(b, n.X)
		b.WriteString("]")
	case *TableExpr:
		b.WriteString("{")
		for i, f := range n.Fields {
			if i > 0 {
				b.WriteString(",")
			}
			switch f.Kind {
			case FieldNamed:
				b.WriteString(f.Name.Name + "=")
			case FieldBracketed:
				b.WriteString("[")
				dumpNode(b, f.Key)
				b.WriteString("]=")
			}
			dumpNode(b, f.Value)
		}
		b.WriteString("}")
	default:
		fmt.Fprintf(b, "<%T>", n)
	}
}

func dumpFunc(b *strings.Builder, f *FunctionExpr) {
	b.WriteString("(")
	dumpList(b, f.Params, ",")
	if f.IsVararg {
		if len(f.Params) > 0 {
			b.WriteString(",")
		}
		b.WriteString("...")
	}
	b.WriteString(") ")
	dumpNode(b, f.Body)
	b.WriteString(" end")
}
