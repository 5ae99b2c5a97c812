package rules

import (
	"strconv"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

var loadTimeCallRule = &analyzer.Rule{
	ID:       "load-time-call",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.CallsAnalysis, analyzer.InspectAnalysis},
	Doc: analyzer.Doc{
		Title: "a run-time API used while a Functions library loads",
		Rationale: "FUNCTION LOAD runs the library's top level with a different globals table that holds only " +
			"redis.register_function, redis.log, the redis.LOG_* levels and the version fields " +
			"(redis.REDIS_VERSION, REDIS_VERSION_NUM; on Valkey also server and VALKEY_VERSION*). Anything " +
			"else at the top level, or in a local function the top level calls, makes FUNCTION LOAD fail: " +
			"string.format, pairs, cjson, math, tonumber raise \"Script attempted to access nonexistent global " +
			"variable 'string'\" and redis.call raises the same error for 'call' (verified on 7.0.15), so even " +
			"\"local rcall = redis.call\" at the top level breaks the library. Code inside function bodies runs " +
			"at call time with the full sandbox and is fine. KEYS and ARGV are reported by function-keys-argv.",
		Bad:       "#!lua name=lib\nlocal prefix = string.format('%s:', 'app')\nredis.register_function('f', function(keys, args)\n  return prefix\nend)\n",
		Good:      "#!lua name=lib\nlocal prefix = 'app:'\nredis.register_function('f', function(keys, args)\n  return prefix\nend)\n",
		Tags:      []string{"correctness", "functions"},
		Precision: "very-high",
	},
	Run: runLoadTimeCall,
}

func init() { register(loadTimeCallRule) }

const loadTimeOnly = "where only redis.register_function, redis.log and the version fields exist"

func runLoadTimeCall(pass *analyzer.Pass) {
	info := analyzer.Script(pass)
	if !info.IsLibrary() || pass.File.Block == nil {
		return
	}
	calls := analyzer.Calls(pass)
	v := pass.Version
	atLoad := redisfacts.Globals(v, redisfacts.LibraryLoad)
	atCall := redisfacts.Globals(v, redisfacts.FunctionCall)
	atEval := redisfacts.Globals(v, redisfacts.EvalScript)

	// Functions that run while the library loads: the main chunk and the
	// functions defined in the file it calls (transitively). The calls
	// come from the script index, each with its function: no walk of the
	// tree, no search for the function.
	main := info.Functions()[0]
	loading := map[*luaast.FunctionExpr]string{main: ""}
	for changed := true; changed; {
		changed = false
		info.EachCall(func(call luaast.Expr, at *luaast.FunctionExpr) {
			c, ok := call.(*luaast.CallExpr)
			if !ok {
				return
			}
			if _, ok := loading[at]; !ok {
				return
			}
			fn := calls.LocalFunc(c)
			if fn == nil {
				return
			}
			if _, ok := loading[fn]; ok {
				return
			}
			name := "a function"
			if id, ok := c.Fn.(*luaast.Ident); ok {
				name = "'" + id.Name + "'"
			}
			loading[fn] = " (in " + name + ", called at line " + strconv.Itoa(pass.File.Lines.Position(c.Pos()).Line) + ")"
			changed = true
		})
	}
	where := func(n luaast.Node) (string, bool) {
		s, ok := loading[info.EnclosingFunc(n)]
		return s, ok
	}
	// The bodies of the loading functions, in source order: only what
	// runs in them (not in the functions they define, which run later) is
	// looked at, rather than every node of the library, whose callbacks
	// are most of it.
	in := analyzer.Inspector(pass)
	eachLoadingBody := func(mask luaast.Kind, f func(luaast.Node)) {
		for _, fn := range info.Functions() {
			if _, ok := loading[fn]; ok && fn.Body != nil {
				analyzer.PreorderSameFunc(in, fn.Body, mask, f)
			}
		}
	}

	assigned := map[*luaast.Ident]bool{}
	targets := map[luaast.Expr]bool{}
	eachLoadingBody(luaast.KindAssignStmt, func(n luaast.Node) {
		if x, ok := n.(*luaast.AssignStmt); ok {
			for _, t := range x.Targets {
				switch t := t.(type) {
				case *luaast.Ident:
					assigned[t] = true
				case *luaast.FieldExpr, *luaast.IndexExpr:
					targets[t] = true // global-assignment's
				}
			}
		}
	})
	missingRoot := map[*luaast.Ident]bool{}
	for _, id := range pass.File.Globals {
		if id.Var != nil || assigned[id] || id.Name == "KEYS" || id.Name == "ARGV" {
			continue
		}
		ctx, ok := where(id)
		if !ok || atLoad.Has(id.Name) || !atCall.Has(id.Name) {
			continue
		}
		missingRoot[id] = true
		q0, q1, q2 := quotedNonexistentGlobalParts(id.Name)
		reportAt(pass, id, concat("'", id.Name, "' does not exist while the library loads", ctx, ", ", loadTimeOnly, ": ", v.Name(), " raises ",
			q0, q1, q2, "; use it inside a registered function"))
	}
	// The field reads, after the globals: walked again rather than
	// collected in the first walk (a list per file).
	eachLoadingBody(luaast.KindFieldExpr|luaast.KindIndexExpr, func(n luaast.Node) {
		m, ok := n.(luaast.Expr) // always: both kinds are expressions
		if !ok || targets[m] {
			return
		}
		path := info.GlobalPath(m)
		root, member, ok := strings.Cut(path, ".")
		if !ok || strings.Contains(member, ".") || (root != "redis" && root != "server") {
			return
		}
		if id, ok := rootIdent(m); ok && missingRoot[id] {
			return
		}
		ctx, ok := where(m)
		if !ok || !atLoad.Has(root) || atLoad.HasMember(root, member) {
			return
		}
		if !atCall.HasMember(root, member) && !atEval.HasMember(root, member) {
			return // not an API at all: undefined-global
		}
		q0, q1, q2 := quotedNonexistentGlobalParts(member)
		reportAt(pass, m, concat("'", path, "' runs while the library loads", ctx, ", ", loadTimeOnly, ": ", v.Name(), " raises ",
			q0, q1, q2, "; call it inside a registered function"))
	})
}

// rootIdent returns the identifier a field chain starts from.
func rootIdent(e luaast.Expr) (*luaast.Ident, bool) {
	for {
		switch x := e.(type) {
		case *luaast.Ident:
			return x, true
		case *luaast.FieldExpr:
			e = x.X
		case *luaast.IndexExpr:
			e = x.X
		case *luaast.ParenExpr:
			e = x.X
		default:
			return nil, false
		}
	}
}
