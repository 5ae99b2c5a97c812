package python_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/python"
)

func TestFixtures(t *testing.T) {
	frontendtest.Run(t, python.New(), "testdata")
}

// TestCheckWithoutScript checks that a file without a script is not
// reported as checked.
func TestCheckWithoutScript(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "noscript.py"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := frontend.Check(frontendtest.Engine(), python.New(), "noscript.py", src); ok {
		t.Error("Check reports a file without a script as checked")
	}
	if _, ok := frontend.Check(frontendtest.Engine(), python.New(), "x.py", []byte("x = 1\n")); ok {
		t.Error("Check reports a file that cannot hold a script as checked")
	}
}
