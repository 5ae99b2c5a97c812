package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

func runCLI(t *testing.T, rules []*analyzer.Rule, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &Command{
		Stdin:  strings.NewReader(stdin),
		Stdout: &out,
		Stderr: &errb,
		Getenv: func(string) string { return "" },
		Rules:  rules,
	}
	code = c.Main(args)
	return code, out.String(), errb.String()
}

// localsRule reports every local of the main chunk and panics on a local
// named boom (an internal error on that file).
func localsRule() *analyzer.Rule {
	return &analyzer.Rule{ID: "locals", Severity: analyzer.SeverityWarning, Doc: analyzer.Doc{Title: "t"}, Run: func(p *analyzer.Pass) {
		for _, s := range p.File.Block.Stmts {
			if l, ok := s.(*luaast.LocalStmt); ok {
				p.Reportf(l, "local %s", l.Names[0].Name)
				if l.Names[0].Name == "boom" {
					panic("kaboom")
				}
			}
		}
	}}
}

// TestInternalErrorExit2 checks that a rule that panics on one file gives
// exit status 2 with one stderr line naming the rule and the file, while
// the findings of every file are still printed.
func TestInternalErrorExit2(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{"a.lua": "local boom = 1\n", "b.lua": "local fine = 1\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	code, stdout, stderr := runCLI(t, []*analyzer.Rule{localsRule()}, "", "-j", "2", ".")
	if code != ExitError {
		t.Errorf("exit %d, want %d", code, ExitError)
	}
	lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], `redis-lua-lint: a.lua: internal error in rule "locals": kaboom (at `) {
		t.Errorf("stderr = %q, want one line naming the rule and file", stderr)
	}
	for _, want := range []string{"a.lua:1:1: warning: local boom [locals]", "b.lua:1:1: warning: local fine [locals]"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
}

func TestExitCodesInProcess(t *testing.T) {
	warn := &analyzer.Rule{ID: "w", Severity: analyzer.SeverityWarning, Doc: analyzer.Doc{Title: "t"}, Run: func(p *analyzer.Pass) {
		p.Reportf(p.File.Block, "finding")
	}}
	rules := []*analyzer.Rule{warn}
	t.Chdir(t.TempDir())
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"-"}, ExitFindings},
		{[]string{"--fail-on", "error", "-"}, ExitOK},
		{[]string{"--disable", "w", "-"}, ExitOK},
		{[]string{"--fail-on", "nope", "-"}, ExitError},
		{[]string{"explain", "w"}, ExitOK},
		{[]string{"explain", "x"}, ExitError},
	} {
		code, _, stderr := runCLI(t, rules, "return 1\n", tt.args...)
		if code != tt.want {
			t.Errorf("%q: exit %d, want %d (stderr %q)", tt.args, code, tt.want, stderr)
		}
	}
}

func TestDefaultToCheck(t *testing.T) {
	c := &Command{}
	root := c.newRoot(true)
	for _, tt := range []struct{ in, want string }{
		{"", "check"},
		{"a.lua", "check a.lua"},
		{"--format json a.lua", "check --format json a.lua"},
		{"check a.lua", "check a.lua"},
		{"rules", "rules"},
		{"explain x", "explain x"},
		{"version", "version"},
		{"completion bash", "completion bash"},
		{"--help", "--help"},
		{"help check", "help check"},
		{"-v", "-v"},
		{"__complete ex", "__complete ex"},
		{"__complete explain nil", "__complete explain nil"},
		{"__complete --enable dyn", "__complete check --enable dyn"},
		{"__complete -", "__complete check -"},
		{"__complete scripts/ --for", "__complete check scripts/ --for"},
		{"__completeNoDesc --color a", "__completeNoDesc check --color a"},
	} {
		got := strings.Join(c.defaultToCheck(root, strings.Fields(tt.in)), " ")
		if got != tt.want {
			t.Errorf("defaultToCheck(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestWrap(t *testing.T) {
	got := wrap("aaa bbb ccc ddd\n\neee", 7)
	if want := "aaa bbb\nccc ddd\n\neee\n"; got != want {
		t.Errorf("wrap = %q, want %q", got, want)
	}
}

func TestNeedsCompletionCmd(t *testing.T) {
	for _, tt := range []struct {
		args string
		want bool
	}{
		{"", false},
		{"a.lua", false},
		{"check --format json .", false},
		{"version", false},
		{"completion bash", true},
		{"--help", true},
		{"check -h", true},
		{"help check", true},
		{"__complete --enable ", true},
		{"__completeNoDesc ", true},
	} {
		if got := needsCompletionCmd(strings.Fields(tt.args)); got != tt.want {
			t.Errorf("needsCompletionCmd(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
