//go:build linux || darwin

package lint

import (
	"errors"
	"os"
	"syscall"
)

// readFileInto reads the whole file at name, like os.ReadFile, in four
// system calls: open, fstat (for the size), one read, close. os.ReadFile makes nine for a
// small file (the file is registered with the poller, which costs fcntl
// and epoll_ctl calls, and a second read must return 0 to prove the end),
// which matters when a run reads a thousand small files. A file larger
// than limit bytes (> 0) is not read past
// the limit: the error is then a *FileTooLargeError. Other errors are
// *fs.PathError values as from os.ReadFile.
//
// The file is opened non-blocking, so that opening a named pipe without
// a writer returns at once (it then reads as empty) instead of waiting
// for one forever; a file that is not regular (a pipe, a device) is then
// read with blocking reads, up to the limit.
func readFileInto(name string, limit int64) ([]byte, error) {
	fd, err := ignoringEINTR(func() (int, error) {
		return syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
	})
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd) //nolint:errcheck // a read-only descriptor: nothing to lose on close
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, &os.PathError{Op: "stat", Path: name, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		// A pipe or a device: wait for its data, as a blocking read does
		// (a regular file's reads never wait, whatever the flag).
		if err := syscall.SetNonblock(fd, false); err != nil {
			return nil, &os.PathError{Op: "fcntl", Path: name, Err: err}
		}
	}
	return readAll(name, fd, &st, limit, syscall.Read)
}

// readAll reads the open file fd (named name, of status st) to its end
// with read (package syscall's, which tells the scheduler that the
// goroutine may block, as any read of a pipe or a device may). A regular file whose
// stat size exceeds limit (> 0) is not read at all; any other file is
// read up to limit+1 bytes: one more byte is too large.
func readAll(name string, fd int, st *syscall.Stat_t, limit int64, read func(fd int, b []byte) (int, error)) ([]byte, error) {
	size := int(st.Size)
	isReg := st.Mode&syscall.S_IFMT == syscall.S_IFREG
	if isReg && limit > 0 && st.Size > limit {
		return nil, &FileTooLargeError{Size: st.Size, Limit: limit}
	}
	if !isReg || size <= 0 || int64(size) != st.Size {
		// Not a regular file, or one whose size the stat does not tell
		// (files in /proc): read to the end.
		size = 0
	}
	// One byte more than the size, so that a file that grew since the
	// stat does not look complete.
	buf := make([]byte, 0, size+1)
	for {
		n, err := ignoringEINTR(func() (int, error) { return read(fd, buf[len(buf):cap(buf)]) })
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: name, Err: err}
		}
		if n == 0 {
			return buf, nil
		}
		buf = buf[:len(buf)+n]
		if limit > 0 && int64(len(buf)) > limit {
			// A device or a pipe (or a file that grew) past the limit:
			// stop reading; a size of -1 says it is not known.
			return nil, &FileTooLargeError{Size: -1, Limit: limit}
		}
		if size > 0 && len(buf) == size {
			// A short read of exactly the stat size of a regular file
			// is its end: skip the read that would return 0.
			return buf, nil
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
	}
}

// ignoringEINTR retries f while it fails with EINTR (a signal arrived),
// as the os package does.
func ignoringEINTR(f func() (int, error)) (int, error) {
	for {
		n, err := f()
		if !errors.Is(err, syscall.EINTR) {
			return n, err
		}
	}
}
