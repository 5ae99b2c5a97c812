package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// frames encodes JSON-RPC messages as the protocol frames them on stdin.
func frames(msgs ...string) string {
	var b strings.Builder
	for _, m := range msgs {
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	return b.String()
}

const (
	lspInitialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
	lspShutdown   = `{"jsonrpc":"2.0","id":2,"method":"shutdown"}`
	lspExit       = `{"jsonrpc":"2.0","method":"exit"}`
)

// TestLSPSessionExitCodes runs `lsp` on a scripted stdin: the protocol's
// exit codes (0 after shutdown and exit, 1 after exit alone) and 2 when
// stdin ends without exit.
func TestLSPSessionExitCodes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stdin  string
		code   int
		stdout []string
		stderr string
	}{
		{"shutdown and exit", frames(lspInitialize, `{"jsonrpc":"2.0","method":"initialized","params":{}}`, lspShutdown, lspExit), ExitOK,
			[]string{`"id":1`, `"capabilities"`, `"hoverProvider":true`, `"name":"redis-lua-lint"`, `"id":2`}, ""},
		{"exit without shutdown", frames(lspInitialize, lspExit), ExitFindings, []string{`"id":1`}, ""},
		{"stdin ends", frames(lspInitialize), ExitError, []string{`"id":1`}, "without exit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, rules.All(), tc.stdin, "lsp")
			if code != tc.code {
				t.Errorf("exit code %d, want %d (stderr %q)", code, tc.code, stderr)
			}
			for _, w := range tc.stdout {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %s:\n%s", w, stdout)
				}
			}
			if tc.stderr == "" && stderr != "" || !strings.Contains(stderr, tc.stderr) {
				t.Errorf("stderr = %q, want %q", stderr, tc.stderr)
			}
		})
	}
}

func TestLSPFlags(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"lsp", "extra"}, "lsp takes no arguments"},
		{[]string{"lsp", "--redis-version", "9.9"}, `invalid --redis-version "9.9"`},
		{[]string{"lsp", "--disable", "no-such-rule"}, `unknown rule "no-such-rule" in --disable`},
	} {
		code, _, stderr := runCLI(t, rules.All(), "", tc.args...)
		if code != ExitError || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.stderr)
		}
	}
}

// TestLSPHostFile checks the server's front ends: a Go file's embedded
// script is linted, with findings at offsets of the Go text; other files
// are not the server's.
func TestLSPHostFile(t *testing.T) {
	dir := t.TempDir()
	eng := lint.NewEngine(rules.All(), lint.DefaultConfig(dir), 1)
	src := "package p\n\nimport \"github.com/redis/go-redis/v9\"\n\nvar s = redis.NewScript(`return tonumbr(1)`)\n"
	res, ok := lspHostFile(eng, filepath.Join(dir, "p.go"), []byte(src))
	if !ok || len(res.Diagnostics) != 1 || src[res.Diagnostics[0].Span.Start:res.Diagnostics[0].Span.End] != "tonumbr" {
		t.Errorf("Go file: ok %v, %+v; want the undefined global tonumbr", ok, res.Diagnostics)
	}
	if _, ok := lspHostFile(eng, filepath.Join(dir, "notes.txt"), []byte("x")); ok {
		t.Error("a .txt file was taken as a host file")
	}
	// Other host languages go through their front end.
	js := "const Redis = require('ioredis')\nconst r = new Redis()\nr.eval(`return tonumbr(1)`, 0)\n"
	res, ok = lspHostFile(eng, filepath.Join(dir, "a.js"), []byte(js))
	if !ok || len(res.Diagnostics) != 1 || js[res.Diagnostics[0].Span.Start:res.Diagnostics[0].Span.End] != "tonumbr" {
		t.Errorf("JS file: ok %v, %+v; want the undefined global tonumbr", ok, res.Diagnostics)
	}
	// A host file without a script is handled, with no finding (which
	// clears the findings it had).
	res, ok = lspHostFile(eng, filepath.Join(dir, "b.js"), []byte("const x = 1\n"))
	if !ok || len(res.Diagnostics) != 0 {
		t.Errorf("JS file without a script: ok %v, %+v", ok, res.Diagnostics)
	}
}
