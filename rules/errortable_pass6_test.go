package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// runErrorTableOnePass is error-table as it was before its field pass
// became conditional: one pass over calls and field accesses for every
// file that references error (reporting as the rule does).
// TestErrorTableMatchesOnePass compares the two.
func runErrorTableOnePass(pass *analyzer.Pass) {
	f := pass.File
	if f == nil || f.Block == nil {
		return
	}
	// Only error(...) calls are reported: without a reference to the
	// global error there is nothing to look at.
	if !slices.ContainsFunc(f.Globals, func(id *luaast.Ident) bool { return id.Var == nil && id.Name == "error" }) {
		return
	}
	info := analyzer.Script(pass)
	// First pass: every error(...) call, and which identifier uses are
	// harmless for a table bound to a local (read as error's argument or
	// read through a field that is not assigned).
	var calls []*luaast.CallExpr
	errorArg := map[*luaast.Ident]bool{}
	fieldRead := map[*luaast.Ident]bool{}
	assignedField := map[luaast.Expr]bool{}
	// Functions only ever run under pcall/xpcall: the table they raise is
	// caught as a value and never reaches the server's error handler.
	caught := map[*luaast.FunctionExpr]bool{}
	pcallArg := map[*luaast.Ident]bool{}
	analyzer.Inspector(pass).Preorder(luaast.KindAssignStmt|luaast.KindCallExpr|luaast.KindFieldExpr|luaast.KindIndexExpr, func(n luaast.Node) {
		switch n := n.(type) {
		case *luaast.AssignStmt:
			// Only field targets are looked up, and only locals' reads
			// (onlyHarmlessRefs): the maps skip the rest, such as the
			// global in every redis.call.
			for _, t := range n.Targets {
				switch t.(type) {
				case *luaast.FieldExpr, *luaast.IndexExpr:
					assignedField[t] = true
				}
			}
		case *luaast.CallExpr:
			// analyzer.GlobalName(n.Fn) is pcall or xpcall, without
			// building the dotted names of other callees.
			if fn, ok := luaast.Unparen(n.Fn).(*luaast.Ident); ok && fn.Var == nil && (fn.Name == "pcall" || fn.Name == "xpcall") && len(n.Args) > 0 {
				switch a := luaast.Unparen(n.Args[0]).(type) {
				case *luaast.FunctionExpr:
					caught[a] = true
				case *luaast.Ident:
					pcallArg[a] = true
				}
			}
			if id, ok := n.Fn.(*luaast.Ident); ok && id.Var == nil && id.Name == "error" && len(n.Args) > 0 {
				calls = append(calls, n)
				if a, ok := luaast.Unparen(n.Args[0]).(*luaast.Ident); ok {
					errorArg[a] = true
				}
			}
		case *luaast.FieldExpr:
			if id, ok := n.X.(*luaast.Ident); ok && id.Var != nil && (!assignedField[n] || n.Name.Name != "err") {
				// A read, or a write of another field (t.code = 1): the
				// table still has no err field.
				fieldRead[id] = true
			}
		case *luaast.IndexExpr:
			if id, ok := n.X.(*luaast.Ident); !ok || id.Var == nil {
				break
			} else if !assignedField[n] {
				fieldRead[id] = true
			} else if k, isStr := luaast.Unparen(n.Key).(*luaast.StringLit); isStr && k.Value != "err" {
				fieldRead[id] = true
			}
		}
	})
	s := errorTableScan{calls: calls, errorArg: errorArg, caught: caught, pcallArg: pcallArg, fieldRead: fieldRead}
	s.report(pass, info)
}

// errorTableSources are hand-written cases of error-table: tables raised
// directly, through locals (read through fields, written, passed on,
// captured, reassigned), under pcall, with metatables; and files whose
// error() calls raise no local.
var errorTableSources = map[string]string{
	"direct":            "error({code = 1})\nerror({err = 'x'})\nerror({err = nil})\n",
	"local-read":        "local t = {code = 1}\nlocal c = t.code\nerror(t)\n",
	"local-write":       "local t = {code = 1}\nt.err = 'ERR x'\nerror(t)\n",
	"local-write-other": "local t = {code = 1}\nt.code = 2\nt['x'] = 3\nerror(t)\n",
	"local-index-err":   "local t = {}\nt['err'] = 'ERR'\nerror(t)\n",
	"local-index-var":   "local t = {}\nlocal k = ARGV[1]\nt[k] = 'ERR'\nerror(t)\n",
	"local-passed":      "local t = {}\nlocal function f(x) x.err = 'e' end\nf(t)\nerror(t)\n",
	"local-captured":    "local t = {}\nlocal function f() return t end\nerror(t)\n",
	"pcall-fn":          "pcall(function() error({code = 1}) end)\nlocal function g() error({}) end\npcall(g)\nxpcall(g, print)\n",
	"meta":              "error(setmetatable({}, {}))\nerror(setmetatable({}, {__index = function() return 'e' end}))\n",
	"string-only":       "error('ERR plain')\nlocal msg = 'x'\nerror(msg)\nlocal t = {a = 1}\nlocal b = t.a\n",
	"global-arg":        "t = {}\nerror(t)\n",
	"no-call":           "local e = error\nreturn e\n",
	"nested":            "local t = {}\nlocal u = {v = t}\nu.v.err = 'x'\nerror(t)\nlocal w = {}\nerror(w)\n",
}

// TestErrorTableMatchesOnePass runs error-table and runErrorTableOnePass
// on the hand-written cases and the test sources (generated ones
// included) and compares the findings.
func TestErrorTableMatchesOnePass(t *testing.T) {
	srcs := scopeSources(t)
	for name, src := range errorTableSources {
		srcs["et-"+name] = []byte(src)
	}
	reports, withCalls := 0, 0
	for _, name := range slices.Sorted(maps.Keys(srcs)) {
		f, _ := luaast.Parse(name, srcs[name])
		run := func(r func(*analyzer.Pass)) []analyzer.Diagnostic {
			var out []analyzer.Diagnostic
			r(analyzer.NewPass(f, redisfacts.DefaultVersion, errorTableRule, nil, map[*analyzer.Analysis]any{}, func(d analyzer.Diagnostic) { out = append(out, d) }))
			return out
		}
		got, want := run(runErrorTable), run(runErrorTableOnePass)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: error-table gives\n%v\nthe one-pass version\n%v", name, got, want)
		}
		reports += len(want)
		if strings.Contains(string(srcs[name]), "error(") {
			withCalls++
		}
	}
	if reports < 10 || withCalls < 20 {
		t.Fatalf("only %d findings compared, %d sources with error calls", reports, withCalls)
	}
}
