package php

import (
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// FuzzFind checks that Find never panics and that every script it
// returns is consistent (frontendtest.CheckFound): one host range and one
// literal index per byte, each range inside the file.
func FuzzFind(f *testing.F) {
	frontendtest.AddFiles(f, filepath.Join("testdata", "*.php"))
	f.Add([]byte("<?php $s = \"{$a[\"redis.call(1)\"]} ${b}\" . <<<EOT\n  x\n EOT;"))
	f.Add([]byte("<?php $r->eval('redis.call(\"GET\", KEYS[1])', 1, 'a'"))
	f.Fuzz(func(t *testing.T, src []byte) {
		found, err := New().Find("f.php", src)
		if err != nil {
			return
		}
		frontendtest.CheckFound(t, src, found)
	})
}
