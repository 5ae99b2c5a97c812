package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputKeptOnFailure: -o writes to a temporary file renamed over the
// target only once the report is complete: a failed report leaves the
// previous one whole and no temporary file behind; a complete one
// replaces it, keeping its permissions.
func TestOutputKeptOnFailure(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "report.json")
	if err := os.WriteFile(out, []byte("previous\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	c := &Command{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: func(string) string { return "" }}
	r := c.newReportStream(&checkFlags{format: "json", output: out}, dir)
	r.start()
	if r.err != nil {
		t.Fatal(r.err)
	}
	if _, err := r.out.WriteString("{\"partial"); err != nil {
		t.Fatal(err)
	}
	r.fail(errors.New("disk full"))
	if err := r.close(); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("close: %v, want the write error", err)
	}
	assertDir(t, dir, map[string]string{"report.json": "previous\n"})

	r = c.newReportStream(&checkFlags{format: "json", output: out}, dir)
	if err := r.close(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil || !strings.HasPrefix(string(got), "{") {
		t.Errorf("report %q, %v; want the JSON report", got, err)
	}
	if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, %v; want the previous file's 0640", st.Mode(), err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files left in the directory: %v", entries)
	}
}

// TestOutputNotRegular: -o naming a device writes to it in place (a
// rename would replace the device node).
func TestOutputNotRegular(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no null device")
	}
	t.Chdir(t.TempDir())
	if err := os.WriteFile("a.lua", []byte("return 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLIWithin(t, "-o", os.DevNull, "a.lua")
	if r.code != ExitOK || r.stderr != "" {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if st, err := os.Stat(os.DevNull); err != nil || st.Mode().IsRegular() {
		t.Errorf("%s replaced: %v, %v", os.DevNull, st, err)
	}
}

// assertDir checks that dir holds exactly the files want (name →
// content).
func assertDir(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(want) {
		t.Errorf("directory holds %v, want %v", entries, want)
	}
	for name, content := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != content {
			t.Errorf("%s: %q, %v; want %q", name, got, err, content)
		}
	}
}
