//go:build !(linux || darwin)

package lint

import "os"

// readFileInto reads the whole file at name with os.ReadFile
// (readfile_fast.go has the version with fewer system calls that reads
// into rc's buffers); regular and rc are not used.
func readFileInto(name string, _ bool, _ *recycler) ([]byte, error) { return os.ReadFile(name) }
