package redistest

import "syscall"

// sysProcAttr makes the kernel kill the server if the test binary dies
// without running its cleanups (a crash, a timeout, SIGKILL), so no
// redis-server outlives the tests.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
