package php

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzFind checks that Find never panics and that every script it
// returns is consistent: one host range and one literal index per byte,
// each range inside the file.
func FuzzFind(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.php"))
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("<?php $s = \"{$a[\"redis.call(1)\"]} ${b}\" . <<<EOT\n  x\n EOT;"))
	f.Add([]byte("<?php $r->eval('redis.call(\"GET\", KEYS[1])', 1, 'a'"))
	f.Fuzz(func(t *testing.T, src []byte) {
		found, err := New().Find("f.php", src)
		if err != nil {
			return
		}
		for _, s := range found.Scripts {
			if len(s.Text) != len(s.From) || len(s.Text) != len(s.Lit) {
				t.Fatalf("text %d bytes, %d ranges, %d literal indexes", len(s.Text), len(s.From), len(s.Lit))
			}
			for _, sp := range s.From {
				if sp.Start < 0 || sp.End > len(src) || sp.End < sp.Start {
					t.Fatalf("range %v outside the file (%d bytes)", sp, len(src))
				}
			}
			for _, l := range s.Lit {
				if int(l) > len(s.Literals) || l < 0 {
					t.Fatalf("literal index %d of %d", l, len(s.Literals))
				}
			}
		}
	})
}
