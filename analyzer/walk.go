package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

// InspectSameFunc is luaast.Inspect without descending into function
// literals: it visits what runs in the function n belongs to.
func InspectSameFunc(n luaast.Node, f func(luaast.Node) bool) {
	luaast.Inspect(n, func(m luaast.Node) bool {
		if m == nil {
			return false
		}
		if _, ok := m.(*luaast.FunctionExpr); ok {
			return false
		}
		return f(m)
	})
}

// PreorderSameFunc calls f for the nodes under root (root included) whose
// kind is in mask, in tree order, without entering function literals:
// InspectSameFunc through the file's inspector, for walks of whole
// function bodies.
func PreorderSameFunc(in *luaast.Inspector, root luaast.Node, mask luaast.Kind, f func(luaast.Node)) {
	// The main chunk's body is the whole file but for the File node,
	// which the mask does not ask for: walk the file's own inspector
	// rather than allocate a subtree view (an EVAL script's reply
	// returns are looked up this way on every file).
	if file, ok := in.Root().(*luaast.File); ok && mask&luaast.KindFile == 0 && file.Main != nil && root == luaast.Node(file.Main.Body) {
		walkSameFunc(in, mask, f)
		return
	}
	sub := in.Subtree(root)
	if sub == nil { // not in the file's tree: cannot happen, but stay correct
		InspectSameFunc(root, func(n luaast.Node) bool {
			if luaast.KindOf(n)&mask != 0 {
				f(n)
			}
			return true
		})
		return
	}
	walkSameFunc(sub, mask, f)
}

// walkSameFunc calls f for the nodes of in whose kind is in mask, in tree
// order, without entering function literals.
func walkSameFunc(in *luaast.Inspector, mask luaast.Kind, f func(luaast.Node)) {
	in.Nodes(mask|luaast.KindFunctionExpr, func(n luaast.Node, push bool) bool {
		if _, ok := n.(*luaast.FunctionExpr); ok {
			return false
		}
		if push {
			f(n)
		}
		return true
	})
}
