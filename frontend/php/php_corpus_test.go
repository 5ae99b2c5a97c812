//go:build devtools

package php

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// TestCorpus logs the scripts Find finds in the real files of the host
// corpus ($REDIS_LUA_LINT_HOST_CORPUS, default /work/corpus/hosts) beside
// the manifest's counts:
// go test -tags devtools -run TestCorpus -v ./frontend/php
func TestCorpus(t *testing.T) {
	frontendtest.Corpus(t, "php", func(string) frontend.Frontend { return New() })
}
