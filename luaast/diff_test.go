package luaast_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	glast "github.com/yuin/gopher-lua/ast"
	glparse "github.com/yuin/gopher-lua/parse"

	"github.com/redis-lua-lint/redis-lua-lint/internal/longtest"
	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Differential tests against gopher-lua's parser (github.com/yuin/gopher-lua
// v1.1.2, package parse), an independent Lua 5.1 parser. Both must accept
// and reject the same inputs and, when both accept, build the same
// statement structure and expression shapes, except where gopher-lua is
// known to differ from Lua 5.1 as Redis runs it. Each such difference is
// listed in gopherDeviations with its cause; the Redis tests
// (redis_test.go) establish which side is right.

// gopherDeviations maps snippet names (from snippets and limitSnippets) on
// which gopher-lua's accept/reject decision differs from Lua 5.1's to the
// reason. A listed snippet on which the parsers agree fails the test, so
// the list stays accurate.
var gopherDeviations = map[string]string{
	// gopher-lua implements Lua 5.2's goto and labels, and so reserves
	// "goto" as a keyword.
	"goto":                            "gopher-lua accepts goto (Lua 5.2)",
	"label":                           "gopher-lua accepts ::labels:: (Lua 5.2)",
	"label later line":                "gopher-lua accepts ::labels:: (Lua 5.2)",
	"goto is a name":                  "gopher-lua reserves goto as a keyword; Lua 5.1 does not",
	"goto as field":                   "gopher-lua reserves goto as a keyword; Lua 5.1 does not",
	"empty statement":                 "gopher-lua accepts empty statements ';' (Lua 5.2); Lua 5.1 allows ';' only after a statement",
	"double semicolon":                "gopher-lua accepts empty statements ';' (Lua 5.2)",
	"empty statement in block":        "gopher-lua accepts empty statements ';' (Lua 5.2)",
	"empty statement after statement": "gopher-lua accepts empty statements ';' (Lua 5.2)",
	// Lexer differences.
	"decimal escape too large":                 `gopher-lua does not check \ddd <= 255 (it wraps the byte)`,
	"decimal escape 256":                       `gopher-lua does not check \ddd <= 255 (it wraps the byte)`,
	"decimal escape 999":                       `gopher-lua does not check \ddd <= 255 (it wraps the byte)`,
	"hex float exponent":                       "gopher-lua lexes 0x1p4 as 0x1 followed by the name p4; Lua 5.1 hands 0x1p4 to strtod, which reads a hex float",
	"hex float capital P":                      "gopher-lua lexes 0x1P4 as 0x1 followed by the name P4; Lua 5.1's strtod reads a hex float",
	"exponent without digits":                  "gopher-lua does not validate numerals at parse time ('1e' is accepted)",
	"exponent sign without digits":             "gopher-lua does not validate numerals at parse time ('1e+' is accepted)",
	"number then letters":                      "gopher-lua splits 3abc into 3 and abc; Lua 5.1 reads one malformed numeral",
	"form feed and vertical tab are spaces":    `gopher-lua rejects \f and \v, which Lua 5.1 skips as white space`,
	"malformed long comment is a line comment": "gopher-lua rejects --[= not followed by [; Lua 5.1 reads a line comment",
	"nul after numeral is part of it":          "Lua 5.1's read_numeral absorbs up to two NULs after a numeral (strchr quirk); gopher-lua does not",
	"two nuls after numeral":                   "Lua 5.1's read_numeral absorbs up to two NULs after a numeral (strchr quirk); gopher-lua does not",
	"nul after decimal numeral":                "Lua 5.1's read_numeral absorbs up to two NULs after a numeral (strchr quirk); gopher-lua does not",
	// Checks Lua 5.1 does while parsing and gopher-lua leaves to its
	// compiler (or never does).
	"break outside loop":                   "gopher-lua checks break placement only when compiling",
	"break in function inside loop":        "gopher-lua checks break placement only when compiling",
	"vararg outside vararg function":       "gopher-lua checks '...' only when compiling",
	"vararg in nested non-vararg function": "gopher-lua checks '...' only when compiling",
	"parenthesised call statement":         "gopher-lua accepts (f()) as a call statement; Lua 5.1 rejects a parenthesised expression as a statement",
	"ambiguous call":                       "gopher-lua reports 'ambiguous syntax' only when the previous token is ')'",
	"ambiguous call after field":           "gopher-lua reports 'ambiguous syntax' only when the previous token is ')'",
	"ambiguous call after parens":          "gopher-lua's 'ambiguous syntax' check misses a '(' on a new line after (f)",
	"double separator":                     "gopher-lua accepts two separators in a row in a table constructor",
	"nul after exponent letter":            "gopher-lua does not validate numerals at parse time (reads 1e plus a NUL)",
	"201 locals":                           "gopher-lua has no limit on locals (Lua 5.1: 200)",
	"201 locals in one statement":          "gopher-lua has no limit on locals (Lua 5.1: 200)",
	"201 locals in a function":             "gopher-lua has no limit on locals (Lua 5.1: 200)",
	"for loop hidden locals overflow":      "gopher-lua has no limit on locals (Lua 5.1: 200, counting for-loop state)",
	"201st local name followed by newline": "gopher-lua has no limit on locals (Lua 5.1: 200)",
	"61 upvalues":                          "gopher-lua has no limit on upvalues (Lua 5.1: 60)",
	"201 assignment targets":               "gopher-lua has no limit on assignment targets (Lua 5.1: one C level each)",
	"198 nested assignment targets":        "gopher-lua has no limit on assignment targets (Lua 5.1: one C level each)",
	"call with 249 args":                   "gopher-lua has no register limit (Lua 5.1: 250 stack slots per function, MAXSTACK)",
	"method call with 248 args":            "gopher-lua has no register limit (Lua 5.1: 250 stack slots per function, MAXSTACK)",
	"return 250 values":                    "gopher-lua has no register limit (Lua 5.1: 250 stack slots per function, MAXSTACK)",
	"local from 250 values":                "gopher-lua has no register limit (Lua 5.1: 250 stack slots per function, MAXSTACK)",
	"vararg call with 247 args":            "gopher-lua has no register limit (Lua 5.1: 250 stack slots per function, MAXSTACK)",
	"nested calls 83 deep":                 "gopher-lua has no register limit (Lua 5.1: 250 stack slots per function, MAXSTACK)",
	"call with 250 args on 250 lines":      "gopher-lua has no register limit (Lua 5.1: 250 stack slots per function, MAXSTACK)",
	"200 locals and a call with 49 args":   "gopher-lua has no register limit (Lua 5.1: 250 stack slots per function, MAXSTACK)",
}

// allGopherDeviations returns gopherDeviations plus every nesting case one
// past Lua 5.1's limit: gopher-lua has no syntax level limit
// (LUAI_MAXCCALLS).
func allGopherDeviations() map[string]string {
	m := make(map[string]string, len(gopherDeviations)+len(nestingLimits))
	for k, v := range gopherDeviations {
		m[k] = v
	}
	for _, l := range nestingLimits {
		m[fmt.Sprintf("%s x%d", l.name, l.max+1)] = "gopher-lua has no nesting limit (Lua 5.1: LUAI_MAXCCALLS = 200)"
	}
	if longtest.Enabled { // limitSnippets has the constants cases only then
		m["262144 constants"] = "gopher-lua has no limit on constants (Lua 5.1: 262143 per function, MAXARG_Bx)"
		m["if body of 65536 calls"] = "gopher-lua has no jump length limit (Lua 5.1: 131071 instructions, MAXARG_sBx)"
	}
	return m
}

// gopherParse parses src with gopher-lua, turning its panics (it panics on
// some inputs) into errors.
func gopherParse(src []byte) (chunk []glast.Stmt, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("gopher-lua panicked: %v", r)
		}
	}()
	chunk, err = glparse.Parse(bytes.NewReader(src), "diff.lua")
	if err == nil && chunk == nil {
		err = fmt.Errorf("gopher-lua returned neither a chunk nor an error")
	}
	return chunk, err
}

func TestDiffSnippets(t *testing.T) {
	deviations := allGopherDeviations()
	seen := map[string]bool{}
	for _, s := range allSnippets() {
		if strings.HasPrefix(s.src, "#!") {
			continue // gopher-lua does not know Redis shebang lines
		}
		seen[s.name] = true
		t.Run(s.name, func(t *testing.T) {
			f, ourErr := luaast.Parse(s.name, []byte(s.src))
			chunk, gErr := gopherParse([]byte(s.src))
			reason, deviates := deviations[s.name]
			agree := (ourErr == nil) == (gErr == nil)
			switch {
			case agree && deviates:
				t.Errorf("listed as a gopher-lua deviation (%s) but both parsers agree (ours: %v, gopher-lua: %v)", reason, ourErr, gErr)
			case !agree && !deviates:
				t.Errorf("parsers disagree on %q\n ours:       %v\n gopher-lua: %v", short(s.src), ourErr, gErr)
			case agree && ourErr == nil:
				compareDumps(t, s.src, f, chunk)
			}
		})
	}
	for name := range deviations {
		if !seen[name] {
			t.Errorf("gopherDeviations lists %q, which is not a snippet", name)
		}
	}
}

func TestDiffGenerated(t *testing.T) {
	n := uint64(400)
	if !longtest.Enabled {
		n = 50
	}
	for seed := range n {
		src := luagen.Script(seed)
		diffOne(t, fmt.Sprintf("Script(%d)", seed), src)
	}
	diffOne(t, "Generate(9, 300000)", luagen.Generate(9, 300_000))
}

func diffOne(t *testing.T, name string, src []byte) {
	t.Helper()
	f, ourErr := luaast.Parse(name, src)
	chunk, gErr := gopherParse(src)
	if ourErr != nil || gErr != nil {
		t.Errorf("%s: generated Lua must be accepted by both\n ours:       %v\n gopher-lua: %v", name, ourErr, gErr)
		return
	}
	compareDumps(t, string(src), f, chunk)
}

func compareDumps(t *testing.T, src string, f *luaast.File, chunk []glast.Stmt) {
	t.Helper()
	ours, theirs := dumpOurs(f), dumpGopher(chunk)
	if ours == theirs {
		return
	}
	// Report the first differing line of the two dumps.
	ol, tl := strings.Split(ours, "\n"), strings.Split(theirs, "\n")
	i := 0
	for i < len(ol) && i < len(tl) && ol[i] == tl[i] {
		i++
	}
	get := func(l []string, i int) string {
		if i < len(l) {
			return l[i]
		}
		return "<end>"
	}
	lo := max(0, i-3)
	t.Errorf("trees differ for %q at dump line %d\n context: %s\n ours:       %s\n gopher-lua: %s",
		short(src), i+1, strings.Join(ol[lo:i], " | "), get(ol, i), get(tl, i))
}

func short(s string) string {
	if len(s) > 120 {
		return s[:120] + "..."
	}
	return s
}

// ---------------------------------------------------------------------------
// Normalised dumps: one statement per line, indented by nesting;
// expressions as S-expressions. Parentheses are dropped (gopher-lua drops
// them), a.b and a["b"] are both (index a "b"), elseif is an if nested in
// else, and local function f is local f = function.

type dumper struct {
	b      strings.Builder
	indent int
}

func (d *dumper) line(s string) {
	d.b.WriteString(strings.Repeat("  ", d.indent))
	d.b.WriteString(s)
	d.b.WriteByte('\n')
}

func numText(v float64) string { return "(num " + strconv.FormatFloat(v, 'g', -1, 64) + ")" }
func strText(s string) string  { return "(str " + strconv.Quote(s) + ")" }

func joinExprs(xs []string) string { return strings.Join(xs, " ") }

func dumpOurs(f *luaast.File) string {
	d := &dumper{}
	d.ourBlock(f.Block.Stmts)
	return d.b.String()
}

func (d *dumper) ourBlock(stmts []luaast.Stmt) {
	d.indent++
	for _, s := range stmts {
		d.ourStmt(s)
	}
	d.indent--
}

func (d *dumper) ourExprs(xs []luaast.Expr) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = ourExpr(x)
	}
	return joinExprs(parts)
}

func identNames(ids []*luaast.Ident) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = id.Name
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func (d *dumper) ourStmt(s luaast.Stmt) {
	switch s := s.(type) {
	case *luaast.LocalStmt:
		// gopher-lua cannot tell "local f = function" from "local function f".
		if len(s.Names) == 1 && len(s.Exprs) == 1 {
			if fn, ok := s.Exprs[0].(*luaast.FunctionExpr); ok {
				d.line("local [" + s.Names[0].Name + "] function")
				d.ourFunc(fn)
				return
			}
		}
		d.line("local " + identNames(s.Names) + " " + d.ourExprs(s.Exprs))
	case *luaast.LocalFunctionStmt:
		d.line("local [" + s.Name.Name + "] function")
		d.ourFunc(s.Func)
	case *luaast.AssignStmt:
		d.line("assign " + d.ourExprs(s.Targets) + " = " + d.ourExprs(s.Exprs))
	case *luaast.CallStmt:
		d.line("call " + ourExpr(s.Call))
	case *luaast.DoStmt:
		d.line("do")
		d.ourBlock(s.Body.Stmts)
	case *luaast.WhileStmt:
		d.line("while " + ourExpr(s.Cond))
		d.ourBlock(s.Body.Stmts)
	case *luaast.RepeatStmt:
		d.line("repeat")
		d.ourBlock(s.Body.Stmts)
		d.line("until " + ourExpr(s.Cond))
	case *luaast.IfStmt:
		d.ourIf(s.Clauses, s.Else)
	case *luaast.NumericForStmt:
		step := "nil"
		if s.Step != nil {
			step = ourExpr(s.Step)
		}
		d.line("fornum " + s.Var.Name + " " + ourExpr(s.Start) + " " + ourExpr(s.Limit) + " " + step)
		d.ourBlock(s.Body.Stmts)
	case *luaast.GenericForStmt:
		d.line("forin " + identNames(s.Names) + " " + d.ourExprs(s.Exprs))
		d.ourBlock(s.Body.Stmts)
	case *luaast.FunctionStmt:
		name := "(name " + s.Name.Root.Name + ")"
		for _, f := range s.Name.Fields {
			name = "(index " + name + " " + strText(f.Name) + ")"
		}
		method := ""
		if s.Name.Method != nil {
			method = " :" + s.Name.Method.Name
		}
		d.line("funcdef " + name + method)
		d.ourFunc(s.Func)
	case *luaast.ReturnStmt:
		d.line("return " + d.ourExprs(s.Exprs))
	case *luaast.BreakStmt:
		d.line("break")
	default:
		d.line(fmt.Sprintf("?%T", s))
	}
}

func (d *dumper) ourIf(clauses []*luaast.IfClause, els *luaast.Block) {
	c := clauses[0]
	d.line("if " + ourExpr(c.Cond))
	d.ourBlock(c.Body.Stmts)
	d.line("else")
	d.indent++
	if len(clauses) > 1 {
		d.ourIf(clauses[1:], els)
	} else if els != nil {
		for _, s := range els.Stmts {
			d.ourStmt(s)
		}
	}
	d.indent--
}

func (d *dumper) ourFunc(f *luaast.FunctionExpr) {
	d.indent++
	d.line("params " + identNames(f.Params) + fmt.Sprintf(" vararg=%v", f.IsVararg))
	d.indent--
	d.ourBlock(f.Body.Stmts)
}

func ourExpr(x luaast.Expr) string {
	switch x := x.(type) {
	case *luaast.NilLit:
		return "nil"
	case *luaast.TrueLit:
		return "true"
	case *luaast.FalseLit:
		return "false"
	case *luaast.NumberLit:
		return numText(x.Value)
	case *luaast.StringLit:
		return strText(x.Value)
	case *luaast.VarargExpr:
		return "..."
	case *luaast.Ident:
		return "(name " + x.Name + ")"
	case *luaast.FieldExpr:
		return "(index " + ourExpr(x.X) + " " + strText(x.Name.Name) + ")"
	case *luaast.IndexExpr:
		return "(index " + ourExpr(x.X) + " " + ourExpr(x.Key) + ")"
	case *luaast.CallExpr:
		return "(call " + ourExpr(x.Fn) + argList(x.Args, ourExpr) + ")"
	case *luaast.MethodCallExpr:
		return "(method " + ourExpr(x.Recv) + " " + x.Method.Name + argList(x.Args, ourExpr) + ")"
	case *luaast.FunctionExpr:
		d := &dumper{}
		d.ourFunc(x)
		return "(function\n" + d.b.String() + ")"
	case *luaast.BinaryExpr:
		return "(" + x.Op.String() + " " + ourExpr(x.X) + " " + ourExpr(x.Y) + ")"
	case *luaast.UnaryExpr:
		return "(" + [...]string{"neg", "not", "len"}[x.Op] + " " + ourExpr(x.X) + ")"
	case *luaast.ParenExpr:
		return ourExpr(x.X)
	case *luaast.TableExpr:
		var b strings.Builder
		b.WriteString("(table")
		for _, f := range x.Fields {
			switch f.Kind {
			case luaast.FieldPositional:
				b.WriteString(" (pos " + ourExpr(f.Value) + ")")
			case luaast.FieldNamed:
				b.WriteString(" (key " + strText(f.Name.Name) + " " + ourExpr(f.Value) + ")")
			default:
				b.WriteString(" (key " + ourExpr(f.Key) + " " + ourExpr(f.Value) + ")")
			}
		}
		return b.String() + ")"
	}
	return fmt.Sprintf("?%T", x)
}

func argList[T any](args []T, f func(T) string) string {
	var b strings.Builder
	for _, a := range args {
		b.WriteByte(' ')
		b.WriteString(f(a))
	}
	return b.String()
}

func dumpGopher(chunk []glast.Stmt) string {
	d := &dumper{}
	d.gBlock(chunk)
	return d.b.String()
}

func (d *dumper) gBlock(stmts []glast.Stmt) {
	d.indent++
	for _, s := range stmts {
		d.gStmt(s)
	}
	d.indent--
}

func gExprs(xs []glast.Expr) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = gExpr(x)
	}
	return joinExprs(parts)
}

func (d *dumper) gStmt(s glast.Stmt) {
	switch s := s.(type) {
	case *glast.LocalAssignStmt:
		// gopher-lua represents "local function f" as "local f = function".
		if len(s.Names) == 1 && len(s.Exprs) == 1 {
			if fn, ok := s.Exprs[0].(*glast.FunctionExpr); ok {
				d.line("local [" + s.Names[0] + "] function")
				d.gFunc(fn)
				return
			}
		}
		d.line("local [" + strings.Join(s.Names, " ") + "] " + gExprs(s.Exprs))
	case *glast.AssignStmt:
		d.line("assign " + gExprs(s.Lhs) + " = " + gExprs(s.Rhs))
	case *glast.FuncCallStmt:
		d.line("call " + gExpr(s.Expr))
	case *glast.DoBlockStmt:
		d.line("do")
		d.gBlock(s.Stmts)
	case *glast.WhileStmt:
		d.line("while " + gExpr(s.Condition))
		d.gBlock(s.Stmts)
	case *glast.RepeatStmt:
		d.line("repeat")
		d.gBlock(s.Stmts)
		d.line("until " + gExpr(s.Condition))
	case *glast.IfStmt:
		d.line("if " + gExpr(s.Condition))
		d.gBlock(s.Then)
		d.line("else")
		d.gBlock(s.Else)
	case *glast.NumberForStmt:
		step := "nil"
		if s.Step != nil {
			step = gExpr(s.Step)
		}
		d.line("fornum " + s.Name + " " + gExpr(s.Init) + " " + gExpr(s.Limit) + " " + step)
		d.gBlock(s.Stmts)
	case *glast.GenericForStmt:
		d.line("forin [" + strings.Join(s.Names, " ") + "] " + gExprs(s.Exprs))
		d.gBlock(s.Stmts)
	case *glast.FuncDefStmt:
		if s.Name.Func != nil {
			d.line("funcdef " + gExpr(s.Name.Func))
		} else {
			d.line("funcdef " + gExpr(s.Name.Receiver) + " :" + s.Name.Method)
		}
		d.gFunc(s.Func)
	case *glast.ReturnStmt:
		d.line("return " + gExprs(s.Exprs))
	case *glast.BreakStmt:
		d.line("break")
	default:
		d.line(fmt.Sprintf("?%T", s))
	}
}

func (d *dumper) gFunc(f *glast.FunctionExpr) {
	d.indent++
	d.line("params [" + strings.Join(f.ParList.Names, " ") + "]" + fmt.Sprintf(" vararg=%v", f.ParList.HasVargs))
	d.indent--
	d.gBlock(f.Stmts)
}

// gNumber converts gopher-lua's numeral text as Lua 5.1 (strtod) would.
func gNumber(s string) string {
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		v, err := strconv.ParseFloat(s+"p0", 64)
		if err != nil && v == 0 {
			return "(badnum " + s + ")"
		}
		return numText(v)
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && v == 0 {
		return "(badnum " + s + ")"
	}
	return numText(v)
}

func gExpr(x glast.Expr) string {
	switch x := x.(type) {
	case *glast.NilExpr:
		return "nil"
	case *glast.TrueExpr:
		return "true"
	case *glast.FalseExpr:
		return "false"
	case *glast.NumberExpr:
		return gNumber(x.Value)
	case *glast.StringExpr:
		return strText(x.Value)
	case *glast.Comma3Expr:
		return "..."
	case *glast.IdentExpr:
		return "(name " + x.Value + ")"
	case *glast.AttrGetExpr:
		return "(index " + gExpr(x.Object) + " " + gExpr(x.Key) + ")"
	case *glast.FuncCallExpr:
		if x.Func != nil {
			return "(call " + gExpr(x.Func) + argList(x.Args, gExpr) + ")"
		}
		return "(method " + gExpr(x.Receiver) + " " + x.Method + argList(x.Args, gExpr) + ")"
	case *glast.FunctionExpr:
		d := &dumper{}
		d.gFunc(x)
		return "(function\n" + d.b.String() + ")"
	case *glast.LogicalOpExpr:
		return "(" + x.Operator + " " + gExpr(x.Lhs) + " " + gExpr(x.Rhs) + ")"
	case *glast.RelationalOpExpr:
		return "(" + x.Operator + " " + gExpr(x.Lhs) + " " + gExpr(x.Rhs) + ")"
	case *glast.ArithmeticOpExpr:
		return "(" + x.Operator + " " + gExpr(x.Lhs) + " " + gExpr(x.Rhs) + ")"
	case *glast.StringConcatOpExpr:
		return "(.. " + gExpr(x.Lhs) + " " + gExpr(x.Rhs) + ")"
	case *glast.UnaryMinusOpExpr:
		return "(neg " + gExpr(x.Expr) + ")"
	case *glast.UnaryNotOpExpr:
		return "(not " + gExpr(x.Expr) + ")"
	case *glast.UnaryLenOpExpr:
		return "(len " + gExpr(x.Expr) + ")"
	case *glast.TableExpr:
		var b strings.Builder
		b.WriteString("(table")
		for _, f := range x.Fields {
			if f.Key == nil {
				b.WriteString(" (pos " + gExpr(f.Value) + ")")
			} else {
				b.WriteString(" (key " + gExpr(f.Key) + " " + gExpr(f.Value) + ")")
			}
		}
		return b.String() + ")"
	}
	return fmt.Sprintf("?%T", x)
}

// TestDiffMutations compares the trees of randomly edited generated
// scripts that both parsers accept. (Whether an edit should be accepted
// at all is TestMutationsMatchRedis's business: gopher-lua's deviations
// would make that comparison noisy here.)
func TestDiffMutations(t *testing.T) {
	n := 2000
	if !longtest.Enabled {
		n = 500
	}
	r := rand.New(rand.NewPCG(3, 4))
	var bases [][]byte
	for seed := uint64(100); seed < 140; seed++ {
		bases = append(bases, luagen.Script(seed))
	}
	both := 0
	for range n {
		src := mutate(r, bases[r.IntN(len(bases))])
		f, ourErr := luaast.Parse("m.lua", src)
		chunk, gErr := gopherParse(src)
		if ourErr != nil || gErr != nil {
			continue
		}
		both++
		compareDumps(t, string(src), f, chunk)
		if t.Failed() {
			return
		}
	}
	if both < n/20 {
		t.Errorf("only %d of %d mutants were accepted by both parsers: the test compares too little", both, n)
	}
}
