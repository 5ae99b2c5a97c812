package ruby_test

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/ruby"
)

func TestFixtures(t *testing.T) {
	frontendtest.Run(t, ruby.New(), "testdata")
}
