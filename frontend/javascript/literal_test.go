package javascript

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/segvalue"
)

// TestByteMap checks, for chosen Lua bytes of decoded literals, the host
// text they map to: an escape sequence maps as a whole.
func TestByteMap(t *testing.T) {
	for _, c := range []struct {
		name, src string
		lua       string // the script's text
		at        string // a substring of the Lua text
		host      string // the host text its bytes map to
	}{
		{"newline escape", `const S = 'a\nredis.call("GET", KEYS[1])'`, "a\nredis.call(\"GET\", KEYS[1])", "\n", `\n`},
		{"hex escape", `const S = 'redis.call("GET", "\x41")'`, `redis.call("GET", "A")`, "A", `\x41`},
		{"unicode braces", `const S = "redis.call('GET', '\u{e9}')"`, "redis.call('GET', 'é')", "é", `\u{e9}`},
		{"surrogate pair", `const S = "redis.call('GET', '\uD83D\uDE00')"`, "redis.call('GET', '😀')", "😀", `\uD83D\uDE00`},
		{"line continuation", "const S = 'redis.call(\"GET\",\\\n KEYS[1])'", `redis.call("GET", KEYS[1])`, " KEYS", " KEYS"},
		{"template crlf", "const S = `redis.call('GET', KEYS[1])\r\nreturn 1`", "redis.call('GET', KEYS[1])\nreturn 1", "\n", "\r\n"},
		{"raw keeps backslashes", "const S = String.raw`redis.call('GET', '\\d')`", `redis.call('GET', '\d')`, `\`, `\`},
		{"chain", "const S = 'redis.call(' +\n  \"'GET', KEYS[1])\"", `redis.call('GET', KEYS[1])`, "'GET'", "'GET'"},
		{"joined", "const S = [\"redis.call('GET', KEYS[1])\", 'return 1'].join('\\n')", "redis.call('GET', KEYS[1])\nreturn 1", "\n", `'\n'`},
		{"placeholder", "const S = `redis.call('GET', ${k})`", "redis.call('GET', __host_value__)", "__host_value__", "${k}"},
		{"non-ASCII", `const S = "redis.call('GET', 'é😀')"`, "redis.call('GET', 'é😀')", "é😀", "é😀"},
	} {
		t.Run(c.name, func(t *testing.T) {
			found, err := New().Find("x.js", []byte(c.src))
			if err != nil || len(found.Scripts) != 1 {
				t.Fatalf("Find: %v, %d scripts", err, len(found.Scripts))
			}
			s := found.Scripts[0]
			if string(s.Text) != c.lua {
				t.Fatalf("text %q, want %q", s.Text, c.lua)
			}
			i := strings.Index(c.lua, c.at)
			sp := s.MapSpan(i, i+len(c.at))
			if got := c.src[sp.Start:sp.End]; got != c.host {
				t.Errorf("Lua %q maps to host %q, want %q", c.at, got, c.host)
			}
		})
	}
}

// TestEncode checks that Encode's text decodes back to the text, in each
// literal form.
func TestEncode(t *testing.T) {
	texts := []string{"plain", "it's \"quoted\"", "back\\slash", "line\nbreak\r", "tick ` and ${x}", "tab\t"}
	for _, form := range []string{`'`, `"`, "`"} {
		for _, text := range texts {
			lit := &literal{Literal: segvalue.Literal{Form: form[0]}}
			enc, ok := lit.Encode(text)
			if !ok {
				t.Errorf("%s: cannot encode %q", form, text)
				continue
			}
			src := "const S = " + form + enc + form
			toks := lex([]byte(src))
			if len(toks) != 4 || toks[3].kind != tString || !toks[3].str.OK {
				t.Errorf("%s: %q does not lex as one literal", form, src)
				continue
			}
			if got := toks[3].str.Value(); got != text {
				t.Errorf("%s: %q decodes to %q, want %q", form, enc, got, text)
			}
		}
	}
	raw := &literal{Literal: segvalue.Literal{Form: 'r'}}
	if _, ok := raw.Encode("a\\b"); ok {
		t.Error("String.raw cannot hold an escape-like backslash, yet encode accepted it")
	}
	if got, ok := raw.Encode("ok text"); !ok || got != "ok text" {
		t.Errorf("raw encode = %q, %v", got, ok)
	}
}
