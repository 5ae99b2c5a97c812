package php

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// TestCheckWithoutScript checks that a file holding no script is not a
// result (ok false), though it names Redis (MayHold is true).
func TestCheckWithoutScript(t *testing.T) {
	path := filepath.Join("testdata", "none.php")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !New().MayHold(src) {
		t.Fatalf("MayHold(%s) is false: the test would not reach Find", path)
	}
	if res, ok := frontend.Check(frontendtest.Engine(), New(), path, src); ok {
		t.Errorf("Check(%s) = %+v, true; want false (no script)", path, res)
	}
}
