package goembed

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"strconv"
	"strings"
)

// commandCall recognises a generic command call, whatever its callee, by
// a string literal naming a scripting command among its arguments: the
// first string literal argument is EVAL or EVAL_RO (the script follows,
// then numkeys and the keys), SCRIPT then LOAD, or FUNCTION then LOAD
// (and REPLACE), the source following them (any case). redigo's
// c.Do("EVAL", script, 1, key), go-redis's rdb.Do(ctx, "eval", ...), a
// test helper's mustDo(t, c, "EVAL", script, "1", "k"). The call says
// that the argument is a script, so it is one whatever its text: it must
// only be a source whose text is known (isSource).
func commandCall(call *ast.CallExpr, isSource func(ast.Expr) bool) (apiCall, bool) {
	switch calleeName(call) {
	case "CommandGetKeys", "CommandGetKeysAndFlags":
		return apiCall{}, false // asks which arguments of a command are keys
	}
	words := func(i int) (string, bool) {
		if i >= len(call.Args) {
			return "", false
		}
		lit, ok := ast.Unparen(call.Args[i]).(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(lit.Value)
		return strings.ToUpper(s), err == nil
	}
	first := -1
	for i := range call.Args {
		if _, ok := words(i); ok {
			first = i
			break
		}
	}
	if first < 0 {
		return apiCall{}, false
	}
	c := apiCall{src: -1, keys: -1, keyCount: -1, command: true}
	w, _ := words(first)
	second, _ := words(first + 1)
	switch {
	case w == "EVAL" || w == "EVAL_RO":
		c.kind, c.name, c.src, c.keyCount = evalSource, w, first+1, first+2
	case w == "SCRIPT" && second == "LOAD":
		c.kind, c.name, c.src = loadSource, "SCRIPT LOAD", first+2
	case w == "FUNCTION" && second == "LOAD":
		c.kind, c.name, c.src = loadLibrary, "FUNCTION LOAD", first+2
		if third, _ := words(first + 2); third == "REPLACE" {
			c.src++
		}
	default:
		return apiCall{}, false
	}
	if c.src >= len(call.Args) || call.Ellipsis.IsValid() && c.src == len(call.Args)-1 || !isSource(call.Args[c.src]) {
		return apiCall{}, false
	}
	return c, true
}

// calleeName returns the name of the function or method call calls ("" for
// another callee).
func calleeName(call *ast.CallExpr) string {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// builderCall recognises rueidis's command builder:
// client.B().Eval().Script(src).Numkeys(1).Key(k)... (EvalRo too), with
// ScriptLoad().Script(src) and FunctionLoad()...FunctionCode(src): the
// call's chain says that the argument is a script.
func builderCall(call *ast.CallExpr, isSource func(ast.Expr) bool) (apiCall, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 || !isSource(call.Args[0]) {
		return apiCall{}, false
	}
	c := apiCall{src: 0, keys: -1, keyCount: -1, builder: true}
	prev := chainNames(sel.X)
	switch {
	case sel.Sel.Name == "Script" && len(prev) > 0 && (prev[0] == "Eval" || prev[0] == "EvalRo"):
		c.kind, c.name = evalSource, prev[0]+"().Script"
	case sel.Sel.Name == "Script" && len(prev) > 0 && prev[0] == "ScriptLoad":
		c.kind, c.name = loadSource, "ScriptLoad().Script"
	case sel.Sel.Name == "FunctionCode" && len(prev) > 0 && (prev[0] == "FunctionLoad" || len(prev) > 1 && prev[0] == "Replace" && prev[1] == "FunctionLoad"):
		c.kind, c.name = loadLibrary, "FunctionLoad().FunctionCode"
	default:
		return apiCall{}, false
	}
	return c, true
}

// chainNames returns the names of the argument-less method calls that e
// chains, innermost last: x.B().Eval() gives Eval, B.
func chainNames(e ast.Expr) []string {
	var out []string
	for range maxDepth {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return out
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return out
		}
		out = append(out, sel.Sel.Name)
		e = sel.X
	}
	return out
}

// builderTail is what a rueidis builder chain shows after Script(src):
// the Numkeys(n) argument and the keys of the Key(...) calls that follow.
type builderTail struct {
	numkeys ast.Expr
	keys    []ast.Expr
	// keysAt is the last Key call (nil: none); open says that a key
	// list is not countable (a Key(keys...)).
	keysAt *ast.CallExpr
	open   bool
}

// builderTails maps each Script(src) call of a rueidis builder chain to
// what follows it.
func builderTails(files []*ast.File) map[*ast.CallExpr]*builderTail {
	out := map[*ast.CallExpr]*builderTail{}
	// A chain is visited from its last call: keys are met before the
	// Numkeys and the Script calls they follow.
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Numkeys" || len(call.Args) != 1 {
				return true
			}
			script, ok := ast.Unparen(sel.X).(*ast.CallExpr)
			if !ok {
				return true
			}
			if s, ok := ast.Unparen(script.Fun).(*ast.SelectorExpr); !ok || s.Sel.Name != "Script" {
				return true
			}
			out[script] = &builderTail{numkeys: call.Args[0]}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			// The outermost Key call of a chain: its receiver's chain
			// holds the other Key calls and the Numkeys call.
			var keyCalls []*ast.CallExpr
			e := ast.Expr(call)
			for range 64 {
				c, ok := ast.Unparen(e).(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if sel.Sel.Name != "Key" {
					break
				}
				keyCalls = append(keyCalls, c)
				e = sel.X
			}
			if len(keyCalls) == 0 {
				return true
			}
			nk, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := ast.Unparen(nk.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Numkeys" {
				return true
			}
			script, _ := ast.Unparen(sel.X).(*ast.CallExpr)
			t := out[script]
			if t == nil || t.keysAt != nil {
				return false
			}
			t.keysAt = keyCalls[0]
			for i := len(keyCalls) - 1; i >= 0; i-- {
				k := keyCalls[i]
				t.open = t.open || k.Ellipsis.IsValid()
				t.keys = append(t.keys, k.Args...)
			}
			return false
		})
	}
	return out
}

// numkeysArg returns the key count an argument gives: an integer
// constant, or a string constant holding one (a test helper's "1").
func (c *checker) numkeysArg(e ast.Expr) (int, bool) {
	if n, ok := c.intConst(e); ok {
		return n, true
	}
	tv, ok := c.in.Info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return 0, false
	}
	s, ok := c.ix.stringVal(e)
	if !ok || len(s) > 10 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// commandKeys runs numkeys-mismatch on a generic EVAL call or a rueidis
// builder chain whose numkeys is a constant, and cross-slot-keys when its
// keys are countable (as many arguments follow as numkeys says).
func (c *checker) commandKeys(s *site) {
	call := s.call
	if s.lua == nil || s.api.kind != evalSource {
		return
	}
	var nAt ast.Expr
	var keys []ast.Expr
	var keysAt ast.Node
	switch {
	case s.api.command:
		if s.api.keyCount >= len(call.Args) {
			return
		}
		nAt = call.Args[s.api.keyCount]
	default:
		t := c.tails[call]
		if t == nil {
			return
		}
		nAt = t.numkeys
	}
	n, ok := c.numkeysArg(nAt)
	if !ok || n < 0 {
		return
	}
	if s.api.command {
		from := s.api.keyCount + 1
		if end := from + n; end <= len(call.Args) && !(call.Ellipsis.IsValid() && end == len(call.Args)) {
			keys, keysAt = call.Args[from:end], call
		}
	} else if t := c.tails[call]; t.keysAt != nil && !t.open && len(t.keys) == n {
		keys, keysAt = t.keys, t.keysAt
	}
	if c.collect != nil {
		c.collect.call(s, call, s.api.name, n, nAt, keys, keysAt)
		return
	}
	c.numkeys(s, n, nAt, fmt.Sprintf("this call passes %s", plural(n, "key")))
	if keysAt != nil {
		c.crossSlot(keys)
	}
}
