package php

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/internal/segvalue"
)

// TestByteMap checks, for chosen Lua bytes of decoded literals, the host
// text they map to: an escape sequence maps as a whole, and a heredoc's
// bytes map to the file's own characters past the removed indentation.
func TestByteMap(t *testing.T) {
	for _, c := range []struct {
		name, src string
		lua       string // the script's text
		at        string // a substring of the Lua text
		host      string // the host text its bytes map to
	}{
		{"single escapes", `<?php $s = 'redis.call(\'GET\', "a\\b\n")';`, `redis.call('GET', "a\b\n")`, `'GET'`, `\'GET\'`},
		{"single keeps other backslashes", `<?php $s = 'redis.call("GET", "\n")';`, `redis.call("GET", "\n")`, `\n`, `\n`},
		{"double newline escape", `<?php $s = "redis.call('GET', KEYS[1])\nreturn 1";`, "redis.call('GET', KEYS[1])\nreturn 1", "\n", `\n`},
		{"double hex and octal", `<?php $s = "redis.call('GET', '\x41\102')";`, "redis.call('GET', 'AB')", "AB", `\x41\102`},
		{"double unicode", `<?php $s = "redis.call('GET', '\u{e9}')";`, "redis.call('GET', 'é')", "é", `\u{e9}`},
		{"double dollar escape", `<?php $s = "redis.call('GET', '\$x')";`, "redis.call('GET', '$x')", "$", `\$`},
		{"interpolation", `<?php $s = "redis.call('GET', {$k['a']})";`, "redis.call('GET', __host_value__)", "__host_value__", `{$k['a']}`},
		{"simple interpolation", `<?php $s = "redis.call('GET', $k[0] .. $o->p)";`, "redis.call('GET', __host_value__ .. __host_value__)", "__host_value__ ..", `$k[0] ..`},
		{"heredoc", "<?php $s = <<<EOT\nredis.call('GET', KEYS[1])\nreturn 1\nEOT;", "redis.call('GET', KEYS[1])\nreturn 1", "return", "return"},
		{"indented nowdoc", "<?php\n  $s = <<<'EOT'\n    redis.call('GET', KEYS[1])\n      return 1\n    EOT;", "redis.call('GET', KEYS[1])\n  return 1", "  return", "  return"},
		{"concatenation", "<?php $s = 'redis.call(' .\n  \"'GET', KEYS[1])\";", "redis.call('GET', KEYS[1])", "'GET'", "'GET'"},
		{"concatenated variable", "<?php $s = 'redis.call(\"GET\", ' . $k . ')';", `redis.call("GET", __host_value__)`, "__host_value__", "$k"},
		{"constant in a chain", "<?php const P = 'redis.call('; $s = P . '\"GET\", KEYS[1])';", `redis.call("GET", KEYS[1])`, "redis", "redis"},
		{"non-ASCII", `<?php $s = "redis.call('GET', 'é😀')";`, "redis.call('GET', 'é😀')", "é😀", "é😀"},
	} {
		t.Run(c.name, func(t *testing.T) {
			found, err := New().Find("x.php", []byte(c.src))
			if err != nil || len(found.Scripts) == 0 {
				t.Fatalf("Find: %v, %d scripts", err, len(found.Scripts))
			}
			s := found.Scripts[len(found.Scripts)-1]
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
	texts := []string{"plain", "it's \"quoted\"", `back\slash`, "line\nbreak", "dollar $x and {$y}", `\n`}
	forms := []struct {
		name, open, close string
		form              byte
	}{
		{"single", "'", "'", '\''},
		{"double", `"`, `"`, '"'},
		{"heredoc", "<<<EOT\n", "\nEOT", 'h'},
		{"nowdoc", "<<<'EOT'\n", "\nEOT", 'n'},
	}
	for _, f := range forms {
		for _, text := range texts {
			enc, ok := (&literal{Literal: segvalue.Literal{Form: f.form}}).Encode(text)
			if !ok {
				t.Errorf("%s: cannot encode %q", f.name, text)
				continue
			}
			src := "<?php $s = " + f.open + enc + f.close + ";"
			toks := lex([]byte(src))
			if len(toks) != 4 || toks[2].kind != tString || !toks[2].str.OK {
				t.Errorf("%s: %q does not lex as one literal", f.name, src)
				continue
			}
			if got := toks[2].str.Value(); got != text {
				t.Errorf("%s: %q decodes to %q, want %q", f.name, enc, got, text)
			}
		}
	}
	if _, ok := (&literal{Literal: segvalue.Literal{Form: 'n'}, indent: "  "}).Encode("a\nb"); ok {
		t.Error("an indented nowdoc cannot take a line break, yet encode accepted it")
	}
}
