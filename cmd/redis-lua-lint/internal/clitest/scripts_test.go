// Package clitest runs the end-to-end tests of the redis-lua-lint command
// (testscript files in cmd/redis-lua-lint/testdata/script). They live
// outside the main package on purpose: a test of a main package is built
// with its default.pgo, which recompiles the standard library and every
// dependency once more; here they are built like the other tests.
package clitest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/redis-lua-lint/redis-lua-lint/cmd/redis-lua-lint/internal/cli"
)

// TestMain lets the scripts run redis-lua-lint in this test binary, as
// cmd/redis-lua-lint's main runs it (the version is not set at link time).
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"redis-lua-lint": func() {
			os.Exit((&cli.Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}).Main(os.Args[1:]))
		},
	})
}

// TestScripts runs the end-to-end CLI tests in
// cmd/redis-lua-lint/testdata/script. Set UPDATE_SCRIPTS=1 to rewrite the
// expected cmp files.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("..", "..", "testdata", "script"),
		UpdateScripts:       os.Getenv("UPDATE_SCRIPTS") == "1",
		RequireExplicitExec: true,
		Setup:               goEnv,
	})
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
