// Command redis-lua-lint-vet runs redis-lua-lint on the Lua scripts
// embedded in Go code, as a go vet tool:
//
//	go vet -vettool=$(which redis-lua-lint-vet) ./...
//
// Flags (after the tool is named): -redislualint.config=FILE,
// -redislualint.redis-version=7.2, -redislualint.enable=RULES,
// -redislualint.disable=RULES. See docs/go-integration.md.
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/goembed"
)

func main() { unitchecker.Main(goembed.Analyzer) }
