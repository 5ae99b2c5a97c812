package goembed

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// goldenPackages are the packages of testdata/src (a GOPATH) checked by
// TestCheckPackagesGolden: every one with scripts.
var goldenPackages = []string{"goredis", "goredisv8", "goredisv7", "redigoex", "redigoold", "rueidisex", "decoy", "narrowiface", "plugin"}

// TestCheckPackagesGolden runs CheckPackages, the command line's loader,
// on the Go testdata and compares every finding (position, rule, message,
// related locations) with testdata/packages.golden: how packages are
// loaded (dependencies from export data since issue 20) must not change
// what is found.
func TestCheckPackagesGolden(t *testing.T) {
	gopath, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(gopath, "src")
	env := append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOPROXY=off", "GOWORK=off")
	eng := lint.NewEngine(rules.All(), lint.DefaultConfig(src), 1)
	res, err := CheckPackages(context.Background(), eng, goldenPackages, LoadOptions{Dir: src, Display: DisplayRelative(src), Env: env})
	if err != nil {
		t.Fatalf("CheckPackages: %v", err)
	}
	if len(res.Notices) > 0 {
		t.Errorf("notices: %q; the testdata type-checks", res.Notices)
	}
	var b strings.Builder
	for _, fr := range res.Files {
		for _, d := range fr.Diagnostics {
			pos := func(p luaast.Pos) string {
				lp := fr.Lines.Position(p)
				return fmt.Sprintf("%s:%d:%d", fr.Path, lp.Line, lp.Column)
			}
			fmt.Fprintf(&b, "%s-%s: %s [%s] %s\n", pos(d.Span.Start), pos(d.Span.End), d.Severity, d.RuleID, d.Message)
			for _, r := range d.Related {
				fmt.Fprintf(&b, "\t%s-%s: %s\n", pos(r.Span.Start), pos(r.Span.End), r.Message)
			}
			for _, f := range d.Fixes {
				fmt.Fprintf(&b, "\tfix: %s (%d edits)\n", f.Message, len(f.Edits))
			}
		}
	}
	fmt.Fprintf(&b, "%d packages, %d Go files, %d scripts\n", res.Stats.Packages, res.Stats.GoFiles, res.Stats.Scripts)
	golden := filepath.Join("testdata", "packages.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("findings differ from %s (run with -update to accept):\n%s", golden, lineDiff(string(want), got))
	}
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	return b.String()
}
