package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// streamTestRules report every local and panic on a local named boom (a
// file error), with the engine's syntax-error rule.
func streamTestRules() []*analyzer.Rule {
	locals := &analyzer.Rule{ID: "locals", Severity: analyzer.SeverityWarning, Doc: analyzer.Doc{Title: "t"}, Run: func(p *analyzer.Pass) {
		for _, s := range p.File.Block.Stmts {
			if l, ok := s.(*luaast.LocalStmt); ok {
				p.Reportf(l, "local %s", l.Names[0].Name)
				if l.Names[0].Name == "boom" {
					panic("kaboom")
				}
			}
		}
	}}
	syntax := &analyzer.Rule{ID: analyzer.SyntaxErrorRuleID, Severity: analyzer.SeverityError, Doc: analyzer.Doc{Title: "s"}}
	return []*analyzer.Rule{locals, syntax}
}

// streamTestTree writes a tree with findings, a syntax error, a file
// error, a binary file and paths whose walk order is not their sorted
// order (a/x.lua is walked before a.lua, sorted after it).
func streamTestTree(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"a.lua":       "local a = 1\n",
		"a/x.lua":     "local x = 1\nlocal y = 2\n",
		"b.lua":       "return 1 // 2\n",
		"bin.lua":     "\x1bLuaQ\x00\x01\x04\x08",
		"c/boom.lua":  "local boom = 1\n",
		"c/clean.lua": "return 1\n",
	}
	for i := range 40 {
		files[fmt.Sprintf("many/f%02d.lua", i)] = fmt.Sprintf("local v%d = %d\n", i, i)
	}
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// openFile opens name with flag, closed when the test ends.
func openFile(t *testing.T, name string, flag int) *os.File {
	t.Helper()
	f, err := os.OpenFile(name, flag, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := f.Close(); err != nil {
			t.Error(err)
		}
	})
	return f
}

// runCLIFiles runs the command with stdout and stderr both writing to one
// file, as with `2>&1`, and returns what the file holds.
func runCLIFiles(t *testing.T, rules []*analyzer.Rule, args ...string) (int, string) {
	t.Helper()
	f := openFile(t, filepath.Join(t.TempDir(), "out"), os.O_CREATE|os.O_RDWR)
	c := &Command{Stdin: strings.NewReader(""), Stdout: f, Stderr: f, Getenv: func(string) string { return "" }, Rules: rules}
	code := c.Main(args)
	data, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return code, string(data)
}

// TestStreamedReportMatchesWrittenAtEnd checks that a report written while
// the files are linted (stdout and stderr apart) has the bytes of the one
// written after linting (stdout and stderr into one file, where the
// messages printed before the report must stay before it), for every
// streamed format and -j.
func TestStreamedReportMatchesWrittenAtEnd(t *testing.T) {
	streamTestTree(t)
	rules := streamTestRules()
	const skip = "redis-lua-lint: skipping binary file bin.lua\n"
	for _, format := range []string{"text", "json", "github"} {
		for _, jobs := range []string{"1", "2"} {
			t.Run(format+"/j"+jobs, func(t *testing.T) {
				args := []string{"check", "--format", format, "-j", jobs, "."}
				code, stdout, stderr := runCLI(t, rules, "", args...)
				if code != ExitError {
					t.Errorf("exit %d, want %d", code, ExitError)
				}
				rest, ok := strings.CutPrefix(stderr, skip)
				if !ok || !strings.HasPrefix(rest, `redis-lua-lint: c/boom.lua: internal error in rule "locals": kaboom`) {
					t.Fatalf("stderr = %q", stderr)
				}
				if !strings.Contains(stdout, "a/x.lua") || strings.Index(stdout, "a.lua") > strings.Index(stdout, "a/x.lua") {
					t.Errorf("a.lua is not reported before a/x.lua:\n%s", stdout)
				}
				code2, combined := runCLIFiles(t, rules, args...)
				if code2 != code {
					t.Errorf("exit %d with one output file, %d apart", code2, code)
				}
				if want := skip + stdout + rest; combined != want {
					t.Errorf("one output file:\n%s\nwant:\n%s", combined, want)
				}
				// -o FILE streams too.
				out := filepath.Join(t.TempDir(), "report")
				code3, stdout3, stderr3 := runCLI(t, rules, "", append(args[:len(args)-1:len(args)-1], "-o", out, ".")...)
				got, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if code3 != code || stdout3 != "" || stderr3 != stderr || string(got) != stdout {
					t.Errorf("-o: exit %d, stdout %q, stderr %q, report equal: %v", code3, stdout3, stderr3, string(got) == stdout)
				}
			})
		}
	}
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct{ n int }

var errDiskFull = errors.New("disk full")

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errDiskFull
	}
	w.n -= len(p)
	return len(p), nil
}

// TestStreamedReportWriteError checks that a write error in the middle of
// a streamed report gives the error, and exit status, of a report
// written at the end: one message after the skipped files, and no
// per-file error lines after it.
func TestStreamedReportWriteError(t *testing.T) {
	streamTestTree(t)
	// The writers buffer 64 KiB: 500 more files make each report larger
	// than that, so the error comes mid-stream.
	if err := os.Mkdir("big", 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 500 {
		if err := os.WriteFile(fmt.Sprintf("big/f%04d.lua", i), []byte("local a = 1\nlocal b = 2\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ format, want string }{
		{"text", "redis-lua-lint: cannot write the report: writing text report: disk full\n"},
		{"json", "redis-lua-lint: cannot write the report: writing JSON report: disk full\n"},
		{"github", "redis-lua-lint: cannot write the report: writing GitHub annotations: disk full\n"},
	} {
		t.Run(tt.format, func(t *testing.T) {
			var stderr bytes.Buffer
			c := &Command{
				Stdin:  strings.NewReader(""),
				Stdout: &failingWriter{n: 10},
				Stderr: &stderr,
				Getenv: func(string) string { return "" },
				Rules:  streamTestRules(),
			}
			code := c.Main([]string{"check", "--format", tt.format, "-j", "2", "."})
			if code != ExitError {
				t.Errorf("exit %d, want %d", code, ExitError)
			}
			if want := "redis-lua-lint: skipping binary file bin.lua\n" + tt.want; stderr.String() != want {
				t.Errorf("stderr = %q, want %q", stderr.String(), want)
			}
		})
	}
}

// TestStreamedReportDiscoveryError checks that when discovery fails after
// some files were linted, nothing is written and --output is not created.
func TestStreamedReportDiscoveryError(t *testing.T) {
	streamTestTree(t)
	out := filepath.Join(t.TempDir(), "report")
	code, stdout, stderr := runCLI(t, streamTestRules(), "", "check", "-o", out, ".", "missing.lua")
	if code != ExitError || stdout != "" || !strings.HasPrefix(stderr, "redis-lua-lint: missing.lua: no such file or directory") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("--output created after a failed discovery (stat: %v)", err)
	}
}

// TestSameFile checks the test that keeps the report from being streamed
// where stderr goes.
func TestSameFile(t *testing.T) {
	dir := t.TempDir()
	a := openFile(t, filepath.Join(dir, "a"), os.O_CREATE|os.O_WRONLY)
	a2 := openFile(t, a.Name(), os.O_WRONLY)
	b := openFile(t, filepath.Join(dir, "b"), os.O_CREATE|os.O_WRONLY)
	null := openFile(t, os.DevNull, os.O_WRONLY)
	for _, tt := range []struct {
		name string
		a, b io.Writer
		want bool
	}{
		{"one file", a, a, true},
		{"the file opened twice", a, a2, true},
		{"two files", a, b, false},
		{"the null device", null, null, false},
		{"not files", &bytes.Buffer{}, &bytes.Buffer{}, false},
		{"a file and a buffer", a, &bytes.Buffer{}, false},
	} {
		if got := sameFile(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: sameFile = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// signalWriter closes first on its first write.
type signalWriter struct {
	bytes.Buffer
	first chan struct{}
}

func (w *signalWriter) Write(p []byte) (int, error) {
	if w.Len() == 0 && len(p) > 0 {
		close(w.first)
	}
	return w.Buffer.Write(p)
}

// TestReportIsWrittenWhileLinting checks that the report reaches stdout
// before the last file is linted: the rule holds the last file until the
// first bytes arrive (the writers flush every 64 KiB), which would never
// happen if the report were written at the end.
func TestReportIsWrittenWhileLinting(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("d", 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 500 {
		if err := os.WriteFile(fmt.Sprintf("d/f%04d.lua", i), []byte("local a = 1\nlocal b = 2\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := &signalWriter{first: make(chan struct{})}
	hold := &analyzer.Rule{ID: "hold", Severity: analyzer.SeverityWarning, Doc: analyzer.Doc{Title: "t"}, Run: func(p *analyzer.Pass) {
		if p.File.Name == "d/f0499.lua" {
			<-out.first
		}
	}}
	var stderr bytes.Buffer
	c := &Command{Stdin: strings.NewReader(""), Stdout: out, Stderr: &stderr, Getenv: func(string) string { return "" },
		Rules: append(streamTestRules(), hold)}
	if code := c.Main([]string{"check", "-j", "2", "."}); code != ExitFindings {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if !strings.HasSuffix(out.String(), "0 errors, 1000 warnings, 0 infos in 500 files\n") {
		t.Errorf("report ends with %q", out.String()[max(0, out.Len()-200):])
	}
}

// TestOutputThatIsAnInput checks that --output naming one of the files
// to lint gets the report of the file as it was, as when the report is
// written after linting: the file must not be overwritten while the run
// may still have to read it.
func TestOutputThatIsAnInput(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("d", 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 300 {
		if err := os.WriteFile(fmt.Sprintf("d/f%04d.lua", i), []byte("local a = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Walked last, so read long after the first files are reported.
	if err := os.WriteFile("z.lua", []byte("local old = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, streamTestRules(), "", "check", "-j", "2", "-o", "z.lua", ".")
	if code != ExitFindings || stdout != "" || stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	got, err := os.ReadFile("z.lua")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), "z.lua:1:1: warning: local old [locals]") {
		t.Errorf("the report lacks z.lua's finding:\n%s", got[max(0, len(got)-300):])
	}
}
