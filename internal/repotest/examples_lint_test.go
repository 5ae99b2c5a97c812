package repotest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// tableRow matches a row of the table in examples/README.md:
// | `name` | what goes wrong | `rule-a`, `rule-b` |
var tableRow = regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\|[^|]*\\| ([^|]*)\\|$")

// readmeRules returns, per example name, the rule IDs examples/README.md
// says its bad version triggers.
func readmeRules(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, m := range tableRow.FindAllStringSubmatch(string(readRepoFile(t, "examples/README.md")), -1) {
		var ids []string
		for _, f := range strings.Split(m[2], ",") {
			ids = append(ids, strings.Trim(strings.TrimSpace(f), "`"))
		}
		slices.Sort(ids)
		out[m[1]] = ids
	}
	return out
}

// TestExamplesLint lints examples/ with every rule at its default
// severity: each *.good.lua must have no finding at all, and each
// *.bad.lua must have findings of exactly the rules examples/README.md
// lists for it (rules not registered yet are left out of the comparison).
func TestExamplesLint(t *testing.T) {
	root := repoRoot(t)
	all := rules.All()
	registered := map[string]bool{analyzer.SyntaxErrorRuleID: true}
	for _, r := range all {
		registered[r.ID] = true
	}
	eng := lint.NewEngine(all, lint.DefaultConfig(root), 1)
	documented := readmeRules(t)

	lintFile := func(t *testing.T, file string) lint.FileResult {
		t.Helper()
		src, err := os.ReadFile(filepath.Join(root, "examples", file))
		if err != nil {
			t.Fatal(err)
		}
		res := eng.CheckSource("examples/"+file, src)
		if res.Err != nil {
			t.Errorf("%s: %v", file, res.Err)
		}
		return res
	}
	describe := func(res lint.FileResult) string {
		var b strings.Builder
		for _, d := range res.Diagnostics {
			line := 0
			if res.Lines != nil {
				line = res.Lines.Position(d.Span.Start).Line
			}
			fmt.Fprintf(&b, "\n  %s:%d: %s [%s]", res.Path, line, d.Message, d.RuleID)
		}
		return b.String()
	}

	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			if good := lintFile(t, name+".good.lua"); len(good.Diagnostics) != 0 {
				t.Errorf("%s.good.lua must have no findings; got:%s", name, describe(good))
			}

			bad := lintFile(t, name+".bad.lua")
			var got []string
			for _, d := range bad.Diagnostics {
				if !slices.Contains(got, d.RuleID) {
					got = append(got, d.RuleID)
				}
			}
			slices.Sort(got)
			want, ok := documented[name]
			if !ok {
				t.Fatalf("examples/README.md has no table row for %s", name)
			}
			var pending []string
			want = slices.DeleteFunc(slices.Clone(want), func(id string) bool {
				if !registered[id] {
					pending = append(pending, id)
					return true
				}
				return false
			})
			if len(pending) > 0 {
				t.Logf("%s.bad.lua: rules not registered yet, not checked: %v", name, pending)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s.bad.lua: rules found %v, examples/README.md lists %v (registered ones); fix the example or the README row. Findings:%s",
					name, got, want, describe(bad))
			}
		})
	}
}
