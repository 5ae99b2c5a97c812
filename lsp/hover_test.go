package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// hoverAt asks for the hover at line:character of uri; "" for none.
func (c *client) hoverAt(uri protocol.DocumentUri, line, char int) (string, *protocol.Range) {
	c.t.Helper()
	var h *struct {
		Contents protocol.MarkupContent `json:"contents"`
		Range    *protocol.Range        `json:"range"`
	}
	c.call(protocol.MethodTextDocumentHover, map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"position":     map[string]any{"line": line, "character": char},
	}, &h)
	if h == nil {
		return "", nil
	}
	if h.Contents.Kind != protocol.MarkupKindMarkdown {
		c.t.Errorf("hover kind %q, want markdown", h.Contents.Kind)
	}
	return h.Contents.Value, h.Range
}

func TestHover(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "old", ".redis-lua-lint.yaml"), "redis-version: \"6.2\"\n")
	c := startServer(t, Options{})
	src := "redis.call('ZADD', KEYS[1], 1, 'm')\n" +
		"local n = redis.pcall(\"client\", \"kill\", 'x') -- redis-lua-lint: ignore unused-variable\n" +
		"server.call('LMPOP', 1, KEYS[1], 'LEFT')\n" +
		"redis.call('NOSUCHCMD')\n" +
		"local zadd = 'ZADD'\n"
	uri := c.open(filepath.Join(dir, "a.lua"), src)
	old := c.open(filepath.Join(dir, "old", "a.lua"), src)
	for _, tc := range []struct {
		name       string
		uri        protocol.DocumentUri
		line, char int
		want       []string // substrings; nil for no hover
		rng        *protocol.Range
	}{
		{"command", uri, 0, 13, []string{
			"**ZADD** (sorted set) on Redis 8.4",
			"ZADD key [NX | XX] [GT | LT] [CH] [INCR] score member [score member ...]",
			"Arity: -4 (at least 3 arguments after the name)", "Flags: write, denyoom, fast",
			"Time complexity: fast", "Since: Redis 1.2.0",
		}, &protocol.Range{Start: protocol.Position{Line: 0, Character: 11}, End: protocol.Position{Line: 0, Character: 17}}},
		{"on the quote", uri, 0, 11, []string{"**ZADD**"}, nil},
		{"subcommand", uri, 1, 34, []string{"**CLIENT KILL**", "Flags: admin, noscript", "Not allowed in scripts on Redis 8.4"}, nil},
		{"container", uri, 1, 24, []string{"**CLIENT KILL**"}, nil},
		{"newer command on an older target", old, 2, 14, []string{"**LMPOP** is not on Redis 6.2: it arrived in Redis 7.0."}, nil},
		{"newer argument left out on an older target", old, 0, 13, []string{"ZADD key [NX | XX] [GT | LT] [CH] [INCR]"}, nil},
		{"rule in a suppression comment", uri, 1, 80, []string{
			"**unused-variable**:", "Default severity: info", "Bad:\n```lua", "[Documentation](" + docURL + "#unused-variable)",
		}, nil},
		{"unknown command", uri, 3, 13, nil, nil},
		{"a string that is not a command name", uri, 4, 15, nil, nil},
		{"a key argument", uri, 0, 22, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, rng := c.hoverAt(tc.uri, tc.line, tc.char)
			if tc.want == nil {
				if got != "" {
					t.Fatalf("hover = %q, want none", got)
				}
				return
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("hover lacks %q:\n%s", w, got)
				}
			}
			if tc.rng != nil && (rng == nil || *rng != *tc.rng) {
				t.Errorf("range = %+v, want %+v", rng, tc.rng)
			}
		})
	}
	// The 6.2 syntax leaves out what 6.2 lacks: the GT/LT of 6.2 stays.
	if got, _ := c.hoverAt(old, 0, 13); !strings.Contains(got, "on Redis 6.2") {
		t.Errorf("hover on 6.2: %s", got)
	}
}

func TestSyntaxLeavesOutNewerArguments(t *testing.T) {
	v62, _ := redisfacts.ParseVersion("6.2")
	v84, _ := redisfacts.ParseVersion("8.4")
	set := redisfacts.LookupCommand(v84, "SET")
	s62, s84 := Syntax(set, v62), Syntax(set, v84)
	if strings.Contains(s62, "IFEQ") || !strings.Contains(s84, "IFEQ") {
		t.Errorf("SET syntax on 6.2 = %q, on 8.4 = %q: IFEQ arrived in 8.4", s62, s84)
	}
	if !strings.HasPrefix(s62, "SET key value [NX | XX]") {
		t.Errorf("SET syntax on 6.2 = %q", s62)
	}
}
