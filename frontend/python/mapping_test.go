package python

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// findOne returns the only script Find sees in src.
func findOne(t *testing.T, src string) *frontend.Script {
	t.Helper()
	return frontendtest.FindOne(t, New(), "x.py", src)
}

func TestByteMap(t *testing.T) {
	for _, c := range []struct {
		name, src string
		lua       string // a part of the script's text
		host      string // the host text it must map to
		text      string // the whole script text, when checked
	}{
		{"hex escape", `r.eval("a\x41b = 1", 0)`, "A", `\x41`, "aAb = 1"},
		{"octal escape", `r.eval("a\101b = 1", 0)`, "A", `\101`, "aAb = 1"},
		{"newline escape", `r.eval("a\nb = 1", 0)`, "\n", `\n`, "a\nb = 1"},
		{"unicode escape", `r.eval("-- \u00e9\nx = 1", 0)`, "é", `\u00e9`, "-- é\nx = 1"},
		{"named escape", `r.eval("-- \N{BULLET}\nx = 1", 0)`, "•", `\N{BULLET}`, "-- •\nx = 1"},
		{"str hex above 0x7f is a character", `r.eval("-- \xe9", 0)`, "é", `\xe9`, "-- é"},
		{"bytes hex is a byte", `r.eval(b"-- \xe9", 0)`, "\xe9", `\xe9`, "-- \xe9"},
		{"raw keeps backslash", `r.eval(r"a\nb", 0)`, `\n`, `\n`, `a\nb`},
		{"continuation", "r.eval(\"ab\\\ncd\", 0)", "bc", "b\\\nc", "abcd"},
		{"implicit concatenation", "r.eval(('x = '\n  # c\n  \"1\"), 0)", "= 1", "= '\n  # c\n  \"1", "x = 1"},
		{"f-string field", `r.eval(f"x = {v!r:>3}", 0)`, "__host_value__", "{v!r:>3}", "x = __host_value__"},
		{"f-string nested quotes", `r.eval(f"x = {d["k"]} {{}}", 0)`, "{}", "{{}}", "x = __host_value__ {}"},
		{"percent", `r.eval("x = %(a)s %% 2" % v, 0)`, "% 2", "%% 2", "x = __host_value__ % 2"},
		{"format", `r.eval("x = {0} {{}}".format(v), 0)`, "{}", "{{}}", "x = __host_value__ {}"},
		{"format field filled", `r.eval("x = {v} {{}}".format(v="ARGV[1]"), 0)`, "ARGV[1]", `ARGV[1]`, "x = ARGV[1] {}"},
		{"format field filled, template text", "r.eval(\"x = {v}\\ny = {0}\".format('a', v=\"'b'\"), 0)", "y = ", "y = ", "x = 'b'\ny = a"},
		{"format fragment", "F = \"{k}\"\nr.eval(\"return {f}\".format(f=F.format(k='KEYS[1]')), 1, 'x')", "KEYS[1]", "KEYS[1]", "return KEYS[1]"},
		{"dedent", "S = textwrap.dedent(\"\"\"\n    a = redis.call('GET', 'k')\n      b = 1\n\"\"\")\n", "b", "b", "\na = redis.call('GET', 'k')\n  b = 1\n"},
		{"crlf", "r.eval(\"\"\"a\r\nb = 1\"\"\", 0)", "\nb", "\r\nb", "a\nb = 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			frontendtest.CheckByteMap(t, New(), "x.py", c.src, c.lua, c.host, c.text)
		})
	}
}

func TestEncodeRoundTrips(t *testing.T) {
	texts := []string{"plain", "a'b\"c", "back\\slash", "line\nbreak", "tab\tand \x01", "brace {x} 100%", "é"}
	for _, lit := range []string{`'x'`, `"x"`, `'''x'''`, `"""x"""`, `b'x'`, `f"x"`, `r'x'`, `rb"""x"""`} {
		for _, text := range texts {
			src := "r.eval(" + lit + ", 0)"
			s := findOne(t, src)
			enc, ok := s.Literals[0].Encode(text)
			if !ok {
				if !strings.HasPrefix(lit, "r") && !strings.HasPrefix(lit, "b") {
					t.Errorf("%s: cannot encode %q", lit, text)
				}
				continue
			}
			q := strings.IndexAny(lit, `'"`)
			body := lit[q:]
			quote := body[:1]
			if strings.HasPrefix(body, strings.Repeat(quote, 3)) {
				quote = strings.Repeat(quote, 3)
			}
			again := findOne(t, "r.eval("+lit[:q]+quote+enc+quote+", 0)")
			if string(again.Text) != text {
				t.Errorf("%s: %q encodes to %q, which reads %q", lit, text, enc, again.Text)
			}
		}
	}
}
