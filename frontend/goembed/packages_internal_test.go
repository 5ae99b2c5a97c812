package goembed

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// TestToFileDiagnosticOtherFile checks that a related location in another
// file than the finding (a script declared in scripts.go, run with too few
// keys in call.go) survives the conversion to one file's offsets as part of
// the message, and that a same-file related location stays a Related.
func TestToFileDiagnosticOtherFile(t *testing.T) {
	const header = "package p\n\nimport (\n\t\"context\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n"
	files := map[string]string{
		"scripts.go": header + "var _ = context.Background\n\nvar bump = redis.NewScript(`\nreturn redis.call('INCR', KEYS[1])\n`)\n",
		"call.go": header + "func run(ctx context.Context, c *redis.Client) {\n\tbump.Run(ctx, c, nil)\n}\n\n" +
			"var local = redis.NewScript(\"return redis.call('GET', KEYS[2])\")\n\nfunc run2(ctx context.Context, c *redis.Client) {\n\tlocal.Run(ctx, c, []string{\"a\"})\n}\n",
	}
	fset, res := checkSources(t, files)
	tests := []struct {
		wantMsg     string
		wantRelated int
	}{
		{wantMsg: "(KEYS[1] read here at scripts.go:12:27)", wantRelated: 0},
		{wantMsg: "passes 1 key", wantRelated: 1},
	}
	var got []string
	for _, d := range res.Diagnostics {
		if d.RuleID != "numkeys-mismatch" {
			continue
		}
		fd := toFileDiagnostic(fset, "call.go", d, func(s string) string { return s })
		got = append(got, fd.Message)
		for _, tt := range tests {
			if strings.Contains(fd.Message, tt.wantMsg) && len(fd.Related) != tt.wantRelated {
				t.Errorf("%q: %d related locations, want %d", fd.Message, len(fd.Related), tt.wantRelated)
			}
		}
	}
	for _, tt := range tests {
		found := false
		for _, m := range got {
			found = found || strings.Contains(m, tt.wantMsg)
		}
		if !found {
			t.Errorf("no numkeys-mismatch message contains %q; got %q", tt.wantMsg, got)
		}
	}
}

// TestCheckPackagesReportsImportCause checks that a package whose import
// cannot be resolved is still linted from its syntax, with a notice that
// gives the go command's reason (the module missing from go.mod), not only
// the type checker's "could not import".
func TestCheckPackagesReportsImportCause(t *testing.T) {
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "")
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/broken\n\ngo 1.22\n",
		"b.go":   "package b\n\nimport \"example.com/missing/redis\"\n\nvar _ = redis.NewScript(`return 1`)\n\nconst s = \"return redis.call('GET', KEYS[1]) + tonumbr(1)\"\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	eng := lint.NewEngine(rules.All(), lint.DefaultConfig(dir), 1)
	res, err := CheckPackages(context.Background(), eng, []string{"./..."}, LoadOptions{Dir: dir, Display: DisplayRelative(dir)})
	if err != nil {
		t.Fatalf("CheckPackages: %v; want the package linted from its syntax", err)
	}
	// The go command words it "no required module provides package X" or
	// "cannot find module providing package X" depending on its flags.
	found := false
	for _, n := range res.Notices {
		if strings.Contains(n, "example.com/missing/redis") && strings.Contains(n, "module provid") && strings.Contains(n, "does not type-check") {
			found = true
		}
	}
	if !found {
		t.Errorf("notices = %q, want one naming the missing module of example.com/missing/redis", res.Notices)
	}
	// The constant holding a script is linted all the same.
	if len(res.Files) != 1 || len(res.Files[0].Diagnostics) == 0 || res.Files[0].Diagnostics[0].RuleID != "undefined-global" {
		t.Errorf("results = %+v, want the undefined global of the script constant in b.go", res.Files)
	}
}
