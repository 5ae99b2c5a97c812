// Command redis-lua-lint is a static analyzer for Lua scripts that run
// inside Redis and Valkey. See `redis-lua-lint --help`.
package main

import (
	"os"

	"github.com/redis-lua-lint/redis-lua-lint/cmd/redis-lua-lint/internal/cli"
)

// version is set at link time: -ldflags "-X main.version=v1.2.3".
var version string

func main() { os.Exit(run()) }

// run is main without os.Exit, shared with the testscript tests.
func run() int {
	return (&cli.Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Version: version}).Main(os.Args[1:])
}
