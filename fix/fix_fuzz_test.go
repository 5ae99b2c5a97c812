package fix_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/fix"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// FuzzFix lints a script with every rule, applies the safe fixes of one
// round as they come (fix.Apply, without Run's check that the result
// parses) and then fix.Run: whenever the script parsed, both results
// parse too, and a second Run changes nothing. Seeds: the rules' fix.lua
// fixtures and testdata/fuzz/FuzzFix.
func FuzzFix(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("..", "rules", "testdata", "*", "fix.lua"))
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range seeds {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	cfg := lint.DefaultConfig(f.TempDir())
	all := rules.All()
	for _, r := range all {
		cfg.SetRuleEnabled(r.ID, true) // the rules off by default too
	}
	eng := lint.NewEngine(all, cfg, 1)
	lintSrc := func(src []byte) ([]analyzer.Diagnostic, error) {
		res := eng.CheckSource("fuzz.lua", src)
		return res.Diagnostics, res.Err
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, err := luaast.Parse("fuzz.lua", src); err != nil {
			return
		}
		diags, err := lintSrc(src)
		if err != nil {
			t.Fatalf("lint: %v", err)
		}
		once, _ := fix.Apply(src, fix.Fixes(fix.Safe(diags)))
		if _, err := luaast.Parse("fuzz.lua", once); err != nil {
			t.Fatalf("the safe fixes break the script: %v\n--- before\n%s\n--- after\n%s", err, src, once)
		}
		res, err := fix.Run(src, diags, lintSrc)
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
		if _, err := luaast.Parse("fuzz.lua", res.Src); err != nil {
			t.Fatalf("Run's result does not parse: %v\n%s", err, res.Src)
		}
		if res.Rounds < fix.MaxRounds {
			again, err := fix.Run(res.Src, res.Diagnostics, lintSrc)
			if err != nil || again.Applied != 0 {
				t.Fatalf("a second Run applies %d fixes (%v):\n%s", again.Applied, err, fix.Diff("fuzz.lua", res.Src, again.Src))
			}
		}
	})
}
