package luaast

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

func mustParse(t *testing.T, src string) *File {
	t.Helper()
	f, err := Parse("t.lua", []byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return f
}

func TestParseShapes(t *testing.T) {
	tests := []struct{ src, want string }{
		// Precedence and associativity.
		{"return a or b and c", "return (a or (b and c))"},
		{"return a and b or c", "return ((a and b) or c)"},
		{"return a < b == c", "return ((a < b) == c)"},
		{"return a .. b .. c", "return (a .. (b .. c))"},
		{"return a + b .. c", "return ((a + b) .. c)"},
		{"return a .. b + c", "return (a .. (b + c))"},
		{"return a + b * c - d", "return ((a + (b * c)) - d)"},
		{"return a / b % c * d", "return (((a / b) % c) * d)"},
		{"return a ^ b ^ c", "return (a ^ (b ^ c))"},
		{"return -x ^ 2", "return (-(x ^ 2))"},
		{"return 2 ^ -x", "return (2 ^ (-x))"},
		{"return not a == b", "return ((not a) == b)"},
		{"return #t + 1", "return ((#t) + 1)"},
		{"return - - x", "return (-(-x))"},
		{"return not not x", "return (not (not x))"},
		{"return a < b and c >= d or e ~= f", "return (((a < b) and (c >= d)) or (e ~= f))"},
		{"return a <= b, a > b, a == b", "return (a <= b),(a > b),(a == b)"},
		{"return 1 + 2 ^ 3 * 4", "return (1 + ((2 ^ 3) * 4))"},
		{"return (a + b) * c", "return ([(a + b)] * c)"},
		{"return -2 ^ -2 ^ 2", "return (-(2 ^ (-(2 ^ 2))))"},
		// Literals.
		{"return nil, true, false, ..., 1, 'x', [[y]]", `return nil,true,false,...,1,"x","y"`},
		{"return 0x10, 1e2, .5, 3., 0x1p4", "return 16,100,0.5,3,16"},
		// Calls and suffixes.
		{"f()", "f()"},
		{"f(1, 2)", "f(1,2)"},
		{"f'x' f\"y\" f[[z]]", `f("x"); f("y"); f("z")`},
		{"f{1}", "f({1})"},
		{"a.b.c()", "a.b.c()"},
		{"a.b:c'str'", `a.b:c("str")`},
		{"a:b{}", "a:b({})"},
		{"a[b][c]()", "a[b][c]()"},
		{"f()()", "f()()"},
		{"f():g()", "f():g()"},
		{"(f)()", "[f]()"},
		{"('x'):rep(3)", `["x"]:rep(3)`},
		{"local t = {f\n(1)}", "local t = {f(1)}"},
		// Tables.
		{"return {}", "return {}"},
		{"return {1, 2; 3,}", "return {1,2,3}"},
		{"return {a = 1, ['b'] = 2, c}", `return {a=1,["b"]=2,c}`},
		{"return {a}", "return {a}"},
		{"return {a.b}", "return {a.b}"},
		{"return {f()}", "return {f()}"},
		// Statements.
		{"local a", "local a"},
		{"local a, b = 1", "local a,b = 1"},
		{"local function f(a, b, ...) end", "local function f(a,b,...)  end"},
		{"function f() end", "function f()  end"},
		{"function a.b.c:d(x) end", "function a.b.c:d(x)  end"},
		{"a, b.c, d[1] = 1, 2, 3", "a,b.c,d[1] = 1,2,3"},
		{"do end", "do  end"},
		{"while x do f() end", "while x do f() end"},
		{"repeat f() until x", "repeat f() until x"},
		{"if a then elseif b then elseif c then else end", "if a then  elseif b then  elseif c then  else  end"},
		{"for i = 1, 10 do end", "for i = 1,10 do  end"},
		{"for i = 10, 1, -1 do end", "for i = 10,1,(-1) do  end"},
		{"for k, v in pairs(t) do end", "for k,v in pairs(t) do  end"},
		{"for k in next, t, nil do end", "for k in next,t,nil do  end"},
		{"return", "return"},
		{"return;", "return"},
		{"do return end", "do return end"},
		{"while 1 do break end", "while 1 do break end"},
		{"while 1 do break; end", "while 1 do break end"},
		{"local a; local b;", "local a; local b"},
		{"x = function(...) return ... end", "x = function(...) return ... end"},
		{"return function() end", "return function()  end"},
		// Lua 5.1 has no goto keyword.
		{"local goto = 1 return goto", "local goto = 1; return goto"},
		{"return t.goto, {goto = 1}", "return t.goto,{goto=1}"},
		// Comments anywhere.
		{"--[[c]] local --x\n a --[=[y]=] = 1 -- z", "local a = 1"},
		{"", ""},
		{"-- only a comment", ""},
	}
	for _, tt := range tests {
		f, err := Parse("t.lua", []byte(tt.src))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if got := dump(f); got != tt.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// spanList renders every node Inspect visits as "Type source-text".
func spanList(f *File) []string {
	var out []string
	Inspect(f, func(n Node) bool {
		if n == nil {
			return false
		}
		out = append(out, fmt.Sprintf("%T %s", n, f.Src[n.Pos():n.End()])[len("*luaast."):])
		return true
	})
	return out
}

func TestParsePositions(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"local a, b = f(x), t.y[1]:m'q' return;", []string{
			"File local a, b = f(x), t.y[1]:m'q' return;",
			"Block local a, b = f(x), t.y[1]:m'q' return;",
			"LocalStmt local a, b = f(x), t.y[1]:m'q'",
			"Ident a",
			"Ident b",
			"CallExpr f(x)",
			"Ident f",
			"Ident x",
			"MethodCallExpr t.y[1]:m'q'",
			"IndexExpr t.y[1]",
			"FieldExpr t.y",
			"Ident t",
			"Ident y",
			"NumberLit 1",
			"Ident m",
			"StringLit 'q'",
			"ReturnStmt return;",
		}},
		{"function a.b:c(x, ...) return -x ^ 2, {1, k = v; [3] = 4} end", []string{
			"File function a.b:c(x, ...) return -x ^ 2, {1, k = v; [3] = 4} end",
			"Block function a.b:c(x, ...) return -x ^ 2, {1, k = v; [3] = 4} end",
			"FunctionStmt function a.b:c(x, ...) return -x ^ 2, {1, k = v; [3] = 4} end",
			"FuncName a.b:c",
			"Ident a",
			"Ident b",
			"Ident c",
			"FunctionExpr function a.b:c(x, ...) return -x ^ 2, {1, k = v; [3] = 4} end",
			"Ident x",
			"Block return -x ^ 2, {1, k = v; [3] = 4} ",
			"ReturnStmt return -x ^ 2, {1, k = v; [3] = 4}",
			"UnaryExpr -x ^ 2",
			"BinaryExpr x ^ 2",
			"Ident x",
			"NumberLit 2",
			"TableExpr {1, k = v; [3] = 4}",
			"TableField 1",
			"NumberLit 1",
			"TableField k = v",
			"Ident k",
			"Ident v",
			"TableField [3] = 4",
			"NumberLit 3",
			"NumberLit 4",
		}},
		{"if a then b() elseif c then else d = (e) end", []string{
			"File if a then b() elseif c then else d = (e) end",
			"Block if a then b() elseif c then else d = (e) end",
			"IfStmt if a then b() elseif c then else d = (e) end",
			"IfClause if a then b() ",
			"Ident a",
			"Block b() ",
			"CallStmt b()",
			"CallExpr b()",
			"Ident b",
			"IfClause elseif c then ",
			"Ident c",
			"Block ",
			"Block d = (e) ",
			"AssignStmt d = (e)",
			"Ident d",
			"ParenExpr (e)",
			"Ident e",
		}},
		{"for i = 1, 2 do break end for k, v in next, t do end", []string{
			"File for i = 1, 2 do break end for k, v in next, t do end",
			"Block for i = 1, 2 do break end for k, v in next, t do end",
			"NumericForStmt for i = 1, 2 do break end",
			"Ident i",
			"NumberLit 1",
			"NumberLit 2",
			"Block break ",
			"BreakStmt break",
			"GenericForStmt for k, v in next, t do end",
			"Ident k",
			"Ident v",
			"Ident next",
			"Ident t",
			"Block ",
		}},
		{"repeat local z until z while x do end do end", []string{
			"File repeat local z until z while x do end do end",
			"Block repeat local z until z while x do end do end",
			"RepeatStmt repeat local z until z",
			"Block local z ",
			"LocalStmt local z",
			"Ident z",
			"Ident z",
			"WhileStmt while x do end",
			"Ident x",
			"Block ",
			"DoStmt do end",
			"Block ",
		}},
		{"local function f() end return f{}", []string{
			"File local function f() end return f{}",
			"Block local function f() end return f{}",
			"LocalFunctionStmt local function f() end",
			"Ident f",
			"FunctionExpr function f() end",
			"Block ",
			"ReturnStmt return f{}",
			"CallExpr f{}",
			"Ident f",
			"TableExpr {}",
		}},
	}
	for _, tt := range tests {
		f := mustParse(t, tt.src)
		got := spanList(f)
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("spans of %q:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
}

func TestParsePositionFields(t *testing.T) {
	src := "local t = {[1] = x}\nif a then b() else c() end\nf(1)(2)\nx = a:b(1)\nreturn (y);"
	f := mustParse(t, src)
	at := func(p Pos, n int) string { return src[p : int(p)+n] }
	s := f.Block.Stmts
	tbl := s[0].(*LocalStmt).Exprs[0].(*TableExpr)
	if at(tbl.Lbrace, 1) != "{" || at(tbl.Rbrace, 1) != "}" || at(tbl.Fields[0].Lbrack, 1) != "[" {
		t.Errorf("table positions wrong: %+v", tbl)
	}
	ifs := s[1].(*IfStmt)
	if at(ifs.ElsePos, 4) != "else" || at(ifs.EndPos, 3) != "end" || at(ifs.Clauses[0].IfPos, 2) != "if" {
		t.Errorf("if positions wrong: %+v", ifs)
	}
	if ifs.Else.Start != ifs.ElsePos+5 || at(ifs.Else.EndPos, 3) != "end" {
		t.Errorf("else block = [%d,%d)", ifs.Else.Start, ifs.Else.EndPos)
	}
	call := s[2].(*CallStmt).Call.(*CallExpr)
	if at(call.Lparen, 3) != "(2)" || at(call.Rparen, 1) != ")" {
		t.Errorf("call positions wrong: %+v", call)
	}
	mc := s[3].(*AssignStmt).Exprs[0].(*MethodCallExpr)
	if at(mc.Colon, 2) != ":b" || at(mc.Lparen, 3) != "(1)" {
		t.Errorf("method call positions wrong: %+v", mc)
	}
	ret := s[4].(*ReturnStmt)
	if src[ret.Pos():ret.End()] != "return (y);" {
		t.Errorf("return span %q", src[ret.Pos():ret.End()])
	}
	if f.Block.Start != 0 || int(f.Block.EndPos) != len(src) || f.Main.End() != Pos(len(src)) || !f.Main.IsVararg {
		t.Errorf("main block [%d,%d) main end %d", f.Block.Start, f.Block.EndPos, f.Main.End())
	}
	str := mustParse(t, "f'a' g{}").Block.Stmts
	if c := str[0].(*CallStmt).Call.(*CallExpr); c.Lparen != NoPos || c.Rparen != NoPos || c.End() != 4 {
		t.Errorf("string call: %+v end %d", c, c.End())
	}
}

// checkSpans verifies that every node lies within its parent and within
// the source.
func checkSpans(t *testing.T, f *File) {
	t.Helper()
	var stack []Node
	Inspect(f, func(n Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if n.Pos() < 0 || n.End() < n.Pos() || int(n.End()) > len(f.Src) {
			t.Errorf("%T span [%d,%d) invalid (len %d)", n, n.Pos(), n.End(), len(f.Src))
		}
		if len(stack) > 0 {
			parent := stack[len(stack)-1]
			if _, isFile := parent.(*File); !isFile && (n.Pos() < parent.Pos() || n.End() > parent.End()) {
				t.Errorf("%T [%d,%d) outside parent %T [%d,%d)", n, n.Pos(), n.End(), parent, parent.Pos(), parent.End())
			}
		}
		stack = append(stack, n)
		return true
	})
}

const sampleScript = `#!lua flags=no-writes
-- Rate limiter (sliding window).
local key = KEYS[1]
local now, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local function trim(k, before)
  return redis.call('ZREMRANGEBYSCORE', k, '-inf', before)
end
trim(key, now - window)
local count = redis.call("ZCARD", key)
if count >= limit then
  return {0, count}
elseif count == 0 then
  redis.call('PEXPIRE', key, window)
else
  for i, v in ipairs({1, 2, 3}) do
    if v > 2 then break end
  end
end
local t = {a = 1, [2] = "two"; 3}
repeat local x = t.a until x
while false do end
do local s = [==[
long]==] .. "\65\n" end
return {1, count + 1, -2 ^ 2, #t, not true, t.a and t[2] or nil, (...)}
`

func TestParseSpansNested(t *testing.T) {
	f := mustParse(t, sampleScript)
	checkSpans(t, f)
	if f.Shebang == nil || f.Shebang.Engine != "lua" {
		t.Errorf("shebang = %+v", f.Shebang)
	}
	if len(f.Comments) != 1 || f.Comments[0].Text != " Rate limiter (sliding window)." {
		t.Errorf("comments = %+v", f.Comments)
	}
}

// TestParseEdgeInputs feeds inputs that must give a tree or a positioned
// error, never a panic or a hang.
func TestParseEdgeInputs(t *testing.T) {
	long := "return '" + strings.Repeat("x", 10<<20) + "'"
	tests := []struct {
		name string
		src  string
		err  string // "" for success, else "line:col: msg"
	}{
		{"nul", "return 1 \x00", "1:10: '<eof>' expected"},
		{"nul in string", "return 'a\x00b'", ""},
		{"nul after number", "return 1\x00", ""},
		{"invalid utf8", "return '\xff\xfe'", ""},
		{"invalid utf8 code", "return \xff", "1:8: unexpected symbol near '\xff'"},
		{"bom", "\xef\xbb\xbfreturn 1", "1:1: unexpected symbol near the UTF-8 byte order mark that starts the script: Redis does not skip it (save the file without BOM)"},
		{"bom alone", "\xef\xbb\xbf", "1:1: unexpected symbol near the UTF-8 byte order mark that starts the script: Redis does not skip it (save the file without BOM)"},
		{"bom-like later", "return \xef\xbb\xbf", "1:8: unexpected symbol near '\xef'"},
		{"crlf", "local a = 1\r\nlocal b = 2\r\nreturn a +", "3:11: unexpected symbol near '<eof>'"},
		{"lone cr", "local a = 1\rreturn a +", "2:11: unexpected symbol near '<eof>'"},
		{"lfcr", "x = 1\n\rreturn +", "2:8: unexpected symbol near '+'"},
		{"long line", long, ""},
		{"deep parens", "return " + strings.Repeat("(", 10000) + "1" + strings.Repeat(")", 10000), "1:207: chunk has too many syntax levels"},
		{"deep tables", "return " + strings.Repeat("{", 10000) + strings.Repeat("}", 10000), "1:207: chunk has too many syntax levels"},
		{"deep functions", strings.Repeat("function f() ", 10000) + strings.Repeat("end ", 10000), "1:2601: chunk has too many syntax levels"},
		{"deep blocks", strings.Repeat("do ", 10000) + strings.Repeat("end ", 10000), "1:601: chunk has too many syntax levels"},
		{"deep unary", "return " + strings.Repeat("not ", 10000) + "x", "1:804: chunk has too many syntax levels"},
		{"deep concat", "return x" + strings.Repeat(" .. x", 10000), "1:1003: chunk has too many syntax levels"},
		{"unclosed parens", strings.Repeat("(", 10000), "1:201: chunk has too many syntax levels"},
		{"many statements", strings.Repeat("x = 1 ", 100000), ""},
		{"many calls", "f" + strings.Repeat("()", 100000), ""},
		{"many fields", "return a" + strings.Repeat(".b", 100000), ""},
		{"many unclosed strings", strings.Repeat("'\n", 1000), "1:1: unfinished string near '''"},
	}
	for _, tt := range tests {
		f, err := Parse("t.lua", []byte(tt.src))
		if f == nil || f.Lines == nil || f.Main == nil || f.Block == nil {
			t.Errorf("%s: incomplete File %+v", tt.name, f)
		}
		got := ""
		if err != nil {
			var el ErrorList
			if !errors.As(err, &el) || len(el) == 0 {
				t.Errorf("%s: error %v is not an ErrorList", tt.name, err)
				continue
			}
			got = fmt.Sprintf("%d:%d: %s", el[0].Line, el[0].Column, el[0].Msg)
		}
		if got != tt.err {
			t.Errorf("%s: got error %q, want %q", tt.name, got, tt.err)
		}
	}
}

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
