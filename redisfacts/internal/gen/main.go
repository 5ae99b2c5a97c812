//go:build devtools

// Command gen writes redisfacts/commands_gen.go from the command data files.
// Run it from the redisfacts directory (go generate does):
//
//	go run -tags devtools ./internal/gen [-data data] [-out commands_gen.go]
//
// By default it reads the copies in redisfacts/data, so the repository is
// self-contained; -data ../../shared/data reads the shared originals.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts/internal/commandgen"
)

func main() {
	dataDir := flag.String("data", "data", "directory holding "+commandgen.BaseFile+" and "+commandgen.OverlayFile)
	out := flag.String("out", "commands_gen.go", "file to write")
	flag.Parse()
	src, err := commandgen.Generate(*dataDir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
