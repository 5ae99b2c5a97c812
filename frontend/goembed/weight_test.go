package goembed

import (
	"context"
	"fmt"
	"go/constant"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// doubling returns a file declaring A0 = first and Ai = A(i-1) + A(i-1)
// up to An, passed to go-redis's NewScript on the last line; and that
// line's number.
func doubling(first string, n int) (string, int) {
	var b strings.Builder
	b.WriteString("package p\n\nimport \"github.com/redis/go-redis/v9\"\n\n")
	fmt.Fprintf(&b, "const A0 = %q\n", first)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "const A%d = A%d + A%d\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "var s = redis.NewScript(A%d)\n", n)
	return b.String(), strings.Count(b.String(), "\n")
}

const overBudget = "the string value assembled here is larger than"

// overLine returns the text of the line of src that an error of a spent
// budget names.
func overLine(t *testing.T, err error, src string) string {
	t.Helper()
	if err == nil {
		t.Fatal("no error, want the budget's")
	}
	msg := err.Error()
	i := strings.Index(msg, "line ")
	var n int
	if i < 0 || !strings.Contains(msg, overBudget) {
		t.Fatalf("error %q does not say that a value was too large", msg)
	}
	if _, err := fmt.Sscanf(msg[i:], "line %d:", &n); err != nil || n < 1 || n > strings.Count(src, "\n") {
		t.Fatalf("error %q names no line of the file", msg)
	}
	return strings.Split(src, "\n")[n-1]
}

// TestBudgetSyntax checks that constants doubled into gigabytes are not
// built in a file read from its syntax (the front end's Find, and a .go
// file named alone), not even by the type checker (len(A) builds A):
// the file is reported at the first constant too large, and the rest of
// the file is still linted; a short chain is still a script.
func TestBudgetSyntax(t *testing.T) {
	for _, tt := range []struct {
		first, extra string
		n            int
	}{
		{"redis.call('x')", "", 30},
		{"", "", 40},
		{"redis.call('x')", "const L = len(A30)\nvar c = A30[0] == 'r'\n", 30},
	} {
		src, _ := doubling(tt.first, tt.n)
		src += tt.extra + "var t = redis.NewScript(\"return tonumbr(1)\")\n"
		res, ok := frontend.Check(frontendtest.Engine(), Frontend{}, "x.go", []byte(src))
		if !ok {
			t.Fatalf("A0=%q n=%d: not checked", tt.first, tt.n)
		}
		if text := overLine(t, res.Err, src); !strings.HasPrefix(text, "const A") {
			t.Errorf("Find, A0=%q n=%d: error %q names %q, want a constant", tt.first, tt.n, res.Err, text)
		}
		if len(res.Diagnostics) == 0 || res.Diagnostics[len(res.Diagnostics)-1].RuleID != "undefined-global" {
			t.Errorf("Find, A0=%q n=%d: the script after the constants is not linted: %v", tt.first, tt.n, res.Diagnostics)
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		eng := lint.NewEngine(rules.All(), lint.DefaultConfig(dir), 1)
		_, err := CheckPackages(context.Background(), eng, []string{"x.go"}, LoadOptions{Dir: dir, Display: DisplayRelative(dir)})
		if text := overLine(t, err, src); !strings.HasPrefix(err.Error(), "x.go: line ") || !strings.HasPrefix(text, "const A") {
			t.Errorf("CheckPackages, A0=%q n=%d: err=%v, want x.go at a constant", tt.first, tt.n, err)
		}
	}
	src, _ := doubling("return redis.call('GET', KEYS[1]) ", 3)
	found, err := Frontend{}.Find("x.go", []byte(src))
	if err != nil || len(found.Scripts) != 1 || found.Budget.Err(nil) != nil {
		t.Fatalf("a chain of 3: err=%v found=%+v", err, found)
	}
	if got, want := string(found.Scripts[0].Text), strings.Repeat("return redis.call('GET', KEYS[1]) ", 8); got != want {
		t.Errorf("a chain of 3: text %q, want %q", got, want)
	}
}

// TestBudgetTyped checks the same of a package with its types: the file
// is in FileErrs, at its line.
func TestBudgetTyped(t *testing.T) {
	src, line := doubling("redis.call('x')", 30)
	_, res := checkSources(t, map[string]string{"x.go": src})
	if len(res.FileErrs) != 1 || res.FileErrs[0].Filename != "x.go" ||
		!strings.Contains(res.FileErrs[0].Err.Error(), fmt.Sprintf("line %d: %s", line, overBudget)) {
		t.Errorf("FileErrs = %v, want x.go at line %d", res.FileErrs, line)
	}
	src, _ = doubling("tonumbr(1) ", 2)
	_, res = checkSources(t, map[string]string{"x.go": src})
	if len(res.FileErrs) != 0 || res.Scripts != 1 || len(res.Diagnostics) != 1 || res.Diagnostics[0].RuleID != "undefined-global" {
		t.Errorf("a chain of 2: FileErrs %v, %d scripts, findings %v; want 1 script, its 4 copies of one undefined-global at one place", res.FileErrs, res.Scripts, res.Diagnostics)
	}
}

// TestValueWeight checks that a go/constant concatenation is measured
// from its representation without being built: a value of 2^40 pieces
// saturates, a small one is its length plus its pieces.
func TestValueWeight(t *testing.T) {
	ix := newIndex(&Input{Fset: token.NewFileSet(), Info: newInfo()})
	double := func(v constant.Value, n int) constant.Value {
		for range n {
			v = constant.BinaryOp(v, token.ADD, v)
		}
		return v
	}
	if w := ix.valueWeight(double(constant.MakeString("ab"), 40)); w != maxWeight {
		t.Errorf("2^40 pieces weigh %d, want %d", w, maxWeight)
	}
	// 8 leaves of 2 bytes (3 each with the piece), 7 concatenations.
	if w := ix.valueWeight(double(constant.MakeString("ab"), 3)); w != 8*3+7 {
		t.Errorf("8 pieces weigh %d, want %d", w, 8*3+7)
	}
	if w := ix.valueWeight(constant.MakeString("abc")); w != 4 {
		t.Errorf("a flat value weighs %d, want 4", w)
	}
}
