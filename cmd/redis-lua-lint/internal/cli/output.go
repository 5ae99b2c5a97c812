package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// reportFile is the --output file while the report is written: a
// temporary file beside the target, renamed over it by commit once the
// report is complete, so that a run that fails or is killed midway leaves
// the previous report whole rather than a truncated one (a half-written
// JSON or SARIF file a later step would choke on).
//
// When the target exists but is not a regular file (/dev/stdout, a named
// pipe) it is written in place: renaming over it would replace the
// device. A link is followed: the temporary file goes beside the file it
// names, which the rename replaces (the link stays). The new file gets
// the previous one's permissions, or when there was none those of a new
// file (0666 less the umask, as os.Create gives).
type reportFile struct {
	*os.File
	// target is the path renamed over by commit ("" when written in
	// place).
	target string
}

// createReportFile opens the destination of a report to path.
func createReportFile(path string) (*reportFile, error) {
	target := path
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		target = resolved
	}
	st, err := os.Stat(target)
	switch {
	case err == nil && !st.Mode().IsRegular():
		f, err := os.Create(path)
		if err != nil {
			return nil, err
		}
		return &reportFile{File: f}, nil
	case err == nil:
		// The previous report is replaced only if it could have been
		// overwritten: a read-only one stays an error, as with a
		// direct write.
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		_ = f.Close() // opened only to check access; nothing written
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	for range 100 {
		tmp := filepath.Join(dir, "."+base+"."+strconv.FormatUint(uint64(rand.Uint32()), 36)+".tmp")
		f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("create a temporary file beside %s: %w", path, err)
		}
		if st != nil {
			if err := f.Chmod(st.Mode().Perm()); err != nil {
				_ = f.Close()
				_ = os.Remove(tmp)
				return nil, err
			}
		}
		return &reportFile{File: f, target: target}, nil
	}
	return nil, fmt.Errorf("create a temporary file beside %s: too many attempts", path)
}

// commit closes the file and, when it is a temporary file, renames it over
// the target.
func (f *reportFile) commit() error {
	if err := f.Close(); err != nil {
		f.discard()
		return err
	}
	if f.target == "" {
		return nil
	}
	if err := os.Rename(f.Name(), f.target); err != nil {
		_ = os.Remove(f.Name())
		return err
	}
	return nil
}

// discard closes the file and removes it when it is a temporary file:
// the previous report stays.
func (f *reportFile) discard() {
	_ = f.Close() // an error has been reported already; the file goes
	if f.target != "" {
		_ = os.Remove(f.Name())
	}
}
