package fix

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrChanged is the error of WriteFile for a file that no longer holds
// what was read from it.
var ErrChanged = errors.New("the file changed since it was read: not written")

// WriteFile replaces the content of the file at path, read as orig, with
// data: atomically (a temporary file in the file's directory, renamed
// over it), keeping its permission bits; a symbolic link is followed, and
// the file it names rewritten. Just before the rename the file is read
// again: when it no longer holds orig (another program wrote it since it
// was linted) nothing is written and the error wraps ErrChanged.
func WriteFile(path string, orig, data []byte) error {
	return writeFile(path, orig, data, nil)
}

// writeFile is WriteFile; beforeCheck, when set, runs after the
// temporary file is written and before the file is read again (for tests
// of a file changed meanwhile).
func writeFile(path string, orig, data []byte, beforeCheck func()) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	st, err := os.Stat(target)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("write %s: not a regular file", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".fix-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	done := false
	defer func() {
		if !done {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Chmod(st.Mode().Perm()); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if beforeCheck != nil {
		beforeCheck()
	}
	now, err := os.ReadFile(target)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if !bytes.Equal(now, orig) {
		return fmt.Errorf("%s: %w", path, ErrChanged)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	done = true
	return nil
}
