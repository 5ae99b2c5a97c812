package lint

import (
	"strings"
	"testing"
)

// TestTemplateParamsLintsAsSent checks that a StackExchange.Redis template
// is linted with its @name parameters as opaque values: no syntax error,
// the other findings kept, positions unchanged; and that a file whose
// first error is not at a parameter, or that does not parse even so,
// keeps its syntax error.
func TestTemplateParamsLintsAsSent(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // prefixes of engineSummary lines
	}{
		{"template", "local x = 1\nreturn redis.call('SET', @key, x, @value)\n",
			[]string{"t.lua:1:1 hardcoded-key warning local x"}},
		{"string at sign is not a parameter", "local a = 'u@h'\nreturn a +\n",
			[]string{"t.lua:3:1 syntax-error error unexpected symbol near '<eof>'"}},
		{"still broken", "return @key +\n",
			[]string{"t.lua:1:8 syntax-error error unexpected symbol near '@'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := NewEngine(engineTestRules(), nil, 1).CheckSource("t.lua", []byte(tt.src))
			got := engineSummary([]FileResult{res})
			if len(got) != len(tt.want) {
				t.Fatalf("findings %q, want %q", got, tt.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("finding %d %q, want prefix %q", i, got[i], tt.want[i])
				}
			}
			if string(res.Src) != tt.src {
				t.Errorf("the result's source was changed: %q", res.Src)
			}
		})
	}
}
