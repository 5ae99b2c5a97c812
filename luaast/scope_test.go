package luaast

import (
	"strings"
	"testing"
)

// idents returns every *Ident named name in source order (declarations,
// references and field names alike).
func idents(f *File, name string) []*Ident {
	var out []*Ident
	Inspect(f, func(n Node) bool {
		if id, ok := n.(*Ident); ok && id.Name == name {
			out = append(out, id)
		}
		return n != nil
	})
	return out
}

// resolution renders how each occurrence of name resolves: "G" for a
// global, "-" for a field name (no variable), or "Dk" for a reference to
// the variable declared at the k-th occurrence (0-based), with a "*" for
// the declaration itself.
func resolution(f *File, name string) string {
	ids := idents(f, name)
	decl := map[*Variable]int{}
	var out []string
	for i, id := range ids {
		if id.Var != nil && id.Var.Decl == id {
			decl[id.Var] = i
		}
	}
	globals := map[*Ident]bool{}
	for _, g := range f.Globals {
		globals[g] = true
	}
	for _, id := range ids {
		switch {
		case id.Var == nil && globals[id]:
			out = append(out, "G")
		case id.Var == nil:
			out = append(out, "-")
		case id.Var.Decl == id:
			out = append(out, "*")
		default:
			k, ok := decl[id.Var]
			if !ok {
				out = append(out, "?"+id.Var.Name)
				continue
			}
			out = append(out, "D"+string(rune('0'+k)))
		}
	}
	return strings.Join(out, " ")
}

func TestScopeResolution(t *testing.T) {
	tests := []struct {
		src, name, want string
	}{
		{"x = 1 return x", "x", "G G"},
		{"local x = 1 return x", "x", "* D0"},
		{"local x = x", "x", "* G"},
		{"local x = 1 local x = x return x", "x", "* * D0 D1"},
		{"local x = 1 do local x = 2 end return x", "x", "* * D0"},
		{"do local x = 1 end return x", "x", "* G"},
		{"local function f() return f() end", "f", "* D0"},
		{"local f = function() return f() end", "f", "* G"},
		{"function f() return f() end", "f", "G G"},
		{"local f function f() end", "f", "* D0"},
		{"repeat local x = 1 until x", "x", "* D0"},
		{"repeat local x = 1 until true return x", "x", "* G"},
		{"for i = 1, i do end return i", "i", "* G G"},
		{"for i = 1, 2 do local y = i end", "i", "* D0"},
		{"for k, v in pairs(k) do v = k end", "k", "* G D0"},
		{"for k, v in pairs(k) do v = k end", "v", "* D0"},
		{"local t = {} t.x = 1 return t.x", "x", "- -"},
		{"local t = {x = 1} return t:x()", "x", "- -"},
		{"local x function x.y() end", "x", "* D0"},
		{"local function g(x) return function() return x end end", "x", "* D0"},
		{"local x = 1 local function g() local x = 2 return x end return x", "x", "* * D1 D0"},
		{"if a then local a = a return a else return a end", "a", "G * G D1 G"},
		{"while a do local a end return a", "a", "G * G"},
		{"local a, a = 1, 2 return a", "a", "* * D1"},
		{"local goto = 1 return goto", "goto", "* D0"},
	}
	for _, tt := range tests {
		f := mustParse(t, tt.src)
		if got := resolution(f, tt.name); got != tt.want {
			t.Errorf("%q name %s: got %q, want %q", tt.src, tt.name, got, tt.want)
		}
	}
}

func TestScopeVariables(t *testing.T) {
	src := `local a = 1
local b, c
b = a
local function f(p, ...)
  local q = p + b
  c = function() return q, a end
  return arg
end
for i = 1, 3 do local a = i end
for k, v in next, {} do end
local t = {}
function t:m() return self end
return f, t`
	f := mustParse(t, src)
	va := idents(f, "a")[0].Var
	if va.Kind != VarLocal || va.Func != f.Main || va.Scope != f.Block || len(va.Refs) != 2 || len(va.Writes) != 0 || !va.Captured {
		t.Errorf("a: %+v", va)
	}
	vb := idents(f, "b")[0].Var
	if len(vb.Refs) != 2 || len(vb.Writes) != 1 || vb.Writes[0] != idents(f, "b")[1] || !vb.Captured {
		t.Errorf("b: refs %d writes %d captured %v", len(vb.Refs), len(vb.Writes), vb.Captured)
	}
	vc := idents(f, "c")[0].Var
	if len(vc.Writes) != 1 || !vc.Captured {
		t.Errorf("c: %+v", vc)
	}
	vf := idents(f, "f")[0].Var
	fn := f.Block.Stmts[3].(*LocalFunctionStmt).Func
	if vf.Kind != VarLocalFunc || vf.Captured || fn.Parent != nil {
		t.Errorf("f: %+v parent %v", vf, fn.Parent)
	}
	vp := idents(f, "p")[0].Var
	if vp.Kind != VarParam || vp.Func != fn || vp.Scope != fn.Body || len(vp.Refs) != 1 || vp.Captured {
		t.Errorf("p: %+v", vp)
	}
	if fn.ArgVar == nil || fn.ArgVar.Kind != VarArg || len(fn.ArgVar.Refs) != 1 || !fn.IsVararg {
		t.Errorf("arg: %+v", fn.ArgVar)
	}
	vq := idents(f, "q")[0].Var
	if !vq.Captured || vq.Func != fn {
		t.Errorf("q: %+v", vq)
	}
	// Upvalues: f uses b (main) and, through its nested function, a; the
	// nested function uses q (f's) and a.
	names := func(vs []*Variable) string {
		var s []string
		for _, v := range vs {
			s = append(s, v.Name)
		}
		return strings.Join(s, ",")
	}
	if got := names(fn.Upvalues); got != "b,c,a" {
		t.Errorf("f upvalues = %s", got)
	}
	inner := fn.Body.Stmts[1].(*AssignStmt).Exprs[0].(*FunctionExpr)
	if inner.Parent != fn || names(inner.Upvalues) != "q,a" {
		t.Errorf("inner parent %p (want %p) upvalues %s", inner.Parent, fn, names(inner.Upvalues))
	}
	if len(f.Main.Upvalues) != 0 {
		t.Errorf("main upvalues = %s", names(f.Main.Upvalues))
	}
	ai := idents(f, "a")[3].Var
	if ai.Shadows != va || ai.Kind != VarLocal {
		t.Errorf("inner a shadows %p, want %p", ai.Shadows, va)
	}
	vi := idents(f, "i")[0].Var
	loop := f.Block.Stmts[4].(*NumericForStmt)
	if vi.Kind != VarForNum || vi.Scope != loop.Body || len(vi.Refs) != 1 {
		t.Errorf("i: %+v", vi)
	}
	if vk := idents(f, "k")[0].Var; vk.Kind != VarForIn {
		t.Errorf("k: %+v", vk)
	}
	m := f.Block.Stmts[7].(*FunctionStmt)
	if !m.Func.Method || m.Func.SelfVar == nil || m.Func.SelfVar.Kind != VarSelf || len(m.Func.SelfVar.Refs) != 1 {
		t.Errorf("method: %+v self %+v", m.Func, m.Func.SelfVar)
	}
	if m.Func.ArgVar != nil {
		t.Errorf("non-vararg function has arg")
	}
	if idents(f, "self")[0].Var != m.Func.SelfVar {
		t.Errorf("self does not resolve to SelfVar")
	}
	var globals []string
	for _, g := range f.Globals {
		globals = append(globals, g.Name)
	}
	if got := strings.Join(globals, ","); got != "next" {
		t.Errorf("globals = %s", got)
	}
}

func TestScopeShadowsAcrossFunctions(t *testing.T) {
	f := mustParse(t, "local x = 1 local function g(x) return function() local x = 3 return x end end")
	xs := idents(f, "x")
	outer, param, inner := xs[0].Var, xs[1].Var, xs[2].Var
	if outer.Shadows != nil || param.Shadows != outer || inner.Shadows != param {
		t.Errorf("shadows: outer %p param %p (want %p) inner %p (want %p)", outer.Shadows, param.Shadows, outer, inner.Shadows, param)
	}
	if xs[3].Var != inner || outer.Captured || param.Captured {
		t.Errorf("x resolution wrong")
	}
}

func TestScopeMainArgIsGlobal(t *testing.T) {
	// The main chunk is vararg but has no implicit "arg" local.
	f := mustParse(t, "return arg, ...")
	if f.Main.ArgVar != nil || len(f.Globals) != 1 || f.Globals[0].Name != "arg" {
		t.Errorf("main arg: %+v globals %v", f.Main.ArgVar, f.Globals)
	}
}

// TestScopeManyLocals exercises name lookup with many visible locals
// (the parser indexes names then), including shadowing across functions
// and scopes that close.
func TestScopeManyLocals(t *testing.T) {
	var b strings.Builder
	const depth, width = 5, 70
	for d := range depth {
		b.WriteString("local function f" + string(rune('a'+d)) + "()\n")
		for i := range width {
			b.WriteString("local v" + itoa(i) + " = " + itoa(d) + "\n")
		}
		b.WriteString("do local w = v3 end\n")
	}
	b.WriteString("return v3, w, v69\n")
	for range depth {
		b.WriteString("end\nx = v3\n")
	}
	f := mustParse(t, b.String())
	v3 := idents(f, "v3")
	// Declarations of v3 are at indexes 0, 2, 4, 6, 8 (each followed by
	// its "do local w = v3" read); then "return v3" and the x = v3 reads.
	decls := []*Variable{v3[0].Var, v3[2].Var, v3[4].Var, v3[6].Var, v3[8].Var}
	for d := range depth {
		if v3[2*d+1].Var != decls[d] {
			t.Errorf("read in function %d resolves to %v", d, v3[2*d+1].Var)
		}
		if d > 0 && decls[d].Shadows != decls[d-1] {
			t.Errorf("v3 of function %d does not shadow the outer one", d)
		}
	}
	if v3[10].Var != decls[depth-1] {
		t.Errorf("return v3 resolves wrongly")
	}
	// After each "end", x = v3 reads the enclosing function's v3; after
	// the last one, the global.
	for k := range depth {
		var want *Variable
		if k < depth-1 {
			want = decls[depth-2-k]
		}
		if got := v3[11+k].Var; got != want {
			t.Errorf("x = v3 after %d ends resolves to %p, want %p", k+1, got, want)
		}
	}
	if ws := idents(f, "w"); ws[len(ws)-1].Var != nil {
		t.Errorf("w outside its do block resolves to a local")
	}
	innermost := decls[depth-1].Func
	if got := len(innermost.Upvalues); got != 0 {
		t.Errorf("innermost function has %d upvalues", got)
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
