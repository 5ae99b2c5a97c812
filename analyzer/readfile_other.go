//go:build !(linux || darwin)

package analyzer

import "os"

// readFileInto reads the whole file at name with os.ReadFile
// (readfile_fast.go has the version with fewer system calls that reads
// into rc's buffers); rc is not used.
func readFileInto(name string, _ *recycler) ([]byte, error) { return os.ReadFile(name) }
