package goembed_test

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/goembed"
)

// TestFrontendFixtures runs the Go front end on the contract (one file
// from its syntax) over its host-file fixtures.
func TestFrontendFixtures(t *testing.T) {
	frontendtest.Run(t, goembed.Frontend{}, "testdata/frontend")
}
