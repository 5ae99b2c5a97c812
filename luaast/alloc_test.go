package luaast

import (
	"fmt"
	"strings"
	"testing"
)

// TestAllocNoAliasing parses scripts that are much denser in one kind of
// node than the densities presize and nodeChunk assume, just below and
// above the smallScript limit, so that every slab and list arena runs
// through its preallocated chunks, its hinted chunk and its grown ones. A
// node handed out twice would appear twice in the tree, or with another
// node's text.
func TestAllocNoAliasing(t *testing.T) {
	dense := map[string]func(i int) string{
		"idents":  func(i int) string { return fmt.Sprintf("a%d = b%d\n", i, i) },
		"locals":  func(i int) string { return fmt.Sprintf("do local l%d, m%d = l%d, %d end\n", i, i, i, i) },
		"numbers": func(i int) string { return fmt.Sprintf("x = {%d, %d.5, %d}\n", i, i, i+1) },
		"strings": func(i int) string { return fmt.Sprintf("x = 's%d' .. \"t%d\" .. [[u%d]]\n", i, i, i) },
		"calls":   func(i int) string { return fmt.Sprintf("f(%d)(g(%d), h:m(%d))\n", i, i, i) },
		"ifs":     func(i int) string { return fmt.Sprintf("if x%d then elseif y%d then else end\n", i, i) },
		"funcs": func(i int) string {
			return fmt.Sprintf("do local function f%d(a, ...) return a, ..., f%d end end\n", i, i)
		},
		"upvals": func(i int) string {
			return fmt.Sprintf("do local u%d, v%d\nfunction g%d() return function() return u%d, v%d end end end\n", i, i, i, i, i)
		},
		"literals": func(i int) string { return fmt.Sprintf("x = {nil, true, false, -%d, not y, #z}\n", i) },
		"comments": func(i int) string { return fmt.Sprintf("-- c%d\n--[[ d%d ]] x = %d\n", i, i, i) },
	}
	for name, line := range dense {
		for _, size := range []int{100, 1000, smallScript - 200, smallScript + 200, 40000} {
			t.Run(fmt.Sprintf("%s/%d", name, size), func(t *testing.T) {
				var b strings.Builder
				for i := 0; b.Len() < size; i++ {
					b.WriteString(line(i))
				}
				src := b.String()
				f, err := Parse("dense.lua", []byte(src))
				if err != nil {
					t.Fatalf("parse: %v", err)
				}
				seen := map[Node]bool{}
				nodes := 0
				Inspect(f.Block, func(n Node) bool {
					if n == nil {
						return false
					}
					nodes++
					if seen[n] {
						t.Fatalf("node %T at %d reached twice", n, n.Pos())
					}
					seen[n] = true
					switch n := n.(type) {
					case *Ident:
						if got := src[n.Pos():n.End()]; got != n.Name {
							t.Fatalf("ident %q at %d spans %q", n.Name, n.Pos(), got)
						}
						if n.Var != nil && n.Var.Name != n.Name {
							t.Fatalf("ident %q at %d refers to variable %q", n.Name, n.Pos(), n.Var.Name)
						}
					case *NumberLit:
						if got := src[n.Pos():n.End()]; got != n.Raw {
							t.Fatalf("number %q at %d spans %q", n.Raw, n.Pos(), got)
						}
					case *StringLit:
						if got := src[n.Pos():n.End()]; got != n.Raw {
							t.Fatalf("string %q at %d spans %q", n.Raw, n.Pos(), got)
						}
					case *FunctionExpr:
						for _, v := range n.Upvalues {
							if v.Func == n {
								t.Fatalf("function at %d lists its own local %q as an upvalue", n.Pos(), v.Name)
							}
						}
					}
					return true
				})
				if nodes < size/20 {
					t.Fatalf("only %d nodes in %d bytes", nodes, len(src))
				}
				for _, c := range f.Comments {
					if !strings.Contains(src[c.Span.Start:c.Span.End], c.Text) {
						t.Fatalf("comment %q at %d spans %q", c.Text, c.Span.Start, src[c.Span.Start:c.Span.End])
					}
				}
				// Every reference of a variable is an identifier naming it.
				Inspect(f.Block, func(n Node) bool {
					if id, ok := n.(*Ident); ok && id.Var != nil {
						for _, r := range id.Var.Refs {
							if r.Var != id.Var {
								t.Fatalf("variable %q lists a reference to %v", id.Var.Name, r.Var)
							}
						}
					}
					return n != nil
				})
			})
		}
	}
}
