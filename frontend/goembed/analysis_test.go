package goembed_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/goembed"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), goembed.Analyzer, "goredis", "goredisv8", "redigoex", "rueidisex", "decoy", "redigoold", "goredisv7", "narrowiface")
}
