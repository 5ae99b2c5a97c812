//go:build darwin || (linux && !amd64 && !arm64)

package lint

// readRegular reads the regular file at name as readFileInto does, with
// package syscall's calls: on macOS system calls go through libSystem
// (raw ones are not supported there), and readfile_raw.go covers the
// Linux architectures whose fstat it knows.
func readRegular(name string, limit int64, rc *recycler) ([]byte, error) {
	return readFileInto(name, false, limit, rc)
}
