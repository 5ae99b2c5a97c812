package rules_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/fix"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

var updateFixDiffs = flag.Bool("update", false, "rewrite the golden diffs of `check --fix` (testdata/<rule>/fix.lua.diff)")

// fixtureFix runs fix.Run over the fixture at path with its rule alone
// (the fixture's directory), its options, version and configuration, as
// `check --fix` does with the engine: it returns the findings before and
// the result.
func fixtureFix(t *testing.T, path string) (*ruletest.Fixture, []analyzer.Diagnostic, fix.Result) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fx, err := ruletest.ParseFixture(path, src)
	if err != nil {
		t.Fatal(err)
	}
	rule := rules.ByID(filepath.Base(filepath.Dir(path)))
	if rule == nil {
		t.Fatalf("%s: no rule %s", path, filepath.Base(filepath.Dir(path)))
	}
	h := ruletest.Harness{Rules: rules.All()}
	lintSrc := func(src []byte) ([]analyzer.Diagnostic, error) {
		return h.LintConfig(rule, fx.Path, src, fx.Version, fx.Options, fx.Config)
	}
	before, err := lintSrc(fx.Src)
	if err != nil {
		t.Fatal(err)
	}
	res, err := fix.Run(fx.Src, before, lintSrc)
	if err != nil {
		t.Fatal(err)
	}
	return fx, before, res
}

// TestFixDiffs compares, for every rule's fix.lua fixture, the diff that
// `check --fix` makes (its safe fixes, rounds and all) with the golden
// fix.lua.diff beside it: empty for a rule whose fixes are all unsafe.
// -update rewrites them.
func TestFixDiffs(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "*", "fix.lua"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fix.lua fixtures (%v)", err)
	}
	withSafe := 0
	for _, path := range paths {
		t.Run(filepath.Base(filepath.Dir(path)), func(t *testing.T) {
			fx, _, res := fixtureFix(t, path)
			got := fix.Diff(filepath.ToSlash(path), fx.Src, res.Src)
			if len(got) > 0 {
				withSafe++
			}
			golden := path + ".diff"
			if *updateFixDiffs {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./rules -run TestFixDiffs -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("--fix diff of %s:\n%s\nwant (%s):\n%s", path, got, golden, want)
			}
			rule := rules.ByID(filepath.Base(filepath.Dir(path)))
			if rule.Doc.Fixes == "" {
				t.Errorf("rule %s suggests fixes but its Doc.Fixes does not say which are safe", rule.ID)
			}
		})
	}
	if withSafe < 3 {
		t.Errorf("only %d rules apply a safe fix to their fix.lua", withSafe)
	}
}

// TestFixIdempotentOverFixtures fixes every rule fixture with its rule:
// fixing the result again changes nothing, it still parses, and the
// findings left are those before less the ones fixed (compared by rule,
// message and count).
func TestFixIdempotentOverFixtures(t *testing.T) {
	var paths []string
	err := filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".lua") && filepath.Dir(filepath.Dir(path)) == "testdata" {
			paths = append(paths, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	fixedFiles, applied := 0, 0
	for _, path := range paths {
		if rules.ByID(filepath.Base(filepath.Dir(path))) == nil {
			continue
		}
		fx, before, res := fixtureFix(t, path)
		if res.Applied == 0 {
			if !bytes.Equal(res.Src, fx.Src) {
				t.Errorf("%s: no fix applied, but the text changed", path)
			}
			continue
		}
		fixedFiles++
		applied += res.Applied
		for _, d := range res.Diagnostics {
			if d.RuleID == analyzer.SyntaxErrorRuleID {
				t.Errorf("%s: the fixed text does not parse: %s\n%s", path, d.Message, res.Src)
			}
		}
		again, err := fix.Run(res.Src, res.Diagnostics, func(src []byte) ([]analyzer.Diagnostic, error) {
			t.Fatalf("%s: a second run re-lints: it found a safe fix left", path)
			return nil, errors.New("unreachable")
		})
		if err != nil || again.Applied != 0 || !bytes.Equal(again.Src, res.Src) {
			t.Errorf("%s: a second --fix changes the text (%v):\n%s", path, err, fix.Diff(path, res.Src, again.Src))
		}
		// Every finding left was there before, at the same text (its
		// position moved with the fixes), and at least the fixed ones are
		// gone: a fix may clear more than its own finding (`local` at the
		// first assignment of a global also clears the later ones).
		left := map[string]int{}
		for _, d := range before {
			p, _ := res.MapPos(d.Span.Start)
			left[key(d, p)]++
		}
		for _, d := range res.Diagnostics {
			if k := key(d, d.Span.Start); left[k] == 0 {
				t.Errorf("%s: a finding after fixing was not there before: %s", path, k)
			} else {
				left[k]--
			}
		}
		if got, most := len(res.Diagnostics), len(before)-res.Applied; got > most {
			t.Errorf("%s: %d findings left after %d fixes of %d findings, want at most %d", path, got, res.Applied, len(before), most)
		}
		if res.Applied > len(before) {
			t.Errorf("%s: %d fixes applied for %d findings", path, res.Applied, len(before))
		}
	}
	t.Logf("%d fixtures, %d fixed, %d fixes applied", len(paths), fixedFiles, applied)
	if fixedFiles < 3 {
		t.Errorf("only %d fixtures had a safe fix", fixedFiles)
	}
}

// key identifies a finding at position p by rule, position and message.
func key(d analyzer.Diagnostic, p luaast.Pos) string {
	return fmt.Sprintf("%s@%d: %s", d.RuleID, p, d.Message)
}
