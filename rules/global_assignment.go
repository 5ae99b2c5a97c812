package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var globalAssignmentRule = &analyzer.Rule{
	ID:       "global-assignment",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.GlobalUsesAnalysis},
	Doc: analyzer.Doc{
		Title: "assignment to a global variable or to a field of a sandbox table",
		Rationale: "Scripts must not create globals: since Redis 7.0 the globals table and every library table " +
			"(string, table, math, redis, cjson ...) are read-only, and an assignment such as `count = 1`, " +
			"`function helper() end`, `function table.extend() end` or `redis.call = nil` raises " +
			"\"Attempt to modify a readonly table\" (verified on 7.0.15); Redis 6.2 raised \"Script attempted " +
			"to create global variable 'count'\" for new globals and let library tables be changed for every " +
			"later script on the server. The same holds in Functions libraries, at load time and in callbacks. " +
			"Declare the variable or function with `local`, once, at its first assignment (a later " +
			"assignment is told where that is: a `local` there would start a second variable); keep helpers in a local table. The contents of " +
			"KEYS and ARGV may be changed (`KEYS[1] = x` works), but not the globals themselves (`KEYS = {}`).",
		Bad:       "count = tonumber(ARGV[1])\nreturn count + 1\n",
		Good:      "local count = tonumber(ARGV[1])\nreturn count + 1\n",
		Tags:      []string{"correctness", "sandbox"},
		Precision: "very-high",
		Fixes: "The fix adds `local` to the first assignment (`local count = 1`, `local function helper()`), " +
			"offered only where that keeps the meaning: a single-target assignment or function statement that is " +
			"the name's first use, whose value does not read the name, with every later use in the same block, " +
			"and not a sandbox global's name. It is safe (applied by `check --fix`): the assignment raises on every " +
			"run, and no other code can see the global. In a fragment of a script assembled at build time (a file " +
			"with include directives, or one that only declares locals) the other pieces may use the name, so the fix " +
			"there is not safe.",
	},
	Run: runGlobalAssignment,
}

func init() { register(globalAssignmentRule) }

// readonlyError is what the server answers to a global or library-table
// assignment on v.
func readonlyError(v redisfacts.Version, name string) string {
	if !v.Valkey && !v.AtLeast(7, 0) {
		return fmt.Sprintf("%s raises \"Script attempted to create global variable '%s'\"", v.Label(), name)
	}
	return fmt.Sprintf("%s raises \"Attempt to modify a readonly table\"", v.Label())
}

func runGlobalAssignment(pass *analyzer.Pass) {
	info := analyzer.Script(pass)
	v := pass.Version
	old := !v.Valkey && !v.AtLeast(7, 0)
	uses := analyzer.GlobalUses(pass)
	// firstWrite holds the first assignment of each global assigned (made
	// at the first one): only that one is told to add 'local', since a
	// 'local' on a later one would leave the earlier ones global and
	// start a second variable.
	var firstWrite map[string]luaast.Pos
	for i := range uses {
		u := &uses[i] // (not a copy of each use: most are skipped)
		name := u.ID.Name
		switch {
		case u.Write:
			if firstWrite == nil {
				firstWrite = map[string]luaast.Pos{}
				for j := range uses {
					if w := &uses[j]; w.Write {
						if p, seen := firstWrite[w.ID.Name]; !seen || w.ID.Pos() < p {
							firstWrite[w.ID.Name] = w.ID.Pos()
						}
					}
				}
			}
			d := analyzer.Diagnostic{Span: luaast.SpanOf(u.ID)}
			fs, isFunc := u.Stmt.(*luaast.FunctionStmt)
			if isFunc {
				d.Span = luaast.SpanOf(fs.Name)
			}
			switch first := firstWrite[name]; {
			case first < u.ID.Pos():
				what := "assignment to global"
				if isFunc {
					what = "global function"
				}
				d.Message = fmt.Sprintf("%s '%s': %s; declare '%s' once, with 'local' at its first assignment (line %d) or above it, not here", what, name, readonlyError(v, name), name, pass.File.Position(first).Line)
			case isFunc:
				d.Message = fmt.Sprintf("global function '%s': %s; declare it with 'local function %s'", name, readonlyError(v, name), name)
			default:
				d.Message = fmt.Sprintf("assignment to global '%s': %s; declare it with 'local %s'", name, readonlyError(v, name), name)
			}
			// Shadowing a sandbox global (local KEYS = {}) is rarely what the
			// author wants, so the fix is offered for new names only.
			if canAddLocal(analyzer.Inspector(pass), uses, i) && !redisfacts.Globals(v, info.ContextOf(u.Where())).Has(name) {
				d.Fixes = []analyzer.Fix{{
					Message: fmt.Sprintf("declare '%s' as a local", name),
					Edits:   []analyzer.Edit{{Span: luaast.Span{Start: u.Stmt.Pos(), End: u.Stmt.Pos()}, NewText: "local "}},
					// The assignment raises on every run; only the other
					// pieces of an assembled script could see the name.
					Safe: !info.Fragment,
				}}
			}
			pass.Report(d)
		case u.MemberWrite:
			if name == "KEYS" || name == "ARGV" {
				continue // their contents are mutable
			}
			set := redisfacts.Globals(v, info.ContextOf(u.Where()))
			if !set.Has(name) {
				continue // reading the unknown table fails first: undefined-global
			}
			member := u.Member()
			full := name + "." + member
			if member == "" {
				full = name + "[...]"
			}
			var msg string
			switch {
			case name == "_G":
				msg = fmt.Sprintf("'%s' creates a global: %s; use a local variable", full, readonlyError(v, member))
			case old:
				msg = fmt.Sprintf("'%s' modifies the library table '%s': %s allows it, but the change leaks into every later script on the server and Redis 7.0+ raises \"Attempt to modify a readonly table\"; keep your own fields in a local table", full, name, v.Label())
			default:
				msg = fmt.Sprintf("'%s' modifies the read-only table '%s': %s; keep your own fields in a local table", full, name, readonlyError(v, name))
			}
			pass.Report(analyzer.Diagnostic{Span: luaast.SpanOf(u.MemberNode), Message: msg})
		}
	}
	reportRawTableWrites(pass, info)
	reportAliasedTableWrites(pass, info)
}

// reportAliasedTableWrites reports a field assignment through a local bound
// once to a sandbox table (`local s = string; s.trim = f`, `local g = _G;
// g.x = 1`): the table is the same read-only one.
func reportAliasedTableWrites(pass *analyzer.Pass, info *analyzer.ScriptInfo) {
	v := pass.Version
	check := func(x luaast.Expr, at luaast.Node, member string) {
		id, ok := x.(*luaast.Ident)
		if !ok || id.Var == nil {
			return
		}
		name := info.GlobalPath(id)
		if name == "" || name == "KEYS" || name == "ARGV" || strings.Contains(name, ".") {
			return
		}
		set := redisfacts.Globals(v, info.ContextOf(at))
		if !set.Has(name) {
			return
		}
		if _, fixed := set.Members(name); !fixed && name != "_G" {
			return
		}
		full := id.Name + "." + member
		if member == "" {
			full = id.Name + "[...]"
		}
		var msg string
		switch {
		case name == "_G":
			msg = fmt.Sprintf("'%s' creates a global ('%s' is _G): %s; use a local variable", full, id.Name, readonlyError(v, member))
		case !v.Valkey && !v.AtLeast(7, 0):
			msg = fmt.Sprintf("'%s' modifies the library table '%s' ('%s' is %s): %s allows it, but the change leaks into every later script on the server and Redis 7.0+ raises \"Attempt to modify a readonly table\"; keep your own fields in a local table", full, name, id.Name, name, v.Label())
		default:
			msg = fmt.Sprintf("'%s' modifies the read-only table '%s' ('%s' is %s): %s; keep your own fields in a local table", full, name, id.Name, name, readonlyError(v, name))
		}
		pass.Reportf(at, "%s", msg)
	}
	analyzer.Inspector(pass).Preorder(luaast.KindAssignStmt|luaast.KindFunctionStmt, func(n luaast.Node) {
		switch n := n.(type) {
		case *luaast.AssignStmt:
			for _, t := range n.Targets {
				switch t := t.(type) {
				case *luaast.FieldExpr:
					check(t.X, t, t.Name.Name)
				case *luaast.IndexExpr:
					member := ""
					if k, ok := t.Key.(*luaast.StringLit); ok {
						member = k.Value
					}
					check(t.X, t, member)
				}
			}
		case *luaast.FunctionStmt:
			if fn := n.Name; fn != nil && len(fn.Fields) == 1 && fn.Method == nil {
				check(fn.Root, fn, fn.Fields[0].Name)
			}
		}
	})
}

// reportRawTableWrites reports rawset(_G, ...), rawset(string, ...) and
// setmetatable(_G, ...): the read-only protection covers them too (the
// error then comes from C, without the user_script: prefix).
func reportRawTableWrites(pass *analyzer.Pass, info *analyzer.ScriptInfo) {
	v := pass.Version
	if !v.Valkey && !v.AtLeast(7, 0) {
		return // 6.2's strict-mode metatable does not see raw writes
	}
	// The callee is the global rawset or setmetatable, whose references the
	// parser lists: the calls are found from them (most files have none)
	// rather than by visiting every call of the file.
	in := analyzer.Inspector(pass)
	forEachRawWriteCall(in, pass.File.Globals, func(call *luaast.CallExpr, callee *luaast.Ident) {
		fn := callee.Name
		target, ok := call.Args[0].(*luaast.Ident)
		if !ok || target.Var != nil || target.Name == "KEYS" || target.Name == "ARGV" {
			return
		}
		set := redisfacts.Globals(v, info.ContextOf(call))
		if !set.Has(target.Name) || !set.Has(fn) {
			return
		}
		if _, fixed := set.Members(target.Name); !fixed {
			return
		}
		pass.Reportf(call, "%s(%s, ...) modifies a read-only table: %s raises \"Attempt to modify a readonly table\"; use a local table", fn, target.Name, v.Label())
	})
}

// forEachRawWriteCall calls f, in tree order, for each call with
// arguments whose callee is the global rawset or setmetatable (possibly
// parenthesised), given the references to globals in source order (as
// File.Globals lists them). TestRawWriteCallsMatchWalk checks it against
// a walk of every call.
func forEachRawWriteCall(in *luaast.Inspector, globals []*luaast.Ident, f func(call *luaast.CallExpr, callee *luaast.Ident)) {
	var buf [8]*luaast.Ident
	ids := buf[:0]
	for k, id := range globals {
		if id.Var == nil && (id.Name == "rawset" || id.Name == "setmetatable") && (k == 0 || globals[k-1] != id) {
			ids = append(ids, id)
		}
	}
	// The parser lists globals in source order; should that ever not hold,
	// sort them.
	byPos := func(a, b *luaast.Ident) int { return int(a.NamePos - b.NamePos) }
	if !slices.IsSortedFunc(ids, byPos) {
		slices.SortStableFunc(ids, byPos)
		ids = slices.Compact(ids)
	}
	for _, id := range ids {
		// Up through parentheses to the call whose callee this is.
		fn, p := analyzer.ParentsIn(in).OutsideParens(id)
		// A callee's identifier comes before everything else of its call,
		// and so in source order the calls come in tree order.
		if call, ok := p.(*luaast.CallExpr); ok && luaast.Node(call.Fn) == fn && len(call.Args) > 0 {
			f(call, id)
		}
	}
}

// canAddLocal reports whether prefixing the write uses[i] with "local "
// keeps the script's meaning: a single-target `name = value` or
// `function name()` statement that is the name's first use, whose value
// does not read the name, with every later use inside the same block.
func canAddLocal(in *luaast.Inspector, uses []analyzer.GlobalUse, i int) bool {
	u := uses[i]
	if u.Stmt == nil {
		return false
	}
	if as, ok := u.Stmt.(*luaast.AssignStmt); ok && (len(as.Targets) != 1 || as.Targets[0] != u.ID) {
		return false
	}
	block, _ := in.Enclosing(u.ID, luaast.KindBlock).(*luaast.Block)
	if block == nil {
		return false
	}
	_, isFunc := u.Stmt.(*luaast.FunctionStmt)
	for j := range uses {
		o := &uses[j]
		if j == i || o.ID.Name != u.ID.Name {
			continue
		}
		p := o.ID.Pos()
		if p < u.ID.Pos() || p >= block.End() {
			return false
		}
		if !isFunc && p < u.Stmt.End() {
			return false // `x = x + 1`: the value reads the global
		}
	}
	return true
}
