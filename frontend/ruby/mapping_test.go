package ruby

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// findOne returns the only script Find sees in src.
func findOne(t *testing.T, src string) *frontend.Script {
	t.Helper()
	return frontendtest.FindOne(t, New(), "x.rb", src)
}

func TestByteMap(t *testing.T) {
	for _, c := range []struct {
		name, src string
		lua       string // a part of the script's text
		host      string // the host text it must map to
		text      string // the whole script text
	}{
		{"hex escape", `r.eval("a\x41b = 1")`, "A", `\x41`, "aAb = 1"},
		{"short hex escape", `r.eval("a\x9= 1")`, "\x09", `\x9`, "a\t= 1"},
		{"octal escape", `r.eval("a\101b = 1")`, "A", `\101`, "aAb = 1"},
		{"space escape", `r.eval("a\sb")`, " ", `\s`, "a b"},
		{"unicode braces", `r.eval("-- \u{e9 41}")`, "éA", `\u{e9 41}`, "-- éA"},
		{"other escape", `r.eval("-- \q")`, "q", `\q`, "-- q"},
		{"single quotes keep other backslashes", `r.eval('a\nb\'c\\')`, `\n`, `\n`, `a\nb'c\`},
		{"%q delimiters", `r.eval(%q(a\)b (c)))`, ")", `\)`, "a)b (c)"},
		{"interpolation", `r.eval("x = #{v + 1}")`, "__host_value__", "#{v + 1}", "x = __host_value__"},
		{"ivar interpolation", `r.eval("x = #@v")`, "__host_value__", "#@v", "x = __host_value__"},
		{"escaped hash", `r.eval("x = \#{v}")`, "#{", `\#{`, "x = #{v}"},
		{"squiggly heredoc", "r.eval(<<~LUA)\n    a = 1\n      b = 2\nLUA\n", "b", "b", "a = 1\n  b = 2\n"},
		{"squiggly heredoc with tabs", "r.eval(<<~LUA)\n\ta = 1\n\t  b = 2\n\tLUA\n", "b", "b", "a = 1\n  b = 2\n"},
		{"dash heredoc keeps indentation", "r.eval(<<-LUA)\n  a = 1\n  LUA\n", "  a", "  a", "  a = 1\n"},
		{"heredoc escapes", "r.eval(<<~LUA)\n  a = \"\\t\"\nLUA\n", "\t", `\t`, "a = \"\t\"\n"},
		{"raw heredoc", "r.eval(<<~'LUA')\n  a = '\\t'\nLUA\n", `\t`, `\t`, "a = '\\t'\n"},
		{"two heredocs", "r.eval(<<~A + <<~B)\n  a = 1\nA\n  b = 2\nB\n", "b", "b", "a = 1\nb = 2\n"},
		{"continuation", "r.eval(\"a \" \\\n  \"b\")", "b", "b", "a b"},
		{"crlf heredoc", "r.eval(<<~LUA)\r\n  a = 1\r\n  b = 2\r\nLUA\r\n", "\nb", "\r\n  b", "a = 1\nb = 2\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			frontendtest.CheckByteMap(t, New(), "x.rb", c.src, c.lua, c.host, c.text)
		})
	}
}

func TestEncodeRoundTrips(t *testing.T) {
	texts := []string{"plain", "a'b\"c", "back\\slash", "line\nbreak", "tab\tand \x01", "hash #{x} #@y", "par(en)s", "é"}
	for _, lit := range []string{`'x'`, `"x"`, `%q(x)`, `%Q[x]`, `%<x>`, "<<-EOS\nx\nEOS\n", "<<~EOS\n  x\nEOS\n", "<<~'EOS'\n  x\nEOS\n"} {
		for _, text := range texts {
			s := findOne(t, "r.eval("+lit+")")
			enc, ok := s.Literals[0].Encode(text)
			if !ok {
				if !strings.Contains(lit, "~") || !strings.Contains(text, "\n") {
					t.Errorf("%s: cannot encode %q", lit, text)
				}
				continue
			}
			src := "r.eval(" + strings.Replace(lit, "x", enc, 1) + ")"
			if strings.HasPrefix(lit, "<<") {
				// The heredoc's body follows the line of the call.
				head, body, _ := strings.Cut(lit, "\n")
				src = "r.eval(" + head + ")\n" + strings.Replace(body, "x", enc, 1)
			}
			found, _ := New().Find("x.rb", []byte(src))
			if len(found.Scripts) != 1 {
				t.Errorf("%s: %q encodes to %q, which reads as no script", lit, text, enc)
				continue
			}
			got := string(found.Scripts[0].Text)
			if strings.HasPrefix(lit, "<<") {
				got = strings.TrimSuffix(got, "\n")
			}
			if got != text {
				t.Errorf("%s: %q encodes to %q, which reads %q", lit, text, enc, got)
			}
		}
	}
}
