package rules_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

// TestDynamicKeyPrefixChain checks that following a key's prefix through
// locals with several values each ends on a long chain (each local is
// built from the next one on two paths, 2^n paths in all) and still
// reports the key.
func TestDynamicKeyPrefixChain(t *testing.T) {
	const n = 40
	var b strings.Builder
	fmt.Fprintf(&b, "local v%d = ARGV[1]\n", n)
	for i := n - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "local v%d\n", i)
		fmt.Fprintf(&b, "if ARGV[2] == 'a' then v%d = v%d .. 'a' else v%d = v%d .. 'b' end\n", i, i+1, i, i+1)
	}
	b.WriteString("redis.call('SET', v0, 1)\n")
	line := 2*n + 2
	h := ruletest.Harness{Rules: rules.All()}
	h.RunSource(t, rules.ByID("dynamic-key"), "chain.lua", b.String(),
		ruletest.Want{Line: line, RuleID: "dynamic-key", Substr: "ARGV"})
}
