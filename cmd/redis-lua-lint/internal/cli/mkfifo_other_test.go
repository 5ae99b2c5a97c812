//go:build !unix

package cli

import "errors"

// mkfifo reports that named pipes are not supported here.
func mkfifo(string) error { return errors.New("named pipes are not supported") }
