package lint_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/internal/luagen"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// TestWorkerReuse checks that a worker's per-file state reused from file
// to file (the analyses' scratch buffers among it) changes nothing: every
// rule's findings on a sequence of different files linted by one worker
// are those of each file linted alone, by a fresh worker, and those of
// several workers sharing the files. The sequence
// mixes the rule fixtures (each rule's interesting cases), generated
// scripts, syntax errors, an empty file and a file large enough to be
// analysed without the scratch buffers, in an order where large and
// small files alternate (buffers shrink and grow).
func TestWorkerReuse(t *testing.T) {
	var srcs []lint.Source
	add := func(name string, src []byte) {
		srcs = append(srcs, lint.Source{Path: fmt.Sprintf("%04d-%s", len(srcs), name), Src: src})
	}
	fixtures, err := filepath.Glob(filepath.Join("..", "rules", "testdata", "*", "*.lua"))
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no rule fixtures found (%v)", err)
	}
	big := luagen.Generate(7, 400<<10)
	for i, path := range fixtures {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		add(filepath.Base(path), src)
		add(fmt.Sprintf("gen%d.lua", i), luagen.Script(uint64(i)))
		switch i % 97 {
		case 5:
			add("big.lua", big)
		case 11:
			add("empty.lua", []byte{})
		case 17:
			add("broken.lua", []byte("local x = f(\n"))
		}
	}

	eng := lint.NewEngine(rules.All(), lint.DefaultConfig("."), 1)
	together := eng.CheckFiles(context.Background(), srcs)
	if len(together) != len(srcs) {
		t.Fatalf("got %d results for %d files", len(together), len(srcs))
	}
	// Several workers, each with its own scratch, interleave the files
	// differently: the same results (run with -race, no memory shared).
	parallel := lint.NewEngine(rules.All(), lint.DefaultConfig("."), 3).CheckFiles(context.Background(), srcs)
	for i := range srcs {
		if !reflect.DeepEqual(parallel[i].Diagnostics, together[i].Diagnostics) {
			t.Errorf("%s: findings with 3 workers differ from one worker's", srcs[i].Path)
		}
	}
	findings := 0
	for i, s := range srcs {
		alone := eng.CheckSource(s.Path, s.Src)
		got := together[i]
		if got.Path != s.Path {
			t.Fatalf("result %d is for %s, want %s", i, got.Path, s.Path)
		}
		if fmt.Sprint(got.Err) != fmt.Sprint(alone.Err) {
			t.Errorf("%s: error %v after other files, %v alone", s.Path, got.Err, alone.Err)
		}
		if !reflect.DeepEqual(got.Diagnostics, alone.Diagnostics) {
			t.Errorf("%s: findings after other files differ from the file's alone:\n%s\n---\n%s",
				s.Path, describeDiags(got.Diagnostics), describeDiags(alone.Diagnostics))
		}
		findings += len(got.Diagnostics)
	}
	if findings < len(srcs) {
		t.Errorf("only %d findings on %d files: the test would not notice much", findings, len(srcs))
	}
}

func describeDiags(ds []analyzer.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%d-%d %s %s %q related=%v fixes=%v\n", d.Span.Start, d.Span.End, d.RuleID, d.Severity, d.Message, d.Related, d.Fixes)
	}
	return b.String()
}
