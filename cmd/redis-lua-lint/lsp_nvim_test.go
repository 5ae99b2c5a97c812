package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLSPWithNeovim runs `redis-lua-lint lsp` under a real client:
// Neovim's built-in LSP client, headless, driven by testdata/nvim/init.lua.
// It checks that the diagnostics arrive with their rule codes, that a code
// action's edit applies and the re-lint after it (a didChange) drops the
// fixed finding, and that a hover describes the command under the cursor.
// Skipped only when nvim is not installed.
func TestLSPWithNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim not installed")
	}
	// testscript.Main put this test binary on PATH as redis-lua-lint.
	bin, err := exec.LookPath("redis-lua-lint")
	if err != nil {
		t.Fatal(err)
	}
	init, err := filepath.Abs(filepath.Join("testdata", "nvim", "init.lua"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "s.lua")
	src := "count = 1\nlocal key = KEYS[1]\nredis.call('ZADD', key, 1, 'm')\nlocal unused = 1\nreturn count\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	outPath := filepath.Join(dir, "out.json")

	// A bound on the whole session (the script's waits have their own);
	// a hung editor fails the test rather than hanging it.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-u", init)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "RLL_BIN="+bin, "RLL_FILE="+file, "RLL_OUT="+outPath,
		"XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_DATA_HOME="+filepath.Join(dir, "data"),
		"XDG_STATE_HOME="+filepath.Join(dir, "state"), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	cmd.Stdin = strings.NewReader("")
	log, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("nvim did not finish: %v\n%s", ctx.Err(), log)
	}
	if err != nil {
		t.Fatalf("nvim: %v\n%s", err, log)
	}
	data, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatalf("no results from nvim: %v\n%s", err, log)
	}
	var out struct {
		Error          string `json:"error"`
		GotDiagnostics bool   `json:"got_diagnostics"`
		Diagnostics    []struct {
			Lnum     int    `json:"lnum"`
			Col      int    `json:"col"`
			Severity int    `json:"severity"`
			Code     string `json:"code"`
			Source   string `json:"source"`
			Message  string `json:"message"`
		} `json:"diagnostics"`
		Actions    []string `json:"actions"`
		Lines      []string `json:"lines"`
		Relinted   bool     `json:"relinted"`
		CodesAfter []string `json:"codes_after"`
		Hover      string   `json:"hover"`
		Stopped    bool     `json:"stopped"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("results: %v\n%s", err, data)
	}
	t.Logf("results: %s", data)
	if out.Error != "" {
		t.Fatalf("init.lua failed: %s\nnvim output:\n%s", out.Error, log)
	}
	if !out.GotDiagnostics || len(out.Diagnostics) == 0 {
		t.Fatalf("no diagnostics reached Neovim: %s", data)
	}
	d := out.Diagnostics[0]
	// vim.diagnostic.severity.ERROR is 1.
	if d.Code != "global-assignment" || d.Lnum != 0 || d.Col != 0 || d.Severity != 1 || d.Source != "redis-lua-lint" {
		t.Errorf("first diagnostic = %+v, want global-assignment error at 0:0 from redis-lua-lint", d)
	}
	if len(out.Actions) < 2 || out.Actions[0] != "declare 'count' as a local" || out.Actions[1] != "Ignore global-assignment on this line" {
		t.Errorf("code actions = %q", out.Actions)
	}
	if want := "local count = 1"; len(out.Lines) == 0 || out.Lines[0] != want {
		t.Errorf("buffer after the code action = %q, want first line %q", out.Lines, want)
	}
	if !out.Relinted || strings.Join(out.CodesAfter, " ") != "unused-variable" {
		t.Errorf("after the fix (a didChange): %q, want only unused-variable", out.CodesAfter)
	}
	for _, w := range []string{"**ZADD**", "ZADD key [NX | XX]", "Arity: -4"} {
		if !strings.Contains(out.Hover, w) {
			t.Errorf("hover lacks %q: %q", w, out.Hover)
		}
	}
	if !out.Stopped {
		t.Error("the server did not stop after shutdown and exit")
	}
}
