package lint_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// writeTree writes files (slash-separated names) under a new temporary
// directory and changes into it, since shown paths are relative.
func writeTree(t *testing.T, files map[string]string) {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// findings lints the sources and returns "path:line:rule" for each
// finding, in report order.
func findings(t *testing.T, paths ...string) []string {
	t.Helper()
	var srcs []lint.Source
	for _, p := range paths {
		srcs = append(srcs, lint.Source{Path: p, File: p})
	}
	eng := lint.NewEngine(rules.All(), lint.DefaultConfig("."), 2)
	var out []string
	for _, r := range eng.CheckFiles(context.Background(), srcs) {
		if r.Err != nil {
			t.Fatalf("%s: %v", r.Path, r.Err)
		}
		for _, d := range r.Diagnostics {
			out = append(out, r.Path+":"+strconv.Itoa(r.Lines.Position(d.Span.Start).Line)+":"+d.RuleID)
		}
	}
	return out
}

var includeTree = map[string]string{
	// Two scripts include one helper library, which includes another.
	"a.lua":             "local rcall = redis.call\n--- @include \"includes/jobs\"\nlocal key = KEYS[1]\naddJob(key, ARGV[1])\nreturn removeJbo(key)\n",
	"b.lua":             "local rcall = redis.call\n-- $include(jobs.lua)\nreturn addJob(KEYS[1], ARGV[1])\n",
	"includes/jobs.lua": "--- @include \"base\"\nlocal function addJob(k, v)\n  total = 1\n  return rcall(\"LPUSH\", k, v)\nend\nlocal function other() return missing end\n",
	"includes/base.lua": "local function base() return 1 end\n",
}

func TestAssembledScripts(t *testing.T) {
	writeTree(t, includeTree)
	got := findings(t, "a.lua", "b.lua", "includes/base.lua", "includes/jobs.lua")
	want := []string{
		// The typo is found in the assembled script: alone, a.lua is a
		// fragment and undefined names are not judged.
		"a.lua:5:undefined-global",
		// The helper's own problem, found alone.
		"includes/jobs.lua:3:global-assignment",
		// A name no file defines, found through the scripts that include
		// the helper: once, whichever scripts include it.
		"includes/jobs.lua:6:undefined-global",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func TestAssembledScriptsIncludedFileNotASource(t *testing.T) {
	// pre-commit passes only the staged script: the helper's problems
	// found through it are still reported, at the helper.
	writeTree(t, includeTree)
	got := findings(t, "b.lua")
	want := []string{"includes/jobs.lua:3:global-assignment", "includes/jobs.lua:6:undefined-global"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func TestAssembledScriptsUnresolvedInclude(t *testing.T) {
	// An include that names no file: the script is linted alone, as a
	// fragment (no undefined-global on its helpers' names).
	writeTree(t, map[string]string{"a.lua": "--- @include \"nowhere\"\nreturn addJob(KEYS[1])\n"})
	if got := findings(t, "a.lua"); len(got) != 0 {
		t.Errorf("findings: %v", got)
	}
}

func TestAssembledScriptsCycle(t *testing.T) {
	// Files that include each other are pasted once each.
	writeTree(t, map[string]string{
		"a.lua":          "--- @include \"includes/x\"\nreturn f(KEYS[1])\n",
		"includes/x.lua": "--- @include \"y\"\nlocal function f(k) return g(k) end\n",
		"includes/y.lua": "--- @include \"x\"\nlocal function g(k) return redis.call('GET', k) end\n",
	})
	if got := findings(t, "a.lua"); len(got) != 0 {
		t.Errorf("findings: %v", got)
	}
}
