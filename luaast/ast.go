// Package luaast is a Lua 5.1 lexer, parser and syntax tree that accepts
// exactly what Redis (Lua 5.1.5) compiles, with byte offsets on every node,
// comments kept, names resolved to their declarations, and precise errors.
package luaast

// Pos is a byte offset into File.Src, 0-based. NoPos marks an absent position.
type Pos int

// NoPos is the zero-like value for positions that do not exist (for example
// the Else position of an if statement without else).
const NoPos Pos = -1

// Span is the half-open byte range [Start, End) of a node or token.
type Span struct {
	Start Pos
	End   Pos
}

// Node is implemented by every syntax tree node.
type Node interface {
	// Pos is the offset of the node's first byte.
	Pos() Pos
	// End is the offset just past the node's last byte.
	End() Pos
}

// SpanOf returns the span covered by n.
func SpanOf(n Node) Span { return Span{Start: n.Pos(), End: n.End()} }

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// ---------------------------------------------------------------------------
// Expressions

// NilLit is the literal nil.
type NilLit struct{ NilPos Pos }

// TrueLit is the literal true.
type TrueLit struct{ TruePos Pos }

// FalseLit is the literal false.
type FalseLit struct{ FalsePos Pos }

// NumberLit is a numeric literal as written (Raw) and as Lua 5.1 reads it.
type NumberLit struct {
	ValuePos Pos
	Raw      string
	Value    float64
}

// StringLit is a quoted or long-bracket string. Value holds the decoded
// bytes; Raw is the source text including quotes or brackets.
type StringLit struct {
	ValuePos Pos
	Raw      string
	Value    string
	// Long is true for [[...]] / [==[...]==] strings.
	Long bool
}

// VarargExpr is "...".
type VarargExpr struct{ Ellipsis Pos }

// Ident is a name: a reference when used as an expression, or a
// declaration when it appears in LocalStmt.Names, parameter lists, for
// loop variables, or LocalFunctionStmt.Name.
type Ident struct {
	NamePos Pos
	Name    string
	// Var is the variable this name declares or refers to; nil for a
	// reference to a global. Filled in by the parser.
	Var *Variable
}

// FieldExpr is X.Name.
type FieldExpr struct {
	X    Expr
	Dot  Pos
	Name *Ident // Name.Var is always nil: a field name is not a variable
}

// IndexExpr is X[Key].
type IndexExpr struct {
	X      Expr
	Lbrack Pos
	Key    Expr
	Rbrack Pos
}

// CallExpr is Fn(args), Fn"str" or Fn{table}.
type CallExpr struct {
	Fn   Expr
	Args []Expr
	// Lparen and Rparen are the parentheses; for the string and table call
	// forms both are NoPos and the single argument carries its own span.
	Lparen Pos
	Rparen Pos
}

// MethodCallExpr is Recv:Method(args).
type MethodCallExpr struct {
	Recv   Expr
	Colon  Pos
	Method *Ident
	Args   []Expr
	Lparen Pos // NoPos for the string and table call forms
	Rparen Pos
}

// FunctionExpr is a function body: "function (params) body end", used as an
// expression and by FunctionStmt and LocalFunctionStmt.
type FunctionExpr struct {
	Function Pos // the "function" keyword
	Params   []*Ident
	IsVararg bool
	Body     *Block
	EndPos   Pos // offset of the "end" keyword
	// Method is true for "function a:b()" bodies, which get an implicit
	// "self" parameter (SelfVar).
	Method  bool
	SelfVar *Variable
	// ArgVar is the implicit "arg" local (Kind VarArg, Decl nil) of a
	// vararg function other than the main chunk; nil otherwise.
	ArgVar *Variable
	// Parent is the enclosing function (nil for the main chunk's functions
	// declared at top level: their parent is the File's Main).
	Parent *FunctionExpr
	// Upvalues lists the variables of enclosing functions this function
	// uses, in first-use order: as in Lua, this includes the variables
	// that only its nested functions use (they reach them through it).
	Upvalues []*Variable
}

// BinaryOp is a binary operator.
type BinaryOp int

// Binary operators of Lua 5.1.
const (
	OpAdd    BinaryOp = iota // +
	OpSub                    // -
	OpMul                    // *
	OpDiv                    // /
	OpMod                    // %
	OpPow                    // ^
	OpConcat                 // ..
	OpEq                     // ==
	OpNe                     // ~=
	OpLt                     // <
	OpLe                     // <=
	OpGt                     // >
	OpGe                     // >=
	OpAnd                    // and
	OpOr                     // or
)

var binaryOpText = [...]string{"+", "-", "*", "/", "%", "^", "..", "==", "~=", "<", "<=", ">", ">=", "and", "or"}

// String returns the operator as written in Lua.
func (op BinaryOp) String() string { return binaryOpText[op] }

// UnaryOp is a unary operator.
type UnaryOp int

// Unary operators of Lua 5.1.
const (
	OpNeg UnaryOp = iota // -
	OpNot                // not
	OpLen                // #
)

var unaryOpText = [...]string{"-", "not", "#"}

// String returns the operator as written in Lua.
func (op UnaryOp) String() string { return unaryOpText[op] }

// BinaryExpr is X Op Y.
type BinaryExpr struct {
	X     Expr
	OpPos Pos
	Op    BinaryOp
	Y     Expr
}

// UnaryExpr is Op X.
type UnaryExpr struct {
	OpPos Pos
	Op    UnaryOp
	X     Expr
}

// ParenExpr is (X). It matters in Lua: it truncates a call or vararg to one
// value.
type ParenExpr struct {
	Lparen Pos
	X      Expr
	Rparen Pos
}

// TableFieldKind says how a table constructor field was written.
type TableFieldKind int

// Kinds of table constructor fields.
const (
	FieldPositional TableFieldKind = iota // value
	FieldNamed                            // name = value
	FieldBracketed                        // [key] = value
)

// TableField is one field of a table constructor. Key is nil for positional
// fields, a *StringLit-free *Ident for named ones (Name) and any expression
// for bracketed ones.
type TableField struct {
	Kind   TableFieldKind
	Name   *Ident // FieldNamed only
	Lbrack Pos    // FieldBracketed only
	Key    Expr   // FieldBracketed only
	Value  Expr
}

// Pos returns the offset of the field's first byte.
func (f *TableField) Pos() Pos {
	switch f.Kind {
	case FieldNamed:
		return f.Name.NamePos
	case FieldBracketed:
		return f.Lbrack
	}
	return f.Value.Pos()
}

// End returns the offset just past the field's value.
func (f *TableField) End() Pos { return f.Value.End() }

// TableExpr is a table constructor { fields }.
type TableExpr struct {
	Lbrace Pos
	Fields []*TableField
	Rbrace Pos
}

// ---------------------------------------------------------------------------
// Statements

// Block is a sequence of statements with its own scope.
type Block struct {
	Start Pos // offset of the first byte of the block (may equal End)
	Stmts []Stmt
	// EndPos is the offset just past the block: the keyword that closes it
	// (end, until, else, elseif) or the end of file.
	EndPos Pos
}

// LocalStmt is "local names = exprs".
type LocalStmt struct {
	Local Pos
	Names []*Ident
	Exprs []Expr // may be empty
	// EndPos is the offset just past the statement.
	EndPos Pos
}

// AssignStmt is "targets = exprs"; every target is an *Ident, *FieldExpr or
// *IndexExpr.
type AssignStmt struct {
	Targets []Expr
	Exprs   []Expr
}

// CallStmt is a function call used as a statement.
type CallStmt struct {
	Call Expr // *CallExpr or *MethodCallExpr
}

// DoStmt is "do body end".
type DoStmt struct {
	Do     Pos
	Body   *Block
	EndPos Pos // offset of "end"
}

// WhileStmt is "while cond do body end".
type WhileStmt struct {
	While  Pos
	Cond   Expr
	Body   *Block
	EndPos Pos // offset of "end"
}

// RepeatStmt is "repeat body until cond". Cond is in the body's scope.
type RepeatStmt struct {
	Repeat Pos
	Body   *Block
	Until  Pos
	Cond   Expr
}

// IfClause is one "if cond then body" or "elseif cond then body".
type IfClause struct {
	IfPos Pos // offset of "if" or "elseif"
	Cond  Expr
	Body  *Block
}

// IfStmt is "if ... elseif ... else ... end".
type IfStmt struct {
	Clauses []*IfClause // at least one; Clauses[0] is the "if"
	ElsePos Pos         // NoPos without else
	Else    *Block      // nil without else
	EndPos  Pos         // offset of "end"
}

// NumericForStmt is "for Var = Start, Limit[, Step] do body end".
type NumericForStmt struct {
	For    Pos
	Var    *Ident
	Start  Expr
	Limit  Expr
	Step   Expr // nil when omitted
	Body   *Block
	EndPos Pos // offset of "end"
}

// GenericForStmt is "for names in exprs do body end".
type GenericForStmt struct {
	For    Pos
	Names  []*Ident
	Exprs  []Expr
	Body   *Block
	EndPos Pos // offset of "end"
}

// FuncName is the name of a "function a.b.c:m()" statement.
type FuncName struct {
	Root   *Ident   // a reference: a local, an upvalue or a global
	Fields []*Ident // .b.c
	Method *Ident   // :m, or nil
}

// FunctionStmt is "function funcname body".
type FunctionStmt struct {
	Name *FuncName
	Func *FunctionExpr
}

// LocalFunctionStmt is "local function name body".
type LocalFunctionStmt struct {
	Local Pos
	Name  *Ident
	Func  *FunctionExpr
}

// ReturnStmt is "return exprs".
type ReturnStmt struct {
	Return Pos
	Exprs  []Expr
	EndPos Pos // offset just past the statement (including a trailing ';')
}

// BreakStmt is "break".
type BreakStmt struct{ Break Pos }

// ---------------------------------------------------------------------------
// Variables (filled in by the parser's scope resolution)

// VarKind says how a local variable was declared.
type VarKind int

// Kinds of local variables.
const (
	VarLocal     VarKind = iota // local x
	VarLocalFunc                // local function f
	VarParam                    // function parameter
	VarSelf                     // implicit self of a method
	VarForNum                   // numeric for variable
	VarForIn                    // generic for variable
	// VarArg is the implicit "arg" local of a vararg function other than
	// the main chunk (Lua 5.1's LUA_COMPAT_VARARG, which Redis keeps: it
	// holds the extra arguments as a table unless the body uses "...").
	VarArg
)

// Variable is one local variable declaration and every reference to it.
type Variable struct {
	Name string
	Kind VarKind
	// Decl is the declaring identifier; nil for the implicit self and arg.
	Decl *Ident
	// Func is the function whose local this is (the File's Main for the
	// main chunk).
	Func *FunctionExpr
	// Scope is the block in which the variable is visible.
	Scope *Block
	// Refs lists the identifiers that refer to this variable, in source
	// order, reads and writes alike (not the declaring identifier).
	Refs []*Ident
	// Writes lists the identifiers among Refs that are assignment targets.
	Writes []*Ident
	// Captured is true when a nested function refers to the variable.
	Captured bool
	// Shadows is the variable of an enclosing scope with the same name that
	// this one hides, if any.
	Shadows *Variable
}

// ---------------------------------------------------------------------------
// File

// Comment is a Lua comment. Text excludes the "--" and any long brackets.
type Comment struct {
	Span Span
	Text string
	Long bool
}

// ShebangOption is one "key=value" (or bare word) token of a shebang line.
type ShebangOption struct {
	Span  Span
	Key   string // text before the first '=', or the whole token
	Value string // text after the first '='
	// HasValue is true when the token contained '='.
	HasValue bool
}

// Shebang is a first line starting with "#!", as Redis reads it: an engine
// token followed by space-separated options (name=LIB, flags=a,b).
type Shebang struct {
	Span    Span   // the line without its newline
	Text    string // the line without its newline
	Engine  string // first token without "#!" ("lua" normally)
	Options []ShebangOption
	// HasNewline is false when the shebang is the whole file (Redis
	// rejects that: "Invalid script shebang").
	HasNewline bool
}

// File is one parsed Lua chunk.
type File struct {
	Name string
	Src  []byte
	// Main is the main chunk, a vararg function without parameters.
	Main *FunctionExpr
	// Block is Main.Body.
	Block    *Block
	Comments []*Comment
	// Shebang is the parsed first line when it starts with "#!"; nil
	// otherwise. The line is skipped by the parser, as Redis does.
	Shebang *Shebang
	// Globals lists every identifier that refers to a global, in source
	// order.
	Globals []*Ident
	// Lines converts offsets to line:column (see position.go).
	Lines *LineIndex
}

// ---------------------------------------------------------------------------
// Node interface implementations

func (x *NilLit) Pos() Pos         { return x.NilPos }
func (x *NilLit) End() Pos         { return x.NilPos + 3 }
func (x *TrueLit) Pos() Pos        { return x.TruePos }
func (x *TrueLit) End() Pos        { return x.TruePos + 4 }
func (x *FalseLit) Pos() Pos       { return x.FalsePos }
func (x *FalseLit) End() Pos       { return x.FalsePos + 5 }
func (x *NumberLit) Pos() Pos      { return x.ValuePos }
func (x *NumberLit) End() Pos      { return x.ValuePos + Pos(len(x.Raw)) }
func (x *StringLit) Pos() Pos      { return x.ValuePos }
func (x *StringLit) End() Pos      { return x.ValuePos + Pos(len(x.Raw)) }
func (x *VarargExpr) Pos() Pos     { return x.Ellipsis }
func (x *VarargExpr) End() Pos     { return x.Ellipsis + 3 }
func (x *Ident) Pos() Pos          { return x.NamePos }
func (x *Ident) End() Pos          { return x.NamePos + Pos(len(x.Name)) }
func (x *FieldExpr) Pos() Pos      { return x.X.Pos() }
func (x *FieldExpr) End() Pos      { return x.Name.End() }
func (x *IndexExpr) Pos() Pos      { return x.X.Pos() }
func (x *IndexExpr) End() Pos      { return x.Rbrack + 1 }
func (x *CallExpr) Pos() Pos       { return x.Fn.Pos() }
func (x *CallExpr) End() Pos       { return callEnd(x.Rparen, x.Args, x.Fn) }
func (x *MethodCallExpr) Pos() Pos { return x.Recv.Pos() }
func (x *MethodCallExpr) End() Pos { return callEnd(x.Rparen, x.Args, x.Method) }
func (x *FunctionExpr) Pos() Pos   { return x.Function }
func (x *FunctionExpr) End() Pos   { return x.EndPos + 3 }
func (x *BinaryExpr) Pos() Pos     { return x.X.Pos() }
func (x *BinaryExpr) End() Pos     { return x.Y.End() }
func (x *UnaryExpr) Pos() Pos      { return x.OpPos }
func (x *UnaryExpr) End() Pos      { return x.X.End() }
func (x *ParenExpr) Pos() Pos      { return x.Lparen }
func (x *ParenExpr) End() Pos      { return x.Rparen + 1 }
func (x *TableExpr) Pos() Pos      { return x.Lbrace }
func (x *TableExpr) End() Pos      { return x.Rbrace + 1 }

func callEnd(rparen Pos, args []Expr, fn Node) Pos {
	if rparen != NoPos {
		return rparen + 1
	}
	if len(args) > 0 {
		return args[len(args)-1].End()
	}
	return fn.End()
}

func (*NilLit) exprNode()         {}
func (*TrueLit) exprNode()        {}
func (*FalseLit) exprNode()       {}
func (*NumberLit) exprNode()      {}
func (*StringLit) exprNode()      {}
func (*VarargExpr) exprNode()     {}
func (*Ident) exprNode()          {}
func (*FieldExpr) exprNode()      {}
func (*IndexExpr) exprNode()      {}
func (*CallExpr) exprNode()       {}
func (*MethodCallExpr) exprNode() {}
func (*FunctionExpr) exprNode()   {}
func (*BinaryExpr) exprNode()     {}
func (*UnaryExpr) exprNode()      {}
func (*ParenExpr) exprNode()      {}
func (*TableExpr) exprNode()      {}

func (s *Block) Pos() Pos { return s.Start }
func (s *Block) End() Pos { return s.EndPos }

func (s *LocalStmt) Pos() Pos { return s.Local }
func (s *LocalStmt) End() Pos { return s.EndPos }
func (s *AssignStmt) Pos() Pos {
	return s.Targets[0].Pos()
}
func (s *AssignStmt) End() Pos        { return s.Exprs[len(s.Exprs)-1].End() }
func (s *CallStmt) Pos() Pos          { return s.Call.Pos() }
func (s *CallStmt) End() Pos          { return s.Call.End() }
func (s *DoStmt) Pos() Pos            { return s.Do }
func (s *DoStmt) End() Pos            { return s.EndPos + 3 }
func (s *WhileStmt) Pos() Pos         { return s.While }
func (s *WhileStmt) End() Pos         { return s.EndPos + 3 }
func (s *RepeatStmt) Pos() Pos        { return s.Repeat }
func (s *RepeatStmt) End() Pos        { return s.Cond.End() }
func (s *IfStmt) Pos() Pos            { return s.Clauses[0].IfPos }
func (s *IfStmt) End() Pos            { return s.EndPos + 3 }
func (s *NumericForStmt) Pos() Pos    { return s.For }
func (s *NumericForStmt) End() Pos    { return s.EndPos + 3 }
func (s *GenericForStmt) Pos() Pos    { return s.For }
func (s *GenericForStmt) End() Pos    { return s.EndPos + 3 }
func (s *FunctionStmt) Pos() Pos      { return s.Func.Function }
func (s *FunctionStmt) End() Pos      { return s.Func.End() }
func (s *LocalFunctionStmt) Pos() Pos { return s.Local }
func (s *LocalFunctionStmt) End() Pos { return s.Func.End() }
func (s *ReturnStmt) Pos() Pos        { return s.Return }
func (s *ReturnStmt) End() Pos        { return s.EndPos }
func (s *BreakStmt) Pos() Pos         { return s.Break }
func (s *BreakStmt) End() Pos         { return s.Break + 5 }
func (*LocalStmt) stmtNode()          {}
func (*AssignStmt) stmtNode()         {}
func (*CallStmt) stmtNode()           {}
func (*DoStmt) stmtNode()             {}
func (*WhileStmt) stmtNode()          {}
func (*RepeatStmt) stmtNode()         {}
func (*IfStmt) stmtNode()             {}
func (*NumericForStmt) stmtNode()     {}
func (*GenericForStmt) stmtNode()     {}
func (*FunctionStmt) stmtNode()       {}
func (*LocalFunctionStmt) stmtNode()  {}
func (*ReturnStmt) stmtNode()         {}
func (*BreakStmt) stmtNode()          {}
func (f *File) Pos() Pos              { return 0 }
func (f *File) End() Pos              { return Pos(len(f.Src)) }
func (c *IfClause) Pos() Pos          { return c.IfPos }
func (c *IfClause) End() Pos          { return c.Body.EndPos }
func (n *FuncName) Pos() Pos          { return n.Root.NamePos }
func (n *FuncName) End() Pos          { return n.lastIdent().End() }
func (n *FuncName) lastIdent() *Ident {
	if n.Method != nil {
		return n.Method
	}
	if len(n.Fields) > 0 {
		return n.Fields[len(n.Fields)-1]
	}
	return n.Root
}

// Unparen returns e without the parentheses around it: ((x)) is x. The
// parentheses only matter where they truncate a call or vararg to one
// value, which callers that strip them have already taken into account.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}
