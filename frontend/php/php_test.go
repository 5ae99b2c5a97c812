package php

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

func TestFixtures(t *testing.T) {
	frontendtest.Run(t, New(), "testdata")
}

// TestDump prints what the front end finds in the file $PHP_DUMP (a
// development aid; skipped without it).
func TestDump(t *testing.T) {
	frontendtest.Dump(t, New(), "PHP_DUMP")
}
