//go:build devtools

package jvm

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// TestCorpus runs Find over the real host files of the corpus
// (REDIS_LUA_LINT_HOST_CORPUS, default /work/corpus/hosts) and prints, per
// file of its manifest, the scripts found against the scripts a careful
// reader counted, and the start lines that differ. It asserts nothing:
// go test -tags devtools -run TestCorpus -v ./frontend/jvm/
func TestCorpus(t *testing.T) {
	frontendtest.Corpus(t, "java", func(p string) frontend.Frontend {
		if strings.HasSuffix(p, ".kt") || strings.HasSuffix(p, ".kts") {
			return Kotlin()
		}
		return Java()
	})
}
