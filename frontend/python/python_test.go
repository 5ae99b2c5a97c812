package python_test

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/python"
)

func TestFixtures(t *testing.T) {
	frontendtest.Run(t, python.New(), "testdata")
}
