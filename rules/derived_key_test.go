package rules_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

// TestKeyThroughHelperParameterPointsAtCall checks that a key finding
// made inside a helper, from its parameter, carries a related location at
// the call that passed the key or its prefix.
func TestKeyThroughHelperParameterPointsAtCall(t *testing.T) {
	src := "local function purge(prefix, id)\n  redis.call('DEL', prefix .. id)\nend\npurge(KEYS[1], ARGV[1])\n" +
		"local function save(k)\n  redis.call('SET', k, 1)\nend\nsave('x:' .. ARGV[2])\n" +
		"local function touch(id)\n  redis.call('EXPIRE', 'lock:' .. id, 10)\nend\ntouch(ARGV[3])\n"
	h := ruletest.Harness{Rules: rules.All()}
	tests := []struct {
		rule, related, text string
	}{
		{"derived-key", "key prefix passed here", "KEYS[1]"},
		{"dynamic-key", "key passed here", "'x:' .. ARGV[2]"},
		{"dynamic-key", "key part passed here", "ARGV[3]"},
	}
	for _, tt := range tests {
		diags, err := h.Lint(rules.ByID(tt.rule), "helper.lua", []byte(src), redisfacts.DefaultVersion, nil)
		if err != nil {
			t.Fatal(err)
		}
		var d *analyzer.Diagnostic
		for i := range diags {
			if len(diags[i].Related) == 1 && diags[i].Related[0].Message == tt.related {
				d = &diags[i]
			}
		}
		if d == nil {
			t.Fatalf("%s: %+v, want a finding with the related location %q", tt.rule, diags, tt.related)
		}
		r := d.Related[0]
		if r.Message != tt.related || src[r.Span.Start:r.Span.End] != tt.text {
			t.Errorf("%s: related %q at %q, want %q at %q", tt.rule, r.Message, src[r.Span.Start:r.Span.End], tt.related, tt.text)
		}
	}
}

// TestAllowPrefixFromKeysUnderDynamicKey checks that the option set where
// configurations wrote it before derived-key existed (under dynamic-key)
// still turns derived-key off, and that derived-key's own setting wins.
func TestAllowPrefixFromKeysUnderDynamicKey(t *testing.T) {
	src := []byte("redis.call('LPUSH', KEYS[1] .. ':jobs', ARGV[1])\n")
	tests := []struct {
		yaml string
		want int
	}{
		{"", 1},
		{"rules:\n  dynamic-key:\n    options:\n      allow-prefix-from-keys: true\n", 0},
		{"rules:\n  derived-key:\n    options:\n      allow-prefix-from-keys: true\n", 0},
		{"rules:\n  dynamic-key:\n    options:\n      allow-prefix-from-keys: true\n  derived-key:\n    options:\n      allow-prefix-from-keys: false\n", 1},
		{"rules:\n  derived-key: warning\n", 1},
		{"overrides:\n  - files: ['*.lua']\n    rules:\n      dynamic-key:\n        options:\n          allow-prefix-from-keys: true\n", 0},
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		cfg, err := lint.ParseConfig("c.yaml", wd, []byte(tt.yaml), rules.All())
		if err != nil {
			t.Fatal(err)
		}
		res := lint.NewEngine(rules.All(), cfg, 1).CheckSource("x.lua", src)
		n := 0
		for _, d := range res.Diagnostics {
			if d.RuleID == "derived-key" {
				n++
				if strings.Contains(tt.yaml, "warning") && d.Severity != analyzer.SeverityWarning {
					t.Errorf("%q: severity %v", tt.yaml, d.Severity)
				}
				if !strings.Contains(tt.yaml, "warning") && d.Severity != analyzer.SeverityInfo {
					t.Errorf("%q: severity %v, want info by default", tt.yaml, d.Severity)
				}
			}
			if d.RuleID == "dynamic-key" {
				t.Errorf("%q: a KEYS prefix is no dynamic-key finding: %s", tt.yaml, d.Message)
			}
		}
		if n != tt.want {
			t.Errorf("%q: %d derived-key findings, want %d", tt.yaml, n, tt.want)
		}
	}
}

// TestDynamicKeySuppressionSilencesDerivedKey checks that a suppression
// written when a KEYS-prefix key was a dynamic-key finding still silences
// it as derived-key, and is used (no unused-suppression), while it
// silences nothing of other rules.
func TestDynamicKeySuppressionSilencesDerivedKey(t *testing.T) {
	src := []byte("-- redis-lua-lint: ignore dynamic-key\nredis.call('LPUSH', KEYS[1] .. ':jobs', ARGV[1])\n" +
		"redis.call('LPUSH', KEYS[1] .. ':done', ARGV[1])\n" +
		"-- redis-lua-lint: ignore derived-key\nredis.call('INCR', 'rate:' .. ARGV[2])\n")
	res := lint.NewEngine(rules.All(), lint.DefaultConfig("."), 1).CheckSource("x.lua", src)
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, fmt.Sprintf("%d:%s", res.Lines.Position(d.Span.Start).Line, d.RuleID))
	}
	want := []string{"3:derived-key", "4:unused-suppression", "5:dynamic-key"}
	if !slices.Equal(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
}

// TestKeyIdiomMarkers checks that each idiom's marker is in the message of
// a finding of that idiom, and in no finding of another idiom of the rule:
// the text report counts them by it.
func TestKeyIdiomMarkers(t *testing.T) {
	tests := []struct {
		rule, src string
		idiom     int // index in the rule's Idioms; -1: none
	}{
		{"dynamic-key", "redis.call('SET', ARGV[1] .. 'wait', 1)\n", 0},
		{"dynamic-key", "local a = cmsgpack.unpack(ARGV[1])\nredis.call('SET', a[1] .. a[2], 1)\n", 1},
		{"dynamic-key", "redis.call('SET', 'rate:' .. ARGV[1], 1)\n", -1},
		{"derived-key", "redis.call('SET', KEYS[1] .. ':x', 1)\n", 0},
		{"derived-key", "local id = redis.call('INCR', KEYS[1])\nredis.call('SET', ARGV[1] .. id, 1)\n", 1},
	}
	h := ruletest.Harness{Rules: rules.All()}
	for _, tt := range tests {
		r := rules.ByID(tt.rule)
		diags, err := h.Lint(r, "x.lua", []byte(tt.src), redisfacts.DefaultVersion, nil)
		if err != nil || len(diags) != 1 {
			t.Fatalf("%q: %v %v, want one finding", tt.src, diags, err)
		}
		for i, id := range r.Idioms {
			if got := strings.Contains(diags[0].Message, id.Marker); got != (i == tt.idiom) {
				t.Errorf("%q: idiom %q matches %v: %s", tt.src, id.Name, got, diags[0].Message)
			}
		}
	}
}

// TestDynamicKeyOffTurnsDerivedKeyOff checks that a configuration written
// before derived-key, which turned dynamic-key off, keeps the moved
// findings off too, unless it configures derived-key itself, and that a
// severity set for dynamic-key is not inherited.
func TestDynamicKeyOffTurnsDerivedKeyOff(t *testing.T) {
	tests := []struct {
		yaml    string
		disable string // --disable
		enable  string // --enable
		want    bool
		sev     analyzer.Severity
	}{
		{yaml: "", want: true, sev: analyzer.SeverityInfo},
		{yaml: "rules:\n  dynamic-key: off\n", want: false},
		{yaml: "rules:\n  dynamic-key: off\n  derived-key: warning\n", want: true, sev: analyzer.SeverityWarning},
		{yaml: "rules:\n  dynamic-key: warning\n", want: true, sev: analyzer.SeverityInfo},
		{yaml: "rules:\n  dynamic-key: off\noverrides:\n  - files: ['*.lua']\n    rules:\n      dynamic-key: error\n", want: true, sev: analyzer.SeverityInfo},
		{yaml: "", disable: "dynamic-key", want: false},
		{yaml: "", disable: "dynamic-key", enable: "derived-key", want: true, sev: analyzer.SeverityInfo},
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	src := []byte("redis.call('LPUSH', KEYS[1] .. ':jobs', ARGV[1])\n")
	for _, tt := range tests {
		cfg, err := lint.ParseConfig("c.yaml", wd, []byte(tt.yaml), rules.All())
		if err != nil {
			t.Fatal(err)
		}
		if tt.disable != "" {
			cfg.SetRuleEnabled(tt.disable, false)
		}
		if tt.enable != "" {
			cfg.SetRuleEnabled(tt.enable, true)
		}
		var got []analyzer.Diagnostic
		for _, d := range lint.NewEngine(rules.All(), cfg, 1).CheckSource("x.lua", src).Diagnostics {
			if d.RuleID == "derived-key" {
				got = append(got, d)
			}
		}
		if (len(got) > 0) != tt.want || len(got) > 0 && got[0].Severity != tt.sev {
			t.Errorf("%q --disable %q --enable %q: %v, want findings %v at %v", tt.yaml, tt.disable, tt.enable, got, tt.want, tt.sev)
		}
	}
}
