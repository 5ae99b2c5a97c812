package csharp

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

func TestFixtures(t *testing.T) { frontendtest.Run(t, New(), "testdata") }
