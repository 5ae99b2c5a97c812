package javascript

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

func TestFixtures(t *testing.T) {
	frontendtest.Run(t, New(), "testdata")
}

// TestDump prints what the front end finds in the file $JS_DUMP (a
// development aid; skipped without it).
func TestDump(t *testing.T) {
	frontendtest.Dump(t, New(), "JS_DUMP")
}
