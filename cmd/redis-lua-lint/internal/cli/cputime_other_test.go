//go:build !unix

package cli

import "time"

// processCPU reports that the process CPU time is not available here.
func processCPU() (time.Duration, bool) { return 0, false }
