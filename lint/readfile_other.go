//go:build !(linux || darwin)

package lint

import (
	"io"
	"os"
)

// readFileInto reads the whole file at name with package os, up to limit
// bytes (> 0; a larger file is a *FileTooLargeError), as readfile_fast.go
// does with fewer system calls.
func readFileInto(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close() //nolint:errcheck // a read-only file: nothing to lose on close
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && limit > 0 && st.Size() > limit {
		return nil, &FileTooLargeError{Size: st.Size(), Limit: limit}
	}
	var r io.Reader = f
	if limit > 0 {
		r = io.LimitReader(f, limit+1)
	}
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, &os.PathError{Op: "read", Path: name, Err: err}
	}
	if limit > 0 && int64(len(src)) > limit {
		return nil, &FileTooLargeError{Size: -1, Limit: limit}
	}
	return src, nil
}
