package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts run redis-lua-lint in this test binary.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"redis-lua-lint": func() { os.Exit(run()) },
	})
}

// TestScripts runs the end-to-end CLI tests in testdata/script. Set
// UPDATE_SCRIPTS=1 to rewrite the expected cmp files.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       os.Getenv("UPDATE_SCRIPTS") == "1",
		RequireExplicitExec: true,
		Setup:               goEnv,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"crlf": crlfCmd,
			"mode": modeCmd,
		},
	})
}

// crlfCmd rewrites the files named with CRLF line endings: txtar
// archives hold LF only.
func crlfCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: crlf file...")
	}
	for _, a := range args {
		data := ts.ReadFile(a)
		ts.Check(os.WriteFile(ts.MkAbs(a), []byte(strings.ReplaceAll(data, "\n", "\r\n")), 0o644))
	}
}

// modeCmd checks the permission bits of a file: mode 0755 file.
func modeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: mode PERM file")
	}
	st, err := os.Stat(ts.MkAbs(args[1]))
	ts.Check(err)
	got := fmt.Sprintf("%04o", st.Mode().Perm())
	if (got == args[0]) == neg {
		ts.Fatalf("%s has mode %s, want %s%s", args[1], got, map[bool]string{true: "not "}[neg], args[0])
	}
}

// goEnv lets scripts that lint Go packages run the go command offline:
// its caches come from the real environment, the module proxy is off.
func goEnv(env *testscript.Env) error {
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOROOT").Output()
	if errors.Is(err, exec.ErrNotFound) {
		return nil // no go command: scripts that need it fail with its absence
	}
	if err != nil {
		return fmt.Errorf("go env: %w", err)
	}
	v := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(v) == 3 {
		env.Setenv("GOCACHE", v[0])
		env.Setenv("GOMODCACHE", v[1])
		env.Setenv("PATH", filepath.Join(v[2], "bin")+string(os.PathListSeparator)+env.Getenv("PATH"))
	}
	env.Setenv("GOPROXY", "off")
	env.Setenv("GOFLAGS", "-mod=mod")
	env.Setenv("GOWORK", "off")
	env.Setenv("GOTOOLCHAIN", "local")
	return nil
}
