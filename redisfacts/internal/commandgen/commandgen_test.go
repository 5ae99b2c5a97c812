package commandgen

import (
	"strings"
	"testing"
)

const minimalOverlay = `{"commands": [], "argument_additions": []}`

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		name, base, overlay, want string
	}{
		{"bad base json", `[`, minimalOverlay, "redis-commands.json"},
		{"bad overlay json", `[]`, `{`, "redis-commands-overlay.json"},
		{"duplicate", `[{"name":"GET","group":"string","since":"1.0.0","arity":2,"flags":[],"key_specs":[]},
			{"name":"GET","group":"string","since":"1.0.0","arity":2,"flags":[],"key_specs":[]}]`, minimalOverlay, `duplicate command "GET"`},
		{"unknown flag", `[{"name":"GET","group":"string","since":"1.0.0","arity":2,"flags":["BOGUS"],"key_specs":[]}]`, minimalOverlay, `unknown flag "BOGUS"`},
		{"bad since", `[{"name":"GET","group":"string","since":"x","arity":2,"flags":[],"key_specs":[]}]`, minimalOverlay, `bad version "x"`},
		{"unknown key flag", `[{"name":"GET","group":"string","since":"1.0.0","arity":2,"flags":[],
			"key_specs":[{"flags":["NOPE"],"begin_search":{"index":{"pos":1}},"find_keys":{"range":{"lastkey":0,"step":1,"limit":0}}}]}]`, minimalOverlay, `unknown key-spec flag "NOPE"`},
		{"addition for unknown command", `[]`, `{"commands": [], "argument_additions": [{"command":"SET","token":"IFEQ","since_redis":"8.4.0"}]}`, `unknown command "SET"`},
		{"variant for missing command", `[]`, minimalOverlay, `variant rule for unknown command`},
	}
	for _, tt := range tests {
		_, err := generate([]byte(tt.base), []byte(tt.overlay))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want it to mention %q", tt.name, err, tt.want)
		}
	}
}

func TestGenerateFromMissingDir(t *testing.T) {
	if _, err := Generate(t.TempDir()); err == nil {
		t.Error("Generate on an empty directory succeeded")
	}
}

func TestParseVersion(t *testing.T) {
	tests := []struct {
		in   string
		want uint16
		ok   bool
	}{
		{"7.4.0", 7<<8 | 4, true},
		{"9.1 (in development at time of source)", 9<<8 | 1, true},
		{"2.6.12", 2<<8 | 6, true},
		{"8", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, err := parseVersion(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseVersion(%q) = %#x, %v", tt.in, got, err)
		}
	}
}
