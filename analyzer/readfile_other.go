//go:build !(linux || darwin)

package analyzer

import "os"

// readFile reads the whole file at name (os.ReadFile; readfile_fast.go
// has the version with fewer system calls).
func readFile(name string) ([]byte, error) { return os.ReadFile(name) }

// readFileInto is readFile; rc is not used (os.ReadFile allocates).
func readFileInto(name string, _ *recycler) ([]byte, error) { return os.ReadFile(name) }
