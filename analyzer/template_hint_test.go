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
