package lint

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// testRules is a small rule set for configuration and engine tests.
func configTestRules() []*analyzer.Rule {
	return []*analyzer.Rule{
		{ID: "dynamic-key", Severity: analyzer.SeverityError, Options: []analyzer.OptionSpec{
			{Name: "allow-prefix-from-keys", Default: false},
			{Name: "allow-prefix-from-argv", Default: false},
		}},
		{ID: "hardcoded-key", Severity: analyzer.SeverityWarning},
		{ID: "limits", Severity: analyzer.SeverityWarning, Options: []analyzer.OptionSpec{
			{Name: "max", Default: 10},
			{Name: "name", Default: "x"},
			{Name: "names", Default: []string{"a"}},
		}},
		{ID: analyzer.SyntaxErrorRuleID, Severity: analyzer.SeverityError},
		{ID: analyzer.UnusedSuppressionRuleID, Severity: analyzer.SeverityInfo},
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"yaml syntax", "rules:\n  a: [\n", "invalid YAML"},
		{"not a mapping", "- a\n- b\n", "the configuration must be a mapping of keys (redis-version, rules, exclude, overrides, commands, includes, max-file-size, languages) at .redis-lua-lint.yaml:1"},
		{"unknown key", "redis-version: \"7.2\"\nrule:\n  dynamic-key: off\n", `unknown key "rule" at .redis-lua-lint.yaml:2 (did you mean "rules"?)`},
		{"unknown key list", "colour: red\n", `unknown key "colour" at .redis-lua-lint.yaml:1 (valid: redis-version, rules, exclude, overrides, commands, includes, max-file-size, languages)`},
		{"duplicate key", "rules: {}\nrules: {}\n", `duplicate key "rules" at .redis-lua-lint.yaml:2`},
		{"bad version", "redis-version: \"9.9\"\n", `unknown redis-version "9.9" at .redis-lua-lint.yaml:1 (known: 6.2, 7.0`},
		{"version list", "redis-version: [7]\n", `redis-version must be a single value, got a list at .redis-lua-lint.yaml:1`},
		{"rules not mapping", "rules: [a]\n", `rules must be a mapping of rule ID to severity, got a list at .redis-lua-lint.yaml:1`},
		{"unknown rule", "redis-version: \"7.2\"\n\nrules:\n  dynamic-keys: error\n", `unknown rule "dynamic-keys" at .redis-lua-lint.yaml:4 (did you mean "dynamic-key"?)`},
		{"unknown rule far", "rules:\n  zzzzzzzz: error\n", `unknown rule "zzzzzzzz" at .redis-lua-lint.yaml:2 (valid: dynamic-key, hardcoded-key, limits, syntax-error, unused-suppression)`},
		{"wildcard rule", "rules:\n  all: off\n", `unknown rule "all" at .redis-lua-lint.yaml:2 (name each rule: wildcards are not supported)`},
		{"bad severity", "rules:\n  dynamic-key: fatal\n", `invalid severity "fatal" for rule "dynamic-key" at .redis-lua-lint.yaml:2 (valid: error, warning, info, off)`},
		{"severity typo", "rules:\n  dynamic-key: warnign\n", `invalid severity "warnign" for rule "dynamic-key" at .redis-lua-lint.yaml:2 (did you mean "warning"?)`},
		{"severity list", "rules:\n  dynamic-key: [error]\n", `invalid severity a list for rule "dynamic-key" at .redis-lua-lint.yaml:2`},
		{"rule mapping key", "rules:\n  dynamic-key:\n    level: error\n", `unknown key "level" at .redis-lua-lint.yaml:3 (valid: severity, options)`},
		{"options not mapping", "rules:\n  limits:\n    options: 3\n", `options of rule "limits" must be a mapping, got "3" at .redis-lua-lint.yaml:3`},
		{"unknown option", "rules:\n  limits:\n    options:\n      maxx: 3\n", `unknown option "maxx" for rule "limits" at .redis-lua-lint.yaml:4 (did you mean "max"?)`},
		{"option of optionless rule", "rules:\n  hardcoded-key:\n    options:\n      x: 1\n", `unknown option "x": rule "hardcoded-key" has no options at .redis-lua-lint.yaml:4`},
		{"int option", "rules:\n  limits:\n    options:\n      max: lots\n", `option "max" of rule "limits" must be an integer, got "lots" at .redis-lua-lint.yaml:4`},
		{"bool option", "rules:\n  dynamic-key:\n    options:\n      allow-prefix-from-keys: 1\n", `option "allow-prefix-from-keys" of rule "dynamic-key" must be true or false, got "1" at .redis-lua-lint.yaml:4`},
		{"string option", "rules:\n  limits:\n    options:\n      name: [a]\n", `option "name" of rule "limits" must be a string, got a list at .redis-lua-lint.yaml:4`},
		{"list option", "rules:\n  limits:\n    options:\n      names: a\n", `option "names" of rule "limits" must be a list of strings, got "a" at .redis-lua-lint.yaml:4`},
		{"list option item", "rules:\n  limits:\n    options:\n      names:\n        - a\n        - {b: c}\n", `option "names" of rule "limits" must be a list of strings, got a mapping in the list at .redis-lua-lint.yaml:6`},
		{"bad max-file-size", "max-file-size: lots\n", `invalid size "lots": want a positive number of bytes, optionally with KB, MB or GB for max-file-size at .redis-lua-lint.yaml:1 (e.g. 4MB, 512KB or 1048576)`},
		{"zero max-file-size", "max-file-size: 0\n", `invalid size "0"`},
		{"exclude not list", "exclude: vendor\n", `exclude must be a list of glob patterns, got "vendor" at .redis-lua-lint.yaml:1`},
		{"exclude bad glob", "exclude:\n  - \"a/[b\"\n", `invalid glob pattern "a/[b" in exclude at .redis-lua-lint.yaml:2`},
		{"overrides not list", "overrides: {}\n", `overrides must be a list of {files: [...], rules: {...}}, got a mapping at .redis-lua-lint.yaml:1`},
		{"override not mapping", "overrides:\n  - a\n", `each override must be a mapping with files and rules, got "a" at .redis-lua-lint.yaml:2`},
		{"override unknown key", "overrides:\n  - files: [a]\n    rule: {}\n", `unknown key "rule" at .redis-lua-lint.yaml:3 (did you mean "rules"?)`},
		{"override without files", "overrides:\n  - rules: {}\n", `override without files: add files: ["glob", ...] at .redis-lua-lint.yaml:2`},
		{"override empty files", "overrides:\n  - files: []\n", `files of an override must list at least one glob at .redis-lua-lint.yaml:2`},
		{"override unknown rule", "overrides:\n  - files: [\"a/**\"]\n    rules:\n      hardcoded-keys: off\n", `unknown rule "hardcoded-keys" at .redis-lua-lint.yaml:4 (did you mean "hardcoded-key"?)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig(".redis-lua-lint.yaml", "/proj", []byte(tt.yaml), configTestRules())
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error\n  %s\nwant it to contain\n  %s", err, tt.want)
			}
		})
	}
}

// TestParseConfigMaxFileSize: max-file-size takes bytes or a unit; the
// default is DefaultMaxFileSize.
func TestParseConfigMaxFileSize(t *testing.T) {
	for _, tt := range []struct {
		yaml string
		want int64
	}{{"max-file-size: 1048576\n", 1 << 20}, {"max-file-size: 16MB\n", 16 << 20}, {"redis-version: \"7.2\"\n", DefaultMaxFileSize}} {
		c, err := ParseConfig(".redis-lua-lint.yaml", "/proj", []byte(tt.yaml), configTestRules())
		if err != nil {
			t.Fatal(err)
		}
		if got := c.maxFileSize(); got != tt.want {
			t.Errorf("%q: limit %d, want %d", tt.yaml, got, tt.want)
		}
	}
}

func TestParseConfigValid(t *testing.T) {
	src := `redis-version: valkey-8.0
rules:
  dynamic-key:
    severity: warning
    options:
      allow-prefix-from-keys: true
  hardcoded-key: off
  limits:
    options:
      max: 3
      names: [x, y]
exclude:
  - "vendor/**"
  - ./gen/*.lua
overrides:
  - files: ["tests/**"]
    rules:
      dynamic-key: off
      hardcoded-key: info
  - files: ["tests/keep/**"]
    rules:
      dynamic-key: error
`
	c, err := ParseConfig("cfg.yaml", "/proj", []byte(src), configTestRules())
	if err != nil {
		t.Fatal(err)
	}
	if want := (redisfacts.Version{Valkey: true, Major: 8, Minor: 0}); c.RedisVersion != want {
		t.Errorf("version = %v, want %v", c.RedisVersion, want)
	}
	if want := []string{"vendor/**", "gen/*.lua"}; !reflect.DeepEqual(c.Exclude, want) {
		t.Errorf("exclude = %q, want %q", c.Exclude, want)
	}
	rs := map[string]*analyzer.Rule{}
	for _, r := range configTestRules() {
		rs[r.ID] = r
	}
	tests := []struct {
		rule, path string
		want       RuleSetting
	}{
		{"dynamic-key", "/proj/a.lua", RuleSetting{Enabled: true, Severity: analyzer.SeverityWarning, Options: analyzer.Options{"allow-prefix-from-keys": true, "allow-prefix-from-argv": false}}},
		{"dynamic-key", "/proj/tests/a.lua", RuleSetting{Enabled: false, Severity: analyzer.SeverityWarning, Options: analyzer.Options{"allow-prefix-from-keys": true, "allow-prefix-from-argv": false}}},
		{"dynamic-key", "/proj/tests/keep/a.lua", RuleSetting{Enabled: true, Severity: analyzer.SeverityError, Options: analyzer.Options{"allow-prefix-from-keys": true, "allow-prefix-from-argv": false}}},
		{"dynamic-key", "/elsewhere/tests/a.lua", RuleSetting{Enabled: true, Severity: analyzer.SeverityWarning, Options: analyzer.Options{"allow-prefix-from-keys": true, "allow-prefix-from-argv": false}}},
		{"hardcoded-key", "/proj/a.lua", RuleSetting{Enabled: false, Options: analyzer.Options{}}},
		{"hardcoded-key", "/proj/tests/x/a.lua", RuleSetting{Enabled: true, Severity: analyzer.SeverityInfo, Options: analyzer.Options{}}},
		{"limits", "/proj/a.lua", RuleSetting{Enabled: true, Options: analyzer.Options{"max": 3, "name": "x", "names": []string{"x", "y"}}}},
		{"syntax-error", "/proj/a.lua", RuleSetting{Enabled: true, Options: analyzer.Options{}}},
	}
	for _, tt := range tests {
		got := c.Setting(rs[tt.rule], tt.path)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Setting(%s, %s) = %+v, want %+v", tt.rule, tt.path, got, tt.want)
		}
	}
	if !c.Excluded("/proj/vendor/x/y.lua") || !c.Excluded("/proj/gen/a.lua") || c.Excluded("/proj/gen/sub/a.lua") || c.Excluded("/other/vendor/a.lua") {
		t.Errorf("Excluded gives wrong answers")
	}

	// Command-line --enable/--disable win over everything.
	c.SetRuleEnabled("hardcoded-key", true)
	c.SetRuleEnabled("limits", false)
	if !c.Setting(rs["hardcoded-key"], "/proj/a.lua").Enabled || c.Setting(rs["limits"], "/proj/a.lua").Enabled {
		t.Errorf("SetRuleEnabled did not win")
	}
}

func TestParseConfigEmptyAndOffSpellings(t *testing.T) {
	for _, src := range []string{"", "# nothing\n", "---\n", "rules:\nexclude:\noverrides:\n"} {
		c, err := ParseConfig("c.yaml", "/p", []byte(src), configTestRules())
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if c.RedisVersion != redisfacts.DefaultVersion {
			t.Errorf("%q: version %v", src, c.RedisVersion)
		}
	}
	for _, v := range []string{"off", "OFF", "false"} {
		c, err := ParseConfig("c.yaml", "/p", []byte("rules:\n  hardcoded-key: "+v+"\n"), configTestRules())
		if err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		if !c.Rules["hardcoded-key"].Off {
			t.Errorf("%s: not off", v)
		}
	}
}

func TestFindAndLoadConfig(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := FindConfig(sub); err != nil || got != "" {
		t.Fatalf("FindConfig without file = %q, %v", got, err)
	}
	cfgPath := filepath.Join(dir, "a", ".redis-lua-lint.yml")
	if err := os.WriteFile(cfgPath, []byte("redis-version: \"7.0\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := FindConfig(sub)
	if err != nil || got != cfgPath {
		t.Fatalf("FindConfig = %q, %v; want %q", got, err, cfgPath)
	}
	c, err := LoadConfig(got, configTestRules())
	if err != nil {
		t.Fatal(err)
	}
	if c.Dir != filepath.Join(dir, "a") || c.RedisVersion.String() != "7.0" {
		t.Errorf("loaded %+v", c)
	}
	if _, err := LoadConfig(filepath.Join(dir, "missing.yaml"), nil); err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("LoadConfig(missing) error = %v, want one naming the file", err)
	}
}

func TestSuggestName(t *testing.T) {
	ids := []string{"dynamic-key", "hardcoded-key", "unbounded-loop", "unused-variable"}
	for _, tt := range []struct{ in, want string }{
		{"dynamic-keys", "dynamic-key"},
		{"dynamic", "dynamic-key"},
		{"hardcoded_key", "hardcoded-key"},
		{"unbounded-lop", "unbounded-loop"},
		{"xyz", ""},
		{"dynamic-key", ""},
	} {
		if got := analyzer.SuggestName(tt.in, ids); got != tt.want {
			t.Errorf("SuggestName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSuggestNameThresholds(t *testing.T) {
	cands := []string{"type", "os", "tonumber", "dynamic-key", "unbounded-read"}
	tests := []struct{ name, want string }{
		{"nope", ""},    // two edits from "type": not a typo of it
		{"oops", ""},    // two edits from "os"
		{"typ", "type"}, // one edit
		{"tonumbr", "tonumber"},
		{"dynamic-keys", "dynamic-key"},
		{"unbonded-raed", "unbounded-read"}, // three edits on a long name
	}
	for _, tt := range tests {
		if got := analyzer.SuggestName(tt.name, cands); got != tt.want {
			t.Errorf("SuggestName(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}
