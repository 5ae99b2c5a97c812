package main

import (
	"os"
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
	})
}
