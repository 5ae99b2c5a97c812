package csharp

import (
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// hostAt returns the host text that produced the first Lua byte of the
// first occurrence of lua in the only script of src, and the script.
func hostAt(t *testing.T, src, lua string) (string, string) {
	t.Helper()
	return frontendtest.FirstByteHost(t, New(), "x.cs", src, lua)
}

func TestByteMap(t *testing.T) {
	for _, c := range []struct {
		name, src, lua, host, script string
	}{
		{"hex escape", `const string S = "return redis.call('GET', KEYS[1]) -- \x41\u0042";`, "A", `\x41`, "return redis.call('GET', KEYS[1]) -- AB"},
		{"verbatim quote", `const string S = @"return redis.call(""GET"", KEYS[1])";`, `"GET`, `""`, `return redis.call("GET", KEYS[1])`},
		{"verbatim lines", "const string S = @\"local a = 1\n  return redis.call('GET', KEYS[1])\";", "  return", " ", ""},
		{"interpolated brace", `string S => $"return redis.call('GET', KEYS[1]) -- {{x}}";`, "{x", "{{", "return redis.call('GET', KEYS[1]) -- {x}"},
		{"interpolation", `string S(int n) => $"return redis.call('GET', KEYS[{n}])";`, "__host_value__", "{n}", ""},
		{"raw dedent", "const string S = \"\"\"\n        local a = 1\n          return redis.call(\"GET\", KEYS[1])\n        \"\"\";", "  return", " ",
			"local a = 1\n  return redis.call(\"GET\", KEYS[1])"},
		{"raw interpolated", "string S(int n) => $$\"\"\"\n    return redis.call('GET', KEYS[{{n}}]) -- {x}\n    \"\"\";", "{x", "{", ""},
		{"prepare parameter", `var s = LuaScript.Prepare("return redis.call('GET', @key)");`, "__host_value__", "@key", "return redis.call('GET', __host_value__)"},
		{"constant in chain", "const string P = \"local a = 1 \";\nconst string S = P + \"return redis.call('GET', KEYS[1])\";", "return", "r", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			host, script := hostAt(t, c.src, c.lua)
			if host != c.host {
				t.Errorf("host text of %q = %q, want %q", c.lua, host, c.host)
			}
			if c.script != "" && script != c.script {
				t.Errorf("script = %q, want %q", script, c.script)
			}
		})
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	texts := []string{"plain", `a "quoted" \ back`, "tab\tnew\nline\r", "ctrl\x01", "{braces}", "ünï"}
	for _, open := range []string{`"`, `@"`, `$"`, `$@"`} {
		for _, text := range texts {
			src := "const string S = " + open + `return redis.call(""x"")` + `";`
			if !strings.Contains(open, "@") {
				src = "const string S = " + open + `return redis.call(\"x\")` + `";`
			}
			found, _ := New().Find("x.cs", []byte(src))
			if found == nil || len(found.Scripts) != 1 {
				t.Fatalf("no script in %q", src)
			}
			enc, ok := found.Scripts[0].Literals[0].Encode(text)
			if !ok {
				t.Errorf("%s: Encode(%q) refused", open, text)
				continue
			}
			back, _ := New().Find("x.cs", []byte("const string S = "+open+"redis.call(1)"+enc+`";`))
			if back == nil || len(back.Scripts) != 1 || string(back.Scripts[0].Text) != "redis.call(1)"+text {
				t.Errorf("%s: %q encoded as %q does not read back", open, text, enc)
			}
		}
	}
	found, _ := New().Find("x.cs", []byte("const string S = \"\"\"\n  return redis.call('x')\n  \"\"\";"))
	if _, ok := found.Scripts[0].Literals[0].Encode("a\nb"); ok {
		t.Error("raw string accepted a line break")
	}
}

func TestNoScript(t *testing.T) {
	src := `class A { string s = "see redis.io"; object Eval(string x) => x; }`
	if _, ok := frontend.Check(frontendtest.Engine(), New(), "A.cs", []byte(src)); ok {
		t.Errorf("Check ok = true, want false: no script")
	}
	if New().MayHold([]byte("class A { int x = 1; }")) {
		t.Error("MayHold of a file without any hint")
	}
}

func FuzzFind(f *testing.F) {
	for _, s := range []string{
		`const string S = "return redis.call('GET', KEYS[1])";`,
		"const string S = $$\"\"\"\n  {{a}} {b} redis.call('x')\n  \"\"\";",
		`db.ScriptEvaluate($@"{x} ""redis.call('x')""", new RedisKey[] { "a" });`,
		`LuaScript.Prepare("redis.call('x', @a" + b + "@c)")`,
		`string.Format("{0} redis.call('x') {{", a)`,
		"#if DEBUG\n// it's\n#endif\nvar s = \"redis.call('x')\";",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		found, err := New().Find("x.cs", src)
		if err != nil {
			return
		}
		frontendtest.CheckFound(t, src, found)
	})
}
