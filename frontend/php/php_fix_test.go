package php

import (
	"sort"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// TestFixAppliesInTheHost applies the fix of a finding (global-assignment:
// declare the variable local) to the host file, and checks that the
// script found in the fixed file has the fixed Lua: the edit landed
// inside the literal, written in its form.
func TestFixAppliesInTheHost(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"single", "<?php $s = 'x = redis.call(\"GET\", KEYS[1]) return x';\n"},
		{"double", "<?php $s = \"x = redis.call('GET', KEYS[1]) return x\";\n"},
		{"nowdoc", "<?php\n$s = <<<'LUA'\n    x = redis.call('GET', KEYS[1])\n    return x\n    LUA;\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, ok := frontend.Check(frontendtest.Engine(), New(), "x.php", []byte(c.src))
			if !ok {
				t.Fatal("no script found")
			}
			type edit struct {
				start, end int
				text       string
			}
			var edits []edit
			for _, d := range res.Diagnostics {
				if d.RuleID != "global-assignment" {
					continue
				}
				for _, f := range d.Fixes {
					for _, e := range f.Edits {
						edits = append(edits, edit{int(e.Span.Start), int(e.Span.End), e.NewText})
					}
				}
			}
			if len(edits) == 0 {
				t.Fatalf("no fix offered: %+v", res.Diagnostics)
			}
			sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
			fixed := c.src
			for _, e := range edits {
				fixed = fixed[:e.start] + e.text + fixed[e.end:]
			}
			found, err := New().Find("x.php", []byte(fixed))
			if err != nil || len(found.Scripts) != 1 {
				t.Fatalf("fixed file %q: %v, %d scripts", fixed, err, len(found.Scripts))
			}
			if text := string(found.Scripts[0].Text); !strings.Contains(text, "local x = redis.call") {
				t.Errorf("fixed script %q does not declare x local (file %q)", text, fixed)
			}
		})
	}
}
