package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// streamTestRules are localsRule with the engine's syntax-error rule.
func streamTestRules() []*analyzer.Rule {
	syntax := &analyzer.Rule{ID: analyzer.SyntaxErrorRuleID, Severity: analyzer.SeverityError, Doc: analyzer.Doc{Title: "s"}}
	return []*analyzer.Rule{localsRule(), syntax}
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

// addBigDir adds 500 files with findings to the working directory, so
// that every report is larger than the 64 KiB the writers buffer: part
// of it is written before the summary.
func addBigDir(t *testing.T) {
	t.Helper()
	if err := os.Mkdir("big", 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 500 {
		if err := os.WriteFile(fmt.Sprintf("big/f%04d.lua", i), []byte("local a = 1\nlocal b = 2\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
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
// written after linting (stdout and stderr into one file, or one writer
// given as both, where the messages printed before the report must stay
// before it), for every streamed format and -j.
func TestStreamedReportMatchesWrittenAtEnd(t *testing.T) {
	streamTestTree(t)
	// A report larger than the writers' buffers, so that a streamed one
	// would be partly written before the messages.
	addBigDir(t)
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
				want := skip + stdout + rest
				if combined != want {
					t.Errorf("one output file:\n%s\nwant:\n%s", combined, want)
				}
				// One writer as both stdout and stderr, as an embedding
				// caller may pass.
				var both bytes.Buffer
				c := &Command{Stdin: strings.NewReader(""), Stdout: &both, Stderr: &both, Getenv: func(string) string { return "" }, Rules: rules}
				if code4 := c.Main(args); code4 != code || both.String() != want {
					t.Errorf("one writer: exit %d, output begins %q, want %q", code4, both.String()[:min(both.Len(), 80)], want[:min(len(want), 80)])
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
	// The error comes mid-stream.
	addBigDir(t)
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
	buf := &bytes.Buffer{}
	// == on two funcs panics: sameFile must not.
	var fw io.Writer = writerFunc(func(p []byte) (int, error) { return len(p), nil })
	for _, tt := range []struct {
		name string
		a, b io.Writer
		want bool
	}{
		{"one file", a, a, true},
		{"the file opened twice", a, a2, true},
		{"two files", a, b, false},
		{"the null device", null, null, false},
		{"two buffers", &bytes.Buffer{}, &bytes.Buffer{}, false},
		{"one buffer", buf, buf, true},
		{"a buffer and a file", buf, a, false},
		{"one writer of an uncomparable type", fw, fw, false},
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

// writerFunc is an io.Writer of an uncomparable type.
type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestReportSinkDecidesAfterDiscovery checks that whether the report is
// streamed is decided once, when decide is called after discovery, and
// that results emitted before it (which the engine does not do today)
// are held, not written: when --output turns out to be an input, the
// whole report is written at the end; otherwise the held results come
// first in the streamed report, which has the bytes of one written at
// the end.
func TestReportSinkDecidesAfterDiscovery(t *testing.T) {
	t.Chdir(t.TempDir())
	const old = "local old = 1\n"
	if err := os.WriteFile("z.lua", []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	a := lint.FileResult{Path: "a.lua", Src: []byte("local a = 1\n"), Diagnostics: []analyzer.Diagnostic{
		{RuleID: "locals", Severity: analyzer.SeverityWarning, Message: "local a", Span: luaast.Span{Start: 0, End: 11}},
	}}
	z := lint.FileResult{Path: "z.lua", Src: []byte(old), Err: errors.New("boom")}

	t.Run("output is an input", func(t *testing.T) {
		var stdout bytes.Buffer
		c := &Command{Stdout: &stdout, Stderr: &bytes.Buffer{}, Getenv: func(string) string { return "" }, Rules: streamTestRules()}
		s := c.newReportSink(&checkFlags{format: "text", output: "z.lua"}, ".", false)
		s.emit(&a) // before the last input is found
		s.checkInput(lint.Source{Path: "z.lua", File: "z.lua"})
		if s.decide() {
			t.Fatal("streamed, with --output an input")
		}
		s.emit(&z)
		if s.decide() {
			t.Error("decided again")
		}
		if got, err := os.ReadFile("z.lua"); err != nil || string(got) != old {
			t.Errorf("--output written before the end: %q, %v", got, err)
		}
		if len(s.held) != 2 || s.held[0].Path != "a.lua" || s.held[1].Path != "z.lua" || s.out.files != 0 {
			t.Errorf("held %d results, streamed %d; want both held", len(s.held), s.out.files)
		}
	})

	t.Run("streamed", func(t *testing.T) {
		var stdout bytes.Buffer
		c := &Command{Stdout: &stdout, Stderr: &bytes.Buffer{}, Getenv: func(string) string { return "" }, Rules: streamTestRules()}
		f := &checkFlags{format: "json"}
		s := c.newReportSink(f, ".", false)
		s.emit(&a)
		s.checkInput(lint.Source{Path: "z.lua", File: "z.lua"})
		if stdout.Len() != 0 {
			t.Fatalf("written before the decision: %q", stdout.String())
		}
		if !s.decide() {
			t.Fatal("not streamed")
		}
		s.emit(&z)
		if err := s.stream.close(); err != nil {
			t.Fatal(err)
		}
		if len(s.held) != 0 || s.out.files != 2 || len(s.out.errs) != 1 {
			t.Errorf("held %d, outcome %+v", len(s.held), s.out)
		}
		var atEnd bytes.Buffer
		c.Stdout = &atEnd
		if err := c.writeReport(f, ".", []lint.FileResult{a, z}); err != nil {
			t.Fatal(err)
		}
		if stdout.String() != atEnd.String() {
			t.Errorf("streamed:\n%s\nwritten at the end:\n%s", stdout.String(), atEnd.String())
		}
	})
}

// logWriter appends what it is given to a log shared with other
// logWriters, tagged, to see how writes to stdout and stderr interleave.
type logWriter struct {
	tag string
	log *[]string
	buf bytes.Buffer
}

func (w *logWriter) Write(p []byte) (int, error) {
	*w.log = append(*w.log, w.tag)
	return w.buf.Write(p)
}

// TestNoticesWhenStreamed documents where the messages printed before a
// report written at the end go when it is streamed (stdout and stderr
// apart): skipped binary files to stderr after the part of the report
// already written to stdout; "nothing checked" after the report (it
// depends on what the report counted), which is then written whole at
// the end. The bytes of each
// stream are checked by TestStreamedReportMatchesWrittenAtEnd.
func TestNoticesWhenStreamed(t *testing.T) {
	streamTestTree(t)
	addBigDir(t)
	if err := os.Mkdir("empty", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path string
		code int
		// order is the order of the first writes to stdout (o) and
		// stderr (e).
		order, notice string
	}{
		{".", ExitError, "oe", "redis-lua-lint: skipping binary file bin.lua\n"},
		{"empty", ExitError, "oe", "redis-lua-lint: nothing checked: no *.lua or host-language files found in empty\n"},
	} {
		t.Run(tt.path, func(t *testing.T) {
			var log []string
			stdout, stderr := &logWriter{tag: "o", log: &log}, &logWriter{tag: "e", log: &log}
			c := &Command{Stdin: strings.NewReader(""), Stdout: stdout, Stderr: stderr, Getenv: func(string) string { return "" }, Rules: streamTestRules()}
			code := c.Main([]string{"check", "--format", "json", tt.path})
			order := strings.Join(slices.Compact(log), "")
			if code != tt.code || !strings.HasPrefix(order, tt.order) || !strings.HasPrefix(stderr.buf.String(), tt.notice) {
				t.Errorf("exit %d, writes %q, stderr %q; want exit %d, writes beginning %q", code, order, stderr.buf.String(), tt.code, tt.order)
			}
		})
	}
}

// TestGitHubRebasedPaths checks that with $GITHUB_WORKSPACE above the
// working directory, annotations name files from the workspace and the
// file error lines on stderr from the working directory, streamed or
// written at the end (one writer as stdout and stderr).
func TestGitHubRebasedPaths(t *testing.T) {
	streamTestTree(t)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Base(wd)
	getenv := func(k string) string {
		if k == "GITHUB_WORKSPACE" {
			return filepath.Dir(wd)
		}
		return ""
	}
	const errLine = `redis-lua-lint: c/boom.lua: internal error in rule "locals": kaboom`
	var stdout, stderr, both bytes.Buffer
	c := &Command{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Getenv: getenv, Rules: streamTestRules()}
	if code := c.Main([]string{"check", "--format", "github", "."}); code != ExitError {
		t.Errorf("exit %d", code)
	}
	if !strings.HasPrefix(stdout.String(), "::warning file="+base+"/a.lua,") || !strings.Contains(stderr.String(), errLine) {
		t.Errorf("streamed: stdout %q..., stderr %q", stdout.String()[:min(stdout.Len(), 60)], stderr.String())
	}
	c.Stdout, c.Stderr = &both, &both
	if code := c.Main([]string{"check", "--format", "github", "."}); code != ExitError {
		t.Errorf("exit %d", code)
	}
	if want := "redis-lua-lint: skipping binary file bin.lua\n" + stdout.String(); !strings.HasPrefix(both.String(), want) || !strings.Contains(both.String(), errLine) {
		t.Errorf("written at the end:\n%s", both.String())
	}
}
