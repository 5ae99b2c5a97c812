package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// TestSARIFHelpURIEveryRule checks that every built-in rule in the SARIF
// report links to its section of docs/rules.md on GitHub (helpUri), and
// that the section exists: docs/rules.md has a "## <id>" heading, whose
// GitHub anchor is the ID.
func TestSARIFHelpURIEveryRule(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	headings := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		if id, ok := strings.CutPrefix(line, "## "); ok {
			headings[strings.TrimSpace(id)] = true
		}
	}
	if RulesDocURL != "https://github.com/redis-lua-lint/redis-lua-lint/blob/main/docs/rules.md" {
		t.Errorf("RulesDocURL = %q, not docs/rules.md of the module's repository", RulesDocURL)
	}

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.lua"), []byte("count = 1\nreturn count\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	_, stdout, stderr := runCLI(t, rules.All(), "", "check", "--format", "sarif", "a.lua")
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("SARIF output does not decode (%v), stderr %q:\n%s", err, stderr, stdout)
	}
	got := log.Runs[0].Tool.Driver.Rules
	if len(got) != len(rules.All()) {
		t.Errorf("%d rules in the SARIF run, want every built-in rule (%d)", len(got), len(rules.All()))
	}
	for _, r := range got {
		if want := RulesDocURL + "#" + r.ID; r.HelpURI != want {
			t.Errorf("rule %s: helpUri %q, want %q", r.ID, r.HelpURI, want)
		}
		if !headings[r.ID] {
			t.Errorf("rule %s: docs/rules.md has no section '## %s' for its helpUri", r.ID, r.ID)
		}
	}
}
