//go:build devtools

package ruby

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// TestCorpus logs the scripts Find finds in the real files of the host
// corpus ($REDIS_LUA_LINT_HOST_CORPUS, default /work/corpus/hosts) beside
// the manifest's counts:
//
//	go test -tags devtools ./frontend/ruby -run TestCorpus -v
func TestCorpus(t *testing.T) {
	frontendtest.Corpus(t, "rb", func(string) frontend.Frontend { return New() })
}
