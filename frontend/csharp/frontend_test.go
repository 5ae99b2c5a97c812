package csharp

import (
	"fmt"
	"strings"
	"testing"
)

// TestDoublingConstants: constants defined through each other twice
// over (A30 is 2^30 copies of A0) are assembled within the file's budget,
// not in full, and the place where it ran out is reported.
func TestDoublingConstants(t *testing.T) {
	var b strings.Builder
	b.WriteString("class T {\n    const string A0 = \"redis.call('x')\";\n")
	for k := 1; k <= 30; k++ {
		fmt.Fprintf(&b, "    const string A%d = A%d + A%d;\n", k, k-1, k-1)
	}
	b.WriteString("    void Run(IDatabase db) { db.ScriptEvaluate(A30); }\n}\n")
	found, err := New().Find("x.cs", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range found.Scripts {
		n += len(s.Text)
	}
	if n > 16<<20 {
		t.Errorf("%d bytes of scripts from a %d-byte file", n, b.Len())
	}
	if found.Budget == nil || found.Budget.Over == nil {
		t.Fatal("the spent budget is not reported (Found.Budget.Over)")
	}
	if line := strings.Count(b.String()[:found.Budget.Over.Start], "\n") + 1; line < 3 || line > 33 {
		t.Errorf("the budget ran out at line %d, not at one of the constants", line)
	}
}
