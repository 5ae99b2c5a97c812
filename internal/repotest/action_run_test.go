package repotest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fakeCLI is a stand-in for redis-lua-lint: it logs its arguments (one per
// line, each run ended by a line "<end>"), creates the --output file, and
// exits with $FAKE_EXIT.
const fakeCLI = `#!/bin/sh
prev=""
for a in "$@"; do
	printf '%s\n' "$a" >>"$FAKE_LOG"
	if [ "$prev" = "--output" ]; then : >"$a"; fi
	prev="$a"
done
echo "<end>" >>"$FAKE_LOG"
exit "${FAKE_EXIT:-0}"
`

// actionStepScript returns the run script of the action step with id or
// name.
func actionStepScript(t *testing.T, idOrName string) actionStep {
	t.Helper()
	for _, st := range loadAction(t).Runs.Steps {
		if st.ID == idOrName || st.Name == idOrName {
			if st.Run == "" {
				t.Fatalf("action.yml: step %q has no run script", idOrName)
			}
			return st
		}
	}
	t.Fatalf("action.yml: no step %q", idOrName)
	return actionStep{}
}

// stepRun is the outcome of running one action step's script.
type stepRun struct {
	exitCode int
	stdout   string
	outputs  map[string]string // what the step wrote to $GITHUB_OUTPUT
	calls    [][]string        // the fake CLI's argument lists
}

// runActionStep runs a step's script with bash the way the Actions runner
// does (`bash --noprofile --norc -eo pipefail {0}`), with env on top of a
// minimal environment and the fake CLI first on PATH.
func runActionStep(t *testing.T, st actionStep, env map[string]string) stepRun {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "redis-lua-lint"), []byte(fakeCLI), 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "step.sh")
	if err := os.WriteFile(script, []byte(st.Run), 0o644); err != nil {
		t.Fatal(err)
	}
	outFile := filepath.Join(dir, "github_output")
	logFile := filepath.Join(dir, "calls")
	for _, f := range []string{outFile, logFile} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = dir
	cmd.Env = []string{
		"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"GITHUB_OUTPUT=" + outFile,
		"FAKE_LOG=" + logFile,
	}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stdout
	res := stepRun{outputs: map[string]string{}}
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("running step %q: %v", st.Name, err)
		}
		res.exitCode = ee.ExitCode()
	}
	res.stdout = stdout.String()

	out, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			res.outputs[k] = v
		}
	}
	log, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	var call []string
	for _, line := range strings.Split(string(log), "\n") {
		switch line {
		case "<end>":
			res.calls = append(res.calls, call)
			call = nil
		case "":
		default:
			call = append(call, line)
		}
	}
	return res
}

// lintEnv is the environment action.yml gives the lint step, for the
// inputs' default values.
func lintEnv(overrides map[string]string) map[string]string {
	env := map[string]string{
		"RLL_PATHS":         ".",
		"RLL_REDIS_VERSION": "",
		"RLL_FORMAT":        "github",
		"RLL_FAIL_ON":       "warning",
		"RLL_SARIF_FILE":    "redis-lua-lint.sarif",
		"RLL_UPLOAD_SARIF":  "false",
		"RLL_BASELINE":      "",
		"RLL_MATCHER":       "/action/.github/redis-lua-lint-matcher.json",
		"RLL_BIN_DIR":       "",
	}
	for k, v := range overrides {
		env[k] = v
	}
	return env
}

// TestActionLintStep runs the action's lint script against a fake CLI and
// checks the command lines it builds, the outputs it sets and that it never
// fails by itself (the last step propagates the exit code, after the SARIF
// upload had its chance).
func TestActionLintStep(t *testing.T) {
	st := actionStepScript(t, "lint")
	// The env the step declares must be the one this test provides.
	var declared []string
	for k := range st.Env {
		declared = append(declared, k)
	}
	var provided []string
	for k := range lintEnv(nil) {
		provided = append(provided, k)
	}
	slices.Sort(declared)
	slices.Sort(provided)
	if !slices.Equal(declared, provided) {
		t.Fatalf("lint step env = %v, the test provides %v", declared, provided)
	}

	common := []string{"--fail-on", "warning", "--color", "never"}
	tests := []struct {
		name       string
		env        map[string]string
		fakeExit   string
		wantCalls  [][]string
		wantOut    map[string]string
		wantStdout []string
		wantStatus int
	}{
		{
			name:      "defaults",
			wantCalls: [][]string{slices.Concat([]string{"check", "--format", "github"}, common, []string{"--", "."})},
			wantOut:   map[string]string{"exit-code": "0"},
		},
		{
			name:     "text with findings",
			env:      map[string]string{"RLL_FORMAT": "text", "RLL_PATHS": "lua/a.lua\n  lua/dir with/*.lua  other"},
			fakeExit: "1",
			// Split on whitespace; globs reach the CLI unexpanded.
			wantCalls: [][]string{slices.Concat([]string{"check", "--format", "text"}, common, []string{"--", "lua/a.lua", "lua/dir", "with/*.lua", "other"})},
			wantOut:   map[string]string{"exit-code": "1"},
			wantStdout: []string{
				"::add-matcher::/action/.github/redis-lua-lint-matcher.json",
				"::remove-matcher owner=redis-lua-lint::",
				"::remove-matcher owner=redis-lua-lint-info::",
			},
		},
		{
			name:      "sarif with a target version",
			env:       map[string]string{"RLL_FORMAT": "sarif", "RLL_REDIS_VERSION": "valkey-8.0", "RLL_FAIL_ON": "error"},
			fakeExit:  "1",
			wantCalls: [][]string{{"check", "--format", "sarif", "--output", "redis-lua-lint.sarif", "--fail-on", "error", "--color", "never", "--redis-version", "valkey-8.0", "--", "."}},
			wantOut:   map[string]string{"exit-code": "1", "sarif-file": "redis-lua-lint.sarif"},
		},
		{
			name: "github plus sarif upload",
			// The report's directory is created first.
			env:      map[string]string{"RLL_UPLOAD_SARIF": "true", "RLL_SARIF_FILE": "out/x.sarif"},
			fakeExit: "2",
			wantCalls: [][]string{
				slices.Concat([]string{"check", "--format", "github"}, common, []string{"--", "."}),
				slices.Concat([]string{"check", "--format", "sarif", "--output", "out/x.sarif"}, common, []string{"--", "."}),
			},
			wantOut: map[string]string{"exit-code": "2", "sarif-file": "out/x.sarif"},
		},
		{
			// Both runs (annotations and SARIF) report only what the
			// baseline does not hold.
			name:     "baseline with sarif upload",
			env:      map[string]string{"RLL_BASELINE": "ci/redis-lua-lint-baseline.json", "RLL_UPLOAD_SARIF": "true"},
			fakeExit: "1",
			wantCalls: [][]string{
				slices.Concat([]string{"check", "--format", "github"}, common, []string{"--baseline", "ci/redis-lua-lint-baseline.json", "--", "."}),
				slices.Concat([]string{"check", "--format", "sarif", "--output", "redis-lua-lint.sarif"}, common, []string{"--baseline", "ci/redis-lua-lint-baseline.json", "--", "."}),
			},
			wantOut: map[string]string{"exit-code": "1", "sarif-file": "redis-lua-lint.sarif"},
		},
		{
			name:       "unknown format",
			env:        map[string]string{"RLL_FORMAT": "xml"},
			wantOut:    map[string]string{},
			wantStdout: []string{"::error::redis-lua-lint: format must be github, text or sarif, not 'xml'"},
			wantStatus: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := lintEnv(tt.env)
			env["FAKE_EXIT"] = tt.fakeExit
			res := runActionStep(t, st, env)
			if res.exitCode != tt.wantStatus {
				t.Errorf("step exit status %d, want %d; output:\n%s", res.exitCode, tt.wantStatus, res.stdout)
			}
			if !slices.EqualFunc(res.calls, tt.wantCalls, slices.Equal[[]string]) {
				t.Errorf("CLI calls:\n got %q\nwant %q", res.calls, tt.wantCalls)
			}
			for k, v := range tt.wantOut {
				if res.outputs[k] != v {
					t.Errorf("output %s = %q, want %q", k, res.outputs[k], v)
				}
			}
			for k := range res.outputs {
				if _, ok := tt.wantOut[k]; !ok {
					t.Errorf("unexpected output %s=%q", k, res.outputs[k])
				}
			}
			for _, s := range tt.wantStdout {
				if !strings.Contains(res.stdout, s) {
					t.Errorf("log lacks %q; got:\n%s", s, res.stdout)
				}
			}
		})
	}
}

// TestActionReportStep checks that the last step turns the recorded exit
// code into the action's result.
func TestActionReportStep(t *testing.T) {
	st := actionStepScript(t, "Report the result")
	for _, tt := range []struct {
		code       string
		wantStatus int
		wantLog    string
	}{
		{"0", 0, "no findings"},
		{"1", 1, "::error::redis-lua-lint found problems"},
		{"2", 2, "::error::redis-lua-lint failed with exit code 2"},
		{"", 2, "::error::redis-lua-lint failed with exit code unknown"},
	} {
		res := runActionStep(t, st, map[string]string{"RLL_EXIT_CODE": tt.code})
		if res.exitCode != tt.wantStatus || !strings.Contains(res.stdout, tt.wantLog) {
			t.Errorf("exit code %q: status %d, log %q; want %d and %q", tt.code, res.exitCode, res.stdout, tt.wantStatus, tt.wantLog)
		}
	}
}

// TestActionScriptsShellcheck runs shellcheck (when installed; .ci/run
// installs it) on every run script of action.yml: actionlint checks the
// workflows' scripts but not a composite action's.
func TestActionScriptsShellcheck(t *testing.T) {
	sc, err := exec.LookPath("shellcheck")
	if err != nil {
		t.Skip("shellcheck not installed")
	}
	dir := t.TempDir()
	for i, st := range loadAction(t).Runs.Steps {
		if st.Run == "" {
			continue
		}
		if st.Shell != "bash" {
			t.Errorf("action.yml: step %q uses shell %q; the scripts are written for bash", st.Name, st.Shell)
			continue
		}
		file := filepath.Join(dir, fmt.Sprintf("step%d.sh", i))
		// The runner runs bash -e -o pipefail; say so, so that shellcheck
		// judges the script as it runs.
		if err := os.WriteFile(file, []byte("#!/usr/bin/env bash\nset -eo pipefail\n"+st.Run), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(sc, "--shell=bash", file).CombinedOutput()
		if err != nil {
			t.Errorf("shellcheck on action.yml step %q (line numbers are 2 more than in the script):\n%s", st.Name, out)
		}
	}
}
