package php

import (
	"fmt"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

func TestBudgetBoundsDoubling(t *testing.T) {
	run := func(n int) string { return fmt.Sprintf("$r->eval($A%d, [], 0);\n", n) }
	frontendtest.CheckBudget(t, New(), "a.php", map[string]frontendtest.Doubling{
		"dot": frontendtest.Lines("<?php\n$A0 = \"redis.call('x')\";\n",
			func(k int) string { return fmt.Sprintf("$A%d = $A%d . $A%d;\n", k, k-1, k-1) }, run),
		"interpolation": frontendtest.Lines("<?php\n$A0 = \"redis.call('x')\";\n",
			func(k int) string { return fmt.Sprintf("$A%d = \"{$A%d}{$A%d}\";\n", k, k-1, k-1) }, run),
	})
}
