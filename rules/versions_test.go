package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

// versionScript exercises every version-dependent fact the command rules
// use; each line is one case.
const versionScript = `local a = redis.call('BLPOP', KEYS[1], 0)
redis.call('DELEX', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1], 'IFEQ', ARGV[2])
redis.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'f')
server.call('GET', KEYS[1])
redis.call('SET', KEYS[2], 3.7)
redis.call('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[3], '$')
redis.replicate_commands()
return os.clock()
`

// versionRules are the rules whose findings TestVersions compares.
var versionRules = []string{
	"unknown-command", "wrong-arity", "command-not-allowed", "write-in-read-only", "deprecated",
	"invalid-argument", "undefined-global",
}

// TestVersions runs one script against several targets and checks which
// lines each rule reports: the differences are the point (BLPOP allowed
// from 7.2, XREAD BLOCK from 7.4, DELEX and SET IFEQ from Redis 8.4 /
// Valkey 8.1, server.call only on Valkey, %.17g floats before 7.2).
func TestVersions(t *testing.T) {
	tests := []struct {
		version string
		want    []string // "rule-id@line", "rule-id@line(info)" when downgraded
		// msgs are substrings some finding's message must contain.
		msgs []string
	}{
		{
			version: "7.0",
			want: []string{"command-not-allowed@1", "unknown-command@2", "unknown-command@3", "unknown-command@4",
				"undefined-global@5", "invalid-argument@6", "command-not-allowed@7", "deprecated@8", "undefined-global@9"},
			msgs: []string{"'BLPOP' cannot be called from a script on Redis 7.0 (allowed from Redis 7.2 on",
				"\"3.7000000000000002\"", "'HEXPIRE' needs Redis 7.4 (redis-version is 7.0)"},
		},
		{
			version: "7.2",
			want: []string{"unknown-command@2", "unknown-command@3", "unknown-command@4", "undefined-global@5",
				"invalid-argument@6(info)", "command-not-allowed@7", "deprecated@8", "undefined-global@9"},
			msgs: []string{"'XREAD' with 'BLOCK' cannot run in a script on Redis 7.2 (Redis 7.4 runs it without blocking)",
				"as \"3.7\" on Redis 7.2 but as \"3.7000000000000002\" before Redis 7.2"},
		},
		{
			version: "7.4",
			want:    []string{"unknown-command@2", "unknown-command@3", "undefined-global@5", "invalid-argument@6(info)", "deprecated@8"},
		},
		{
			version: "8.2",
			want:    []string{"unknown-command@2", "unknown-command@3", "undefined-global@5", "invalid-argument@6(info)", "deprecated@8"},
			msgs: []string{"'DELEX' needs Redis 8.4 (redis-version is 8.2)",
				"option 'IFEQ' of 'SET' needs Redis 8.4 (redis-version is 8.2)", "set redis-version: valkey-8.0 if you target Valkey"},
		},
		{
			version: "8.4",
			want:    []string{"undefined-global@5", "invalid-argument@6(info)", "deprecated@8"},
		},
		{
			version: "valkey-8.0",
			want:    []string{"unknown-command@2", "unknown-command@3", "unknown-command@4", "invalid-argument@6(info)", "deprecated@8"},
			msgs: []string{"'DELEX' exists only on Redis 8.4+, not on Valkey 8.0",
				"option 'IFEQ' of 'SET' needs Valkey 8.1 (redis-version is valkey-8.0)"},
		},
		{
			version: "valkey-8.1",
			want:    []string{"unknown-command@2", "unknown-command@4", "invalid-argument@6(info)", "deprecated@8"},
		},
	}
	h := ruletest.Harness{Rules: rules.All()}
	for _, tt := range tests {
		t.Run(tt.version, func(t *testing.T) {
			v, err := redisfacts.ParseVersion(tt.version)
			if err != nil {
				t.Fatal(err)
			}
			var got, msgs []string
			for _, id := range versionRules {
				r := rules.ByID(id)
				if r == nil {
					t.Fatalf("rule %q is not registered", id)
				}
				diags, err := h.Lint(r, "versions.lua", []byte(versionScript), v, nil)
				if err != nil {
					t.Fatalf("%s: %v", id, err)
				}
				for _, d := range diags {
					line := strings.Count(versionScript[:d.Span.Start], "\n") + 1
					f := fmt.Sprintf("%s@%d", d.RuleID, line)
					if d.Severity == analyzer.SeverityInfo && r.Severity != analyzer.SeverityInfo {
						f += "(info)" // downgraded on this version
					}
					got = append(got, f)
					msgs = append(msgs, d.Message)
				}
			}
			want := slices.Clone(tt.want)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("findings on %s:\n got  %v\n want %v\nmessages:\n  %s", tt.version, got, want, strings.Join(msgs, "\n  "))
			}
			for _, m := range tt.msgs {
				if !slices.ContainsFunc(msgs, func(s string) bool { return strings.Contains(s, m) }) {
					t.Errorf("no finding on %s mentions %q; messages:\n  %s", tt.version, m, strings.Join(msgs, "\n  "))
				}
			}
		})
	}
}

// commandRules are the rules of this family (issue 5).
var commandRules = []string{
	"unknown-command", "wrong-arity", "command-not-allowed", "write-in-read-only", "deprecated",
	"function-keys-argv", "load-time-call", "invalid-register-function", "invalid-argument",
}

// TestCommandRulesAllVersions runs the command and Functions rules over
// every rule's fixtures on every known target: no rule may fail (panic)
// and every finding must have a span inside the file and a one-line
// message, whatever the version.
func TestCommandRulesAllVersions(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*", "*.lua"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	srcs := make([][]byte, len(files))
	for i, f := range files {
		if srcs[i], err = os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
	h := ruletest.Harness{Rules: rules.All()}
	for _, vs := range redisfacts.KnownVersions {
		v, err := redisfacts.ParseVersion(vs)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(vs, func(t *testing.T) {
			t.Parallel()
			for _, id := range commandRules {
				r := rules.ByID(id)
				for i, f := range files {
					diags, err := h.Lint(r, f, srcs[i], v, nil)
					if err != nil {
						t.Errorf("%s, %s: %v", id, f, err)
						continue
					}
					for _, d := range diags {
						if d.Span.Start < 0 || d.Span.End < d.Span.Start || int(d.Span.End) > len(srcs[i]) {
							t.Errorf("%s, %s: bad span %v: %s", id, f, d.Span, d.Message)
						}
						if strings.ContainsAny(d.Message, "\n\r") || strings.HasSuffix(d.Message, ".") {
							t.Errorf("%s, %s: malformed message %q", id, f, d.Message)
						}
					}
				}
			}
		})
	}
}
