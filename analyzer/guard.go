package analyzer

import "github.com/redis-lua-lint/redis-lua-lint/luaast"

// GuardedBy reports whether n sits in the body of an if or elseif clause
// whose condition satisfies test, among the ifs that hold n in its own
// function (a test outside the function does not hold when it runs).
func GuardedBy(in *luaast.Inspector, n luaast.Node, test func(cond luaast.Expr) bool) bool {
	found := false
	in.Ancestors(n, func(x luaast.Node) bool {
		switch x := x.(type) {
		case *luaast.FunctionExpr:
			return false
		case *luaast.IfStmt:
			for _, cl := range x.Clauses {
				if cl.Body != nil && luaast.Contains(cl.Body, n) && test(cl.Cond) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
