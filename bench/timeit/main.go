//go:build devtools && unix

// Command timeit runs one command and prints how long it took: wall time
// and CPU time (user + system) in microseconds, peak RSS in KiB, and the
// command's exit status, separated by tabs. bench/run.sh times every tool
// with it.
//
// Why not `date` around `/usr/bin/time`: on a small VM each extra process
// costs milliseconds (two `date` forks and GNU time's own fork and exec
// added 4–6 ms to every run). That overhead is the same for every tool, so
// it pulls all the ratios towards 1: it made `cat` of one file look like
// 7 ms. timeit starts its clock just before it starts the command and
// stops it when the command has been reaped, so a run costs only the
// command's own fork, exec and exit; CPU time comes from the kernel's
// accounting for the child (wait4's rusage), at microsecond resolution
// instead of /usr/bin/time's 10 ms.
//
// The command's output goes to /dev/null. timeit exits 0 whatever the
// command's status (a linter exits 1 when it finds something), and 2 when
// the command cannot be started. It builds on Unix systems only (it reads
// the kernel's resource usage), as bench/run.sh runs only there.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "timeit: %v\n", err)
		os.Exit(2)
	}
}

// run times the command args and writes one line to w.
func run(args []string, w io.Writer) error {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return errors.New("usage: timeit [--] COMMAND [ARG...]")
	}
	m, err := measure(args)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%d\t%d\t%d\t%d\n", m.wall.Microseconds(), m.cpu.Microseconds(), m.maxRSSKiB, m.status)
	return err
}

// measurement is one timed run of a command.
type measurement struct {
	wall, cpu time.Duration
	maxRSSKiB int64
	status    int
}

// measure runs args with its output discarded and measures it.
func measure(args []string) (measurement, error) {
	cmd := exec.Command(args[0], args[1:]...) //nolint:gosec // running the command it is given is timeit's job
	// A nil Stdout/Stderr is /dev/null; the command reads nothing.
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return measurement{}, fmt.Errorf("start %s: %w", args[0], err)
	}
	err := cmd.Wait()
	wall := time.Since(start)
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return measurement{}, fmt.Errorf("wait for %s: %w", args[0], err)
	}
	st := cmd.ProcessState
	m := measurement{wall: wall, cpu: st.UserTime() + st.SystemTime(), status: st.ExitCode()}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		m.maxRSSKiB = int64(ru.Maxrss) //nolint:unconvert // KiB on Linux; the field is narrower on some platforms
	}
	return m, nil
}
