package rules_test

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// TestUnreadPcallResultHasOneFinding checks that a protected call's result
// that nothing reads gets one finding, not two that contradict each other
// (unused-variable's "never read" and unchecked-pcall's "used without
// checking"): with both rules on, unchecked-pcall reports it as never
// checked and unused-variable stands down; with unchecked-pcall off,
// unused-variable reports it again, so disabling a rule loses nothing.
func TestUnreadPcallResultHasOneFinding(t *testing.T) {
	tests := []struct {
		name, src string
		// want is "rule: message part" for every finding, in order, with
		// both rules on; wantAlone with unchecked-pcall disabled.
		want, wantAlone []string
	}{
		{
			name:      "redis.pcall reply never read",
			src:       "local ok = redis.pcall('INCR', KEYS[1])\nreturn 1\n",
			want:      []string{"unchecked-pcall: the reply of redis.pcall('INCR', ...) stored in 'ok' is never read, so a failure ({err = ...}) is never checked"},
			wantAlone: []string{"unused-variable: local 'ok' is never read"},
		},
		{
			name:      "pcall status and message never read",
			src:       "local ok, err = pcall(redis.call, 'DEL', KEYS[1])\nreturn 1\n",
			want:      []string{"unchecked-pcall: the status of pcall('DEL', ...) stored in 'ok' is never read, so an error inside is never checked"},
			wantAlone: []string{"unused-variable: local 'ok'", "unused-variable: local 'err'"},
		},
		{
			// The status is checked: only the unread message is reported,
			// by unused-variable.
			name:      "pcall status read, message not",
			src:       "local ok, err = pcall(redis.call, 'DEL', KEYS[1])\nif not ok then return 0 end\nreturn 1\n",
			want:      []string{"unused-variable: local 'err'"},
			wantAlone: []string{"unused-variable: local 'err'"},
		},
		{
			// Read but not checked: unchecked-pcall's "used without
			// checking", and the variable is not unused.
			name:      "reply read as data",
			src:       "local r = redis.pcall('INCR', KEYS[1])\nreturn r + 1\n",
			want:      []string{"unchecked-pcall: stored in 'r' is used without checking for an error"},
			wantAlone: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, alone := range []bool{false, true} {
				cfg := lint.DefaultConfig(".")
				want := tt.want
				if alone {
					cfg.SetRuleEnabled("unchecked-pcall", false)
					want = tt.wantAlone
				}
				var got []string
				for _, d := range lint.NewEngine(rules.All(), cfg, 1).CheckSource("x.lua", []byte(tt.src)).Diagnostics {
					if d.RuleID == "unused-variable" || d.RuleID == "unchecked-pcall" {
						got = append(got, d.RuleID+": "+d.Message)
					}
				}
				if len(got) != len(want) {
					t.Fatalf("unchecked-pcall disabled: %v\ngot  %q\nwant %q", alone, got, want)
				}
				for i := range want {
					rule, part, _ := strings.Cut(want[i], ": ")
					if !strings.HasPrefix(got[i], rule+": ") || !strings.Contains(got[i], part) {
						t.Errorf("unchecked-pcall disabled: %v: finding %d is %q, want %s containing %q", alone, i, got[i], rule, part)
					}
				}
			}
		})
	}
}
