package analyzer

import (
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// KeyArgsOf returns rc's key arguments, without the shard channels of
// SPUBLISH and the like: their key specs say "not a key" (they hash to a
// slot but are no keys for ACLs or the keyspace).
func KeyArgsOf(rc *RedisCall) []luaast.Expr {
	if rc.Command == nil || len(rc.Command.KeySpecs) == 0 {
		return rc.KeyArgs
	}
	for _, ks := range rc.Command.KeySpecs {
		if !ks.Flags.Has(redisfacts.KeyNotKey) {
			return rc.KeyArgs
		}
	}
	return nil
}

// ElemName returns the source text of the first KEYS or ARGV element
// (table = OriginKeysTable or OriginArgvTable) e is made of, following
// concatenations, call arguments and locals bound once ("ARGV[1]",
// "args[2]"); fallback when there is none to show.
func ElemName(pass *Pass, info *ScriptInfo, origins *OriginInfo, e luaast.Expr, table OriginKind, fallback string) string {
	found := ""
	VisitExprArgs(info, origins, e, func(x luaast.Expr) bool {
		if found != "" {
			return false
		}
		if ix, ok := x.(*luaast.IndexExpr); ok && origins.Of(ix.X).IsOnly(table) {
			found = pass.File.ShortText(ix)
			return false
		}
		return true
	})
	if found == "" {
		return fallback
	}
	return found
}

// VisitExpr calls f on e and, while f returns true, on the operands,
// arguments, indexed tables and bound-once local values e is computed
// from, depth-first in source order.
func VisitExpr(info *ScriptInfo, e luaast.Expr, f func(luaast.Expr) bool) {
	VisitExprArgs(info, nil, e, f)
}

// VisitExprArgs is VisitExpr that also follows a helper's parameter to the
// arguments of its calls (origins.ParamArgs) when origins is not nil.
func VisitExprArgs(info *ScriptInfo, origins *OriginInfo, e luaast.Expr, f func(luaast.Expr) bool) {
	seen := map[*luaast.Variable]bool{}
	seenRet := map[luaast.Expr]bool{}
	var visit func(e luaast.Expr, depth int)
	visit = func(e luaast.Expr, depth int) {
		if e == nil || depth > 32 || !f(e) {
			return
		}
		switch x := e.(type) {
		case *luaast.ParenExpr:
			visit(x.X, depth+1)
		case *luaast.Ident:
			if x.Var != nil && !seen[x.Var] {
				seen[x.Var] = true
				if b := info.BoundOnce(x.Var); b != nil {
					visit(b, depth+1)
				} else if origins != nil {
					args, _ := origins.ParamArgs(x.Var)
					for _, a := range args {
						visit(a, depth+1)
					}
				}
			}
		case *luaast.BinaryExpr:
			visit(x.X, depth+1)
			visit(x.Y, depth+1)
		case *luaast.UnaryExpr:
			visit(x.X, depth+1)
		case *luaast.CallExpr:
			for _, a := range x.Args {
				visit(a, depth+1)
			}
			// A local helper's result: what its returns are built from.
			if origins != nil {
				if _, rets, ok := origins.HelperReturns(x); ok && len(rets) > 0 && !seenRet[rets[0]] {
					seenRet[rets[0]] = true
					for _, r := range rets {
						visit(r, depth+1)
					}
				}
			}
		case *luaast.MethodCallExpr:
			visit(x.Recv, depth+1)
			for _, a := range x.Args {
				visit(a, depth+1)
			}
		case *luaast.IndexExpr:
			visit(x.X, depth+1)
		case *luaast.FieldExpr:
			visit(x.X, depth+1)
		case *luaast.TableExpr:
			for _, f := range x.Fields {
				visit(f.Value, depth+1)
			}
		}
	}
	visit(e, 0)
}
