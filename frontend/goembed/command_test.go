package goembed

import (
	"slices"
	"strings"
	"testing"
)

// TestCommandCallsTyped checks generic command calls in a package with
// its types: redigo's Conn.Do and a test helper of the package send EVAL
// or SCRIPT LOAD by name, and the numkeys they pass is checked.
func TestCommandCallsTyped(t *testing.T) {
	src := "package p\n\nimport \"github.com/gomodule/redigo/redis\"\n\n" +
		"func mustDo(c redis.Conn, args ...interface{}) {}\n\n" +
		"func f(c redis.Conn, k string) {\n" +
		"\tc.Do(\"EVAL\", \"return redis.call('GET', KEYS[2])\", 1, k)\n" +
		"\tmustDo(c, \"script\", \"load\", \"return tonumbr(1)\")\n" +
		"\tmustDo(c, \"EVAL\", \"return {KEYS[1], KEYS[2]}\", \"2\", \"a\", \"b\")\n" +
		"\tc.Do(\"GET\", \"EVAL\", \"return tonumbr(2)\")\n" +
		"}\n"
	fset, res := checkSources(t, map[string]string{"p.go": src})
	var got []string
	for _, d := range res.Diagnostics {
		p := fset.Position(d.Pos)
		got = append(got, d.RuleID+" "+strings.TrimPrefix(p.String(), "p.go:"))
	}
	want := []string{"numkeys-mismatch 8:52", "undefined-global 9:38", "cross-slot-keys 10:59"}
	if !slices.Equal(got, want) || res.Scripts != 3 {
		t.Errorf("%d scripts, findings %q; want 3, %q", res.Scripts, got, want)
	}
}
