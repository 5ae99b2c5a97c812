package jvm

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

func TestFixtures(t *testing.T) {
	t.Run("java", func(t *testing.T) { frontendtest.Run(t, Java(), "testdata") })
	t.Run("kotlin", func(t *testing.T) { frontendtest.Run(t, Kotlin(), "testdata") })
}
