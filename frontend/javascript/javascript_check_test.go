package javascript

import (
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// TestCheckWithoutScript checks that a file holding no script is not a
// result (ok false), though it names Redis (MayHold is true).
func TestCheckWithoutScript(t *testing.T) {
	frontendtest.CheckNoScript(t, New(), filepath.Join("testdata", "none.js"))
}
