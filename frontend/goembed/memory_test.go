package goembed

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// TestCheckSourceInMemory checks that CheckSource lints the text it is
// given, not the file on disk, with findings at offsets of that text.
func TestCheckSourceInMemory(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.go")
	onDisk := "package p\n"
	if err := os.WriteFile(path, []byte(onDisk), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "package p\n\nimport \"github.com/redis/go-redis/v9\"\n\nvar s = redis.NewScript(`return tonumbr(1)`)\n"
	eng := lint.NewEngine(rules.All(), lint.DefaultConfig(dir), 1)
	res, _ := CheckSource(eng, path, []byte(src))
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].RuleID != "undefined-global" {
		t.Fatalf("diagnostics = %+v, want one undefined-global", res.Diagnostics)
	}
	d := res.Diagnostics[0]
	if got := src[d.Span.Start:d.Span.End]; got != "tonumbr" {
		t.Errorf("finding covers %q of the given text, want tonumbr", got)
	}
	if string(res.Src) != src {
		t.Error("result's Src is not the given text")
	}

	// A file without scripts: nothing. A file cut short while typing:
	// what parses is linted, and a notice says the rest was not.
	if res, _ := CheckSource(eng, path, []byte("package p\n\nfunc f() {}\n")); len(res.Diagnostics) != 0 || res.Err != nil {
		t.Errorf("file without scripts: %+v, %v", res.Diagnostics, res.Err)
	}
	cut := src + "func f() {\n\tx :=\n"
	res, notices := CheckSource(eng, path, []byte(cut))
	if len(res.Diagnostics) != 1 || len(notices) != 1 || !strings.Contains(notices[0], "does not parse") {
		t.Errorf("file cut short: %+v, notices %q; want the finding and a notice", res.Diagnostics, notices)
	}
}
