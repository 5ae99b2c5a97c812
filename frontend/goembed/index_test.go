package goembed

import (
	"slices"
	"strings"
	"testing"
)

// TestSprintfOfConstants checks that a fmt.Sprintf whose format and
// values are all constants makes one script, linted as a template and not
// reported as built at run time, while one formatting a variable is.
func TestSprintfOfConstants(t *testing.T) {
	src := "package p\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\n\t\"github.com/redis/go-redis/v9\"\n)\n\n" +
		"const max = 10\n\n" +
		"func f(ctx context.Context, c *redis.Client, n int) {\n" +
		"\tc.Eval(ctx, fmt.Sprintf(\"return redis.call('LTRIM', KEYS[1], 0, %d)\", max), []string{\"k\"})\n" +
		"\tformat := \"return tonumbr(%d, %q)\"\n" +
		"\tc.Eval(ctx, fmt.Sprintf(format, 1, \"a\"), []string{\"k\"})\n" +
		"\tc.Eval(ctx, fmt.Sprintf(\"return redis.call('LTRIM', KEYS[1], 0, %d)\", n), []string{\"k\"})\n" +
		"}\n"
	fset, res := checkSources(t, map[string]string{"p.go": src})
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.RuleID+" "+strings.TrimPrefix(fset.Position(d.Pos).String(), "p.go:"))
	}
	want := []string{"undefined-global 14:20", "script-built-at-runtime 16:14"}
	if !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
}
