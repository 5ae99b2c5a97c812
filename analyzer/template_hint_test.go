package analyzer

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

func TestSyntaxDiagnosticsTemplateHint(t *testing.T) {
	const hint = "the line is a template directive, not Lua"
	tests := []struct {
		name string
		src  string
		hint bool
	}{
		{"erb partial", "local a = KEYS[1]\n<%= include_partial \"shared/common.lua\" %>\nreturn a\n", true},
		{"indented erb", "local a = 1\n  <% if debug %>\nreturn a\n", true},
		{"jinja include", "{% include 'helpers.lua' %}\nreturn 1\n", true},
		{"mustache", "{{> helpers}}\nreturn 1\n", true},
		{"lua 5.2 floor division", "local x = 1 // 2\nreturn x\n", false},
		{"stray percent in an expression", "local x = 5 %% 2\nreturn x\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := luaast.Parse("t.lua", []byte(tt.src))
			if err == nil {
				t.Fatalf("%q parsed", tt.src)
			}
			diags := SyntaxDiagnostics(err, f.Src)
			if len(diags) == 0 {
				t.Fatalf("no diagnostics for %q", tt.src)
			}
			got := strings.Contains(diags[0].Message, hint)
			if got != tt.hint {
				t.Errorf("message %q: template hint %v, want %v", diags[0].Message, got, tt.hint)
			}
			if strings.HasSuffix(diags[0].Message, ".") {
				t.Errorf("message %q ends with a period", diags[0].Message)
			}
		})
	}
}

func TestSyntaxDiagnosticsHostPlaceholderHint(t *testing.T) {
	tests := []struct {
		name, src, want string // want: "" for no host-placeholder hint
	}{
		{"printf verb", "local key = %s\nreturn redis.call('GET', key)\n", "'%s' is a printf-style format verb of host-language code"},
		{"printf number", "return redis.call('INCRBY', KEYS[1], %d)\n", "'%d' is a printf-style format verb"},
		{"format field after a table", "return redis.call('GET', {prefix}:{id})\n", "'{prefix}' is a format-string field"},
		{"php concatenation", "local n = .$limit.\nreturn n\n", "'$limit' is an interpolated variable"},
		{"template literal", "local n = ${limit}\nreturn n\n", "'${limit}' is an interpolated variable"},
		{"modulo typo", "local x = 5 %% 2\nreturn x\n", ""},
		{"lua 5.2 floor division", "local x = 1 // 2\nreturn x\n", ""},
		{"stackexchange keeps its own hint", "local ttl = @ttl\nreturn ttl\n", ""},
	}
	const marker = "of host-language code, filled in before Redis sees the script: the text is a template"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := luaast.Parse("t.lua", []byte(tt.src))
			if err == nil {
				t.Fatalf("%q parsed", tt.src)
			}
			diags := SyntaxDiagnostics(err, f.Src)
			if len(diags) == 0 {
				t.Fatalf("no diagnostics for %q", tt.src)
			}
			msg := diags[0].Message
			if tt.want == "" {
				if strings.Contains(msg, marker) {
					t.Errorf("message %q has the host-placeholder hint", msg)
				}
				return
			}
			if !strings.Contains(msg, tt.want) || !strings.Contains(msg, marker) {
				t.Errorf("message %q, want the hint %q", msg, tt.want)
			}
		})
	}
}
