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
// file that references error (gathering and reporting as the rule does).
// TestErrorTableMatchesOnePass compares the two.
func runErrorTableOnePass(pass *analyzer.Pass) {
	f := pass.File
	if f == nil || f.Block == nil || !referencesError(f) {
		return
	}
	s := newErrorTableScan()
	s.fieldRead = map[*luaast.Ident]bool{}
	analyzer.Inspector(pass).Preorder(luaast.KindAssignStmt|luaast.KindCallExpr|luaast.KindFieldExpr|luaast.KindIndexExpr, func(n luaast.Node) {
		if c, ok := n.(*luaast.CallExpr); ok {
			s.call(c)
			return
		}
		s.fieldUse(n)
	})
	s.report(pass, analyzer.Script(pass))
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
