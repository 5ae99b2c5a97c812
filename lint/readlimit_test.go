package lint

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
	}{
		{"1", 1}, {"4096", 4096}, {"512KB", 512 << 10}, {"8 MB", 8 << 20}, {"8MiB", 8 << 20},
		{"1g", 1 << 30}, {"2 GB", 2 << 30}, {"100B", 100}, {" 3k ", 3 << 10},
	} {
		if got, err := ParseSize(tt.in); err != nil || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "0", "-1", "MB", "1.5MB", "lots", "1TB", "99999999999GB"} {
		if got, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q) = %d, want an error", bad, got)
		}
	}
}

func TestFormatSize(t *testing.T) {
	for _, tt := range []struct {
		in   int64
		want string
	}{
		{4 << 20, "4 MB"}, {512 << 10, "512 KB"}, {1 << 30, "1 GB"}, {100, "100 bytes"}, {(17 << 20) + (3 << 18), "17.8 MB"},
	} {
		if got := FormatSize(tt.in); got != tt.want {
			t.Errorf("FormatSize(%d) = %q, want %q", tt.in, got, tt.want)
		}
		if n, err := ParseSize(tt.want); err == nil && n != tt.in {
			t.Errorf("ParseSize(FormatSize(%d)) = %d", tt.in, n)
		}
	}
}

// withinTimeLimit runs f in a goroutine and fails the test if it has not
// returned within a minute: a read that blocks forever fails the test
// instead of hanging the test binary. (Not a timing assertion: the
// bound is far above the milliseconds the calls take.)
func withinTimeLimit[T any](t *testing.T, what string, f func() T) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v
	case <-ctx.Done():
		t.Fatalf("%s did not return: it blocks", what)
		var zero T
		return zero
	}
}

// TestReadFileLimit: a regular file larger than the limit is refused
// from its size, without reading it; one at the limit is read.
func TestReadFileLimit(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big.lua")
	if err := os.WriteFile(p, bytes.Repeat([]byte("x"), 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := readFileInto(p, 999)
	var tl *FileTooLargeError
	if !errors.As(err, &tl) || tl.Size != 1000 || tl.Limit != 999 {
		t.Errorf("error %v, want FileTooLargeError{1000, 999}", err)
	}
	if src, err := readFileInto(p, 1000); err != nil || len(src) != 1000 {
		t.Errorf("at the limit: %d bytes, %v", len(src), err)
	}
}

// TestReadFileDevZero: /dev/zero named on the command line ends at the
// size limit with a clear error, instead of reading forever.
func TestReadFileDevZero(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	err := withinTimeLimit(t, "reading /dev/zero", func() error {
		_, err := readFileInto("/dev/zero", 1<<20)
		return err
	})
	var tl *FileTooLargeError
	if !errors.As(err, &tl) || tl.Size != -1 || tl.Limit != 1<<20 {
		t.Fatalf("error %v, want FileTooLargeError{-1, 1 MB}", err)
	}
	if want := "not checked: the file is more than 1 MB, larger than the limit of 1 MB (raise it with --max-file-size"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message %q, want it to start with %q", err, want)
	}
}

// TestEngineFileTooLarge: the engine reports a file over the
// configuration's limit as a file error (exit 2 at the command line), and
// lints the files within it.
func TestEngineFileTooLarge(t *testing.T) {
	dir := t.TempDir()
	big, small := filepath.Join(dir, "big.lua"), filepath.Join(dir, "small.lua")
	if err := os.WriteFile(big, bytes.Repeat([]byte("-- comment\n"), 200), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(small, []byte("return 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig(dir)
	cfg.MaxFileSize = 1000
	res := NewEngine(nil, cfg, 1).CheckFiles(context.Background(), []Source{
		{Path: "big.lua", File: big}, {Path: "small.lua", File: small},
	})
	if len(res) != 2 {
		t.Fatalf("%d results, want 2", len(res))
	}
	var tl *FileTooLargeError
	if !errors.As(res[0].Err, &tl) || tl.Size != 2200 || !strings.Contains(res[0].Err.Error(), "the file is 2.1 KB, larger than the limit of 1000 bytes") {
		t.Errorf("big.lua: error %v", res[0].Err)
	}
	if res[1].Err != nil {
		t.Errorf("small.lua: error %v", res[1].Err)
	}
}

// TestDiscoverStdinLimit: stdin over the limit is a source carrying the
// error, read no further than the limit.
func TestDiscoverStdinLimit(t *testing.T) {
	r := &countingReader{}
	srcs, err := Discover([]string{"-"}, DiscoverOptions{Stdin: r, MaxFileSize: 4096})
	if err != nil {
		t.Fatal(err)
	}
	var tl *FileTooLargeError
	if len(srcs) != 1 || !errors.As(srcs[0].Err, &tl) || srcs[0].Src != nil {
		t.Fatalf("sources %+v, want one with a FileTooLargeError", srcs)
	}
	if r.n > 4096+64<<10 {
		t.Errorf("read %d bytes of stdin for a limit of 4096", r.n)
	}
}

// countingReader is an endless stream of spaces that counts what is read.
type countingReader struct{ n int }

func (r *countingReader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = ' '
	}
	r.n += len(b)
	return len(b), nil
}
