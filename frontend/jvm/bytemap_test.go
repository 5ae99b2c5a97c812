package jvm

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// hostAt returns the host text that produced the first Lua byte of the
// first occurrence of lua in the only script of src.
func hostAt(t *testing.T, fe frontend.Frontend, src, lua string) string {
	t.Helper()
	host, _ := frontendtest.FirstByteHost(t, fe, "x", src, lua)
	return host
}

func TestByteMap(t *testing.T) {
	for _, c := range []struct {
		name       string
		fe         frontend.Frontend
		src        string
		lua, host  string
		wantScript string
	}{
		{"octal escape", Java(), `String S = "\170 = redis.call('GET', KEYS[1])";`, "x =", `\170`, "x = redis.call('GET', KEYS[1])"},
		{"unicode escape", Java(), `String S = "return redis.call('GET', KEYS[1]) -- \u0041";`, "A", `\u0041`, ""},
		{"surrogate pair", Java(), `String S = "return redis.call('GET', KEYS[1]) -- \uD83D\uDE00";`, "\U0001F600", `\uD83D\uDE00`, ""},
		{"escaped newline", Java(), `String S = "local a = 1\nreturn redis.call('GET', KEYS[1])";`, "\nreturn", `\n`, ""},
		{"second chain part", Java(), "String S = \"local a = 1 \" +\n   // c\n   \"return redis.call('GET', KEYS[1])\";", "return", "r", ""},
		{"text block indentation", Java(), "String S = \"\"\"\n        local a = 1   \n          return redis.call('GET', KEYS[1])\\s\n        \"\"\";",
			"  return", " ", "local a = 1\n  return redis.call('GET', KEYS[1]) \n"},
		{"text block escape", Java(), "String S = \"\"\"\n    local a = \\\"x\\\" \\\n    return redis.call('GET', KEYS[1])\"\"\";", "\"x", `\"`, "local a = \"x\" return redis.call('GET', KEYS[1])"},
		{"kotlin trimIndent", Kotlin(), "val s = \"\"\"\n        local a = 1\n          return redis.call(\"GET\", KEYS[1])\n    \"\"\".trimIndent()", "  return", " ",
			"local a = 1\n  return redis.call(\"GET\", KEYS[1])"},
		{"kotlin trimMargin", Kotlin(), "val s = \"\"\"\n    |local a = 1\n    |return redis.call(\"GET\", KEYS[1])\n\"\"\".trimMargin()", "return", "r",
			"local a = 1\nreturn redis.call(\"GET\", KEYS[1])"},
		{"kotlin dollar escape", Kotlin(), `val s = "return redis.call('GET', KEYS[1]) -- \$x"`, "$x", `\$`, ""},
		{"kotlin raw dollar", Kotlin(), "val s = \"\"\"return redis.call('GET', KEYS[1]) -- ${'$'}x\"\"\"", "$x", "${'$'}", ""},
		{"kotlin template", Kotlin(), `val s = "return redis.call('GET', KEYS[1]) -- ${a.b}"`, "__host_value__", `${a.b}`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := hostAt(t, c.fe, c.src, c.lua); got != c.host {
				t.Errorf("host text of %q = %q, want %q", c.lua, got, c.host)
			}
			if c.wantScript != "" {
				found, _ := c.fe.Find("x", []byte(c.src))
				if got := string(found.Scripts[0].Text); got != c.wantScript {
					t.Errorf("script = %q, want %q", got, c.wantScript)
				}
			}
		})
	}
}

// TestEncodeRoundTrip checks that a text encoded for a literal form reads
// back as itself.
func TestEncodeRoundTrip(t *testing.T) {
	texts := []string{"plain", `a "quoted" \ back`, "tab\tnew\nline\r", "ctrl\x01\x7f", "dollar $x ${y}", "ünï"}
	for _, c := range []struct {
		fe   frontend.Frontend
		open string
	}{{Java(), `"`}, {Kotlin(), `"`}} {
		for _, text := range texts {
			src := "String S = " + c.open + "return redis.call('GET', KEYS[1])" + c.open + ";"
			found, _ := c.fe.Find("x", []byte(src))
			lit := found.Scripts[0].Literals[0]
			enc, ok := lit.Encode(text)
			if !ok {
				t.Errorf("%s: Encode(%q) refused", c.fe.Language(), text)
				continue
			}
			back, _ := c.fe.Find("x", []byte("String S = "+c.open+"redis.call('x')"+enc+c.open+";"))
			if back == nil || len(back.Scripts) != 1 || string(back.Scripts[0].Text) != "redis.call('x')"+text {
				t.Errorf("%s: %q encoded as %q does not read back", c.fe.Language(), text, enc)
			}
		}
	}
	// A trimmed raw string refuses new lines and triple quotes.
	found, _ := Kotlin().Find("x", []byte("val s = \"\"\"\n  return redis.call('GET', KEYS[1])\n\"\"\".trimIndent()"))
	enc := found.Scripts[0].Literals[0].Encode
	if _, ok := enc("a\nb"); ok {
		t.Error("trimmed raw string accepted a line break")
	}
	if got, ok := enc("$x"); !ok || got != "${'$'}x" {
		t.Errorf("raw $ encoded as %q, %v", got, ok)
	}
}
