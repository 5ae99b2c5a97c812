package ruby_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/ruby"
)

func TestFixtures(t *testing.T) {
	frontendtest.Run(t, ruby.New(), "testdata")
}

// TestCheckWithoutScript checks that a file without a script is not
// reported as checked.
func TestCheckWithoutScript(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "noscript.rb"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := frontend.Check(frontendtest.Engine(), ruby.New(), "noscript.rb", src); ok {
		t.Error("Check reports a file without a script as checked")
	}
	if _, ok := frontend.Check(frontendtest.Engine(), ruby.New(), "x.rb", []byte("x = 1\n")); ok {
		t.Error("Check reports a file that cannot hold a script as checked")
	}
}
