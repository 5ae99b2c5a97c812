//go:build linux && (amd64 || arm64)

package lint

import (
	"os"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// readRegular reads the regular file at name as readFileInto does, with
// raw system calls: calls that do not tell the scheduler the goroutine
// may block.
//
// Why: a worker that enters a system call through package syscall lets
// the runtime's monitor thread take its processor away when the call
// outlasts one of the monitor's ticks (20 µs at first), which it does
// only when no processor is idle: the normal case here, every processor
// running a worker. The monitor then wakes another thread to run the
// processor, which finds nothing to do and sleeps again, the worker
// waits for a processor when its call returns, and the monitor, having
// found work, goes back to ticking every 20 µs instead of backing off.
// Opening and reading a thousand small files triggered that a few times
// per run, each time for a few milliseconds of ticking on a machine
// whose two processors were both busy linting: a corpus run took 3-4%
// more time than with raw calls (bench/RESULTS.md, sixth pass).
//
// A raw call holds the processor until it returns, which is right only
// for calls that cannot wait on anything but the disk: reading a regular
// file. Discovery says the file was regular; it is opened with
// O_NONBLOCK so that, should it have been replaced by a pipe since, the
// open does not wait for a writer, and read with the blocking calls
// when the stat says it is not regular after all.
func readRegular(name string, limit int64, rc *recycler) ([]byte, error) {
	fd, err := ignoringEINTR(func() (int, error) { return rawOpen(name) })
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
	var st syscall.Stat_t
	if err := rawFstat(fd, &st); err != nil {
		rawClose(fd) //nolint:errcheck // a read-only descriptor: nothing to lose on close
		return nil, &os.PathError{Op: "stat", Path: name, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		// Replaced since discovery: read it as any other file, waiting
		// for data as a blocking descriptor does.
		defer syscall.Close(fd) //nolint:errcheck // a read-only descriptor: nothing to lose on close
		if err := syscall.SetNonblock(fd, false); err != nil {
			return nil, &os.PathError{Op: "fcntl", Path: name, Err: err}
		}
		return readAll(name, fd, &st, limit, rc, syscall.Read)
	}
	defer rawClose(fd) //nolint:errcheck // a read-only descriptor: nothing to lose on close
	return readAll(name, fd, &st, limit, rc, rawRead)
}

// rawOpen opens name read-only, close-on-exec and non-blocking.
func rawOpen(name string) (int, error) {
	p, err := syscall.BytePtrFromString(name)
	if err != nil {
		return -1, err
	}
	// dir is a variable: a negative constant does not convert to uintptr.
	dir := unix.AT_FDCWD
	flags := syscall.O_RDONLY | syscall.O_CLOEXEC | syscall.O_NONBLOCK
	// p is kept alive by the call (RawSyscall6 is go:uintptrkeepalive).
	fd, _, errno := syscall.RawSyscall6(syscall.SYS_OPENAT, uintptr(dir), uintptr(unsafe.Pointer(p)), uintptr(flags), 0, 0, 0) //nolint:gosec // see above
	if errno != 0 {
		return -1, errno
	}
	return int(fd), nil
}

// rawFstat is syscall.Fstat as a raw call.
func rawFstat(fd int, st *syscall.Stat_t) error {
	_, _, errno := syscall.RawSyscall(syscall.SYS_FSTAT, uintptr(fd), uintptr(unsafe.Pointer(st)), 0) //nolint:gosec // st is kept alive by the call
	if errno != 0 {
		return errno
	}
	return nil
}

// rawRead is syscall.Read as a raw call.
func rawRead(fd int, b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	n, _, errno := syscall.RawSyscall(syscall.SYS_READ, uintptr(fd), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b))) //nolint:gosec // b is kept alive by the call
	if errno != 0 {
		return -1, errno
	}
	return int(n), nil
}

// rawClose is syscall.Close as a raw call.
func rawClose(fd int) error {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_CLOSE, uintptr(fd), 0, 0); errno != 0 {
		return errno
	}
	return nil
}
