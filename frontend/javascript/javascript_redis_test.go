package javascript

import (
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// TestFixtureScriptsLoadOnRedis checks on a real server that the text the
// front end decodes from the fixtures is Lua that Redis compiles: every
// script without a placeholder that our parser reads is accepted by
// SCRIPT LOAD (FUNCTION LOAD for a library).
func TestFixtureScriptsLoadOnRedis(t *testing.T) {
	frontendtest.CheckScriptsLoadOnRedis(t, New(), filepath.Join("testdata", "*.[jt]s"), 10)
}
