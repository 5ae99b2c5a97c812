//go:build !linux

package redistest

import "syscall"

// sysProcAttr has no portable parent-death signal outside Linux; cleanups
// stop the server.
func sysProcAttr() *syscall.SysProcAttr { return nil }
