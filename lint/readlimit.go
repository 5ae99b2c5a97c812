package lint

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// DefaultMaxFileSize is the largest file the engine reads when the
// configuration does not set max-file-size: 4 MiB, far above any real
// script (the largest in the benchmark corpus is a few hundred KB), and
// small enough that a file that is not a script (a log, a dump, a device
// such as /dev/zero) costs a bounded amount of memory.
const DefaultMaxFileSize int64 = 4 << 20

// FileTooLargeError is the error of a file larger than the size limit:
// it is not read (beyond the limit) or linted.
type FileTooLargeError struct {
	// Size is the file's size when the system tells it (a regular file),
	// -1 when the file was read up to the limit (a pipe or a device).
	Size int64
	// Limit is the size limit in force.
	Limit int64
}

// Error says the size, the limit and how to raise it.
func (e *FileTooLargeError) Error() string {
	size := "more than " + FormatSize(e.Limit)
	if e.Size >= 0 {
		size = FormatSize(e.Size)
	}
	return fmt.Sprintf("not checked: the file is %s, larger than the limit of %s (raise it with --max-file-size or the configuration's max-file-size)", size, FormatSize(e.Limit))
}

// FormatSize writes n bytes in the largest unit it reaches (GB, MB, KB:
// powers of 1024, as ParseSize reads them): whole when the unit divides
// it ("4 MB", which ParseSize reads back), else with one decimal
// ("17.3 MB"); in bytes below 1 KB.
func FormatSize(n int64) string {
	units := []struct {
		name string
		size int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}}
	for _, u := range units {
		switch {
		case n < u.size:
			continue
		case n%u.size == 0:
			return strconv.FormatInt(n/u.size, 10) + " " + u.name
		}
		return strconv.FormatFloat(float64(n)/float64(u.size), 'f', 1, 64) + " " + u.name
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// ParseSize reads a size limit: a number of bytes, optionally followed by
// B, KB, MB or GB (powers of 1024; KiB, MiB, GiB and the bare K, M, G
// mean the same), with or without a space ("512KB", "8 MB"). The size
// must be positive.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	upper := strings.ToUpper(t)
	for _, u := range []struct {
		suffixes []string
		size     int64
	}{
		{[]string{"GIB", "GB", "G"}, 1 << 30},
		{[]string{"MIB", "MB", "M"}, 1 << 20},
		{[]string{"KIB", "KB", "K"}, 1 << 10},
		{[]string{"B"}, 1},
	} {
		found := false
		for _, suf := range u.suffixes {
			if strings.HasSuffix(upper, suf) {
				t, mult, found = strings.TrimSpace(t[:len(t)-len(suf)]), u.size, true
				break
			}
		}
		if found {
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("invalid size %q: want a positive number of bytes, optionally with KB, MB or GB", s)
	}
	if n > (1<<62)/mult {
		return 0, fmt.Errorf("invalid size %q: too large", s)
	}
	return n * mult, nil
}

// errNotRegular is the error of a settings file (configuration,
// .gitignore) that is a named pipe, a device or a socket.
var errNotRegular = errors.New("not a regular file")

// readSettingsFile reads a file of settings (the configuration, a
// .gitignore) as os.ReadFile does, without the read that blocks forever
// on a named pipe: a file that is not regular is an error, and the file
// is opened non-blocking (readFileInto), read up to DefaultMaxFileSize.
func readSettingsFile(name string) ([]byte, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &os.PathError{Op: "read", Path: name, Err: errNotRegular}
	}
	return readFileInto(name, DefaultMaxFileSize)
}
