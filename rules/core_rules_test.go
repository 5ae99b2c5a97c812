package rules_test

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

// lintOne runs one rule over src and returns its findings.
func lintOne(t *testing.T, id, src string, opts map[string]string) []analyzer.Diagnostic {
	t.Helper()
	r := rules.ByID(id)
	if r == nil {
		t.Fatalf("rule %q not registered", id)
	}
	h := ruletest.Harness{Rules: rules.All()}
	diags, err := h.Lint(r, "inline.lua", []byte(src), redisfacts.DefaultVersion, opts)
	if err != nil {
		t.Fatal(err)
	}
	return diags
}

// TestArgvTonumberSeverity checks the per-finding severities: comparisons
// that raise or are always false are errors, a lexical comparison of two
// strings a warning, and the implicit conversions nothing by default and
// info with report-coercion.
func TestArgvTonumberSeverity(t *testing.T) {
	coercion := map[string]string{"report-coercion": "true"}
	tests := []struct {
		src  string
		opts map[string]string
		want analyzer.Severity // 0: no finding
	}{
		{"if ARGV[1] > 5 then return 1 end", nil, analyzer.SeverityError},
		{"if ARGV[1] <= 5 then return 1 end", nil, analyzer.SeverityError},
		{"return ARGV[1] == 5", nil, analyzer.SeverityError},
		{"return ARGV[1] ~= 5", nil, analyzer.SeverityError},
		{"return KEYS[ARGV[1]]", nil, analyzer.SeverityError},
		{"return ARGV[1] < ARGV[2]", nil, analyzer.SeverityWarning},
		{"return ARGV[1] + 1", nil, 0},
		{"return math.floor(ARGV[1])", nil, 0},
		{"for i = 1, ARGV[1] do end", nil, 0},
		{"return ARGV[1] + 1", coercion, analyzer.SeverityInfo},
		{"return math.floor(ARGV[1])", coercion, analyzer.SeverityInfo},
		{"for i = 1, ARGV[1] do end", coercion, analyzer.SeverityInfo},
		{"if ARGV[1] > 5 then return 1 end", coercion, analyzer.SeverityError},
	}
	for _, tt := range tests {
		diags := lintOne(t, "argv-tonumber", tt.src, tt.opts)
		if tt.want == 0 {
			if len(diags) != 0 {
				t.Errorf("%q (options %v): %d findings, want none: %v", tt.src, tt.opts, len(diags), diags)
			}
			continue
		}
		if len(diags) != 1 {
			t.Errorf("%q (options %v): %d findings, want 1: %v", tt.src, tt.opts, len(diags), diags)
			continue
		}
		if diags[0].Severity != tt.want {
			t.Errorf("%q (options %v): severity %v, want %v", tt.src, tt.opts, diags[0].Severity, tt.want)
		}
	}
}

// TestWriteBeforeValidationRelated checks that the finding points to the
// first write with a related location.
func TestWriteBeforeValidationRelated(t *testing.T) {
	src := "redis.call('GET', KEYS[1])\nredis.call('SET', KEYS[1], 1)\nredis.call('DEL', KEYS[2])\nerror('boom')\n"
	diags := lintOne(t, "write-before-validation", src, nil)
	if len(diags) != 1 {
		t.Fatalf("%d findings, want 1: %v", len(diags), diags)
	}
	d := diags[0]
	if got := src[d.Span.Start:d.Span.End]; got != "error('boom')" {
		t.Errorf("finding at %q, want the error call", got)
	}
	if len(d.Related) != 1 {
		t.Fatalf("%d related locations, want 1", len(d.Related))
	}
	r := d.Related[0]
	if got := src[r.Span.Start:r.Span.End]; got != "redis.call('SET', KEYS[1], 1)" {
		t.Errorf("related location at %q, want the SET call", got)
	}
	if !strings.Contains(r.Message, "first write") {
		t.Errorf("related message %q does not say \"first write\"", r.Message)
	}
}

// TestDynamicKeyOptionHint checks that the allow-prefix-from-argv hint is
// offered only where ARGV is the key's prefix (where the option would
// accept the key), and that the options accept exactly prefixes.
func TestDynamicKeyOptionHint(t *testing.T) {
	tests := []struct {
		src      string
		opts     map[string]string
		findings int
		hint     bool
	}{
		{"redis.call('GET', ARGV[1] .. ':x')", nil, 1, true},
		{"redis.call('GET', 'x:' .. ARGV[1])", nil, 1, false},
		{"redis.call('GET', ARGV[1] .. ':x')", map[string]string{"allow-prefix-from-argv": "true"}, 0, false},
		{"redis.call('GET', 'x:' .. ARGV[1])", map[string]string{"allow-prefix-from-argv": "true"}, 1, false},
		// A KEYS prefix is derived-key's (TestAllowPrefixFromKeysUnderDynamicKey).
		{"redis.call('GET', KEYS[1] .. ':x')", map[string]string{"allow-prefix-from-argv": "true"}, 0, false},
		{"redis.call('GET', KEYS[1] .. ARGV[1])", map[string]string{"allow-prefix-from-keys": "true"}, 0, false},
		{"redis.call('GET', ARGV[1])", map[string]string{"allow-prefix-from-argv": "true"}, 1, false},
	}
	for _, tt := range tests {
		diags := lintOne(t, "dynamic-key", tt.src, tt.opts)
		if len(diags) != tt.findings {
			t.Errorf("%q %v: %d findings, want %d: %v", tt.src, tt.opts, len(diags), tt.findings, diags)
			continue
		}
		for _, d := range diags {
			if got := strings.Contains(d.Message, "allow-prefix-from-argv"); got != tt.hint {
				t.Errorf("%q: hint shown = %v, want %v: %s", tt.src, got, tt.hint, d.Message)
			}
		}
	}
}
