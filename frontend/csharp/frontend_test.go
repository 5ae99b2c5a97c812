package csharp

import (
	"fmt"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// TestDoublingConstants: constants defined through each other twice
// over are assembled within the file's budget, not in full, and the file
// is reported with the budget's error.
func TestDoublingConstants(t *testing.T) {
	frontendtest.CheckBudget(t, New(), "x.cs", map[string]frontendtest.Doubling{
		"plus": frontendtest.Lines("class T {\n    const string A0 = \"redis.call('x')\";\n",
			func(k int) string { return fmt.Sprintf("    const string A%d = A%d + A%d;\n", k, k-1, k-1) },
			func(n int) string {
				return fmt.Sprintf("    void Run(IDatabase db) { db.ScriptEvaluate(A%d); }\n}\n", n)
			}),
	})
}
