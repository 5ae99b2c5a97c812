package jvm

import (
	"fmt"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

func TestNoScript(t *testing.T) {
	for _, src := range []string{
		"class A { String s = \"see redis.io\"; void eval() {} }",
		"class A { Object o = engine.eval(x); }",
	} {
		if _, ok := frontend.Check(frontendtest.Engine(), Java(), "A.java", []byte(src)); ok {
			t.Errorf("Check(%q) ok = true, want false: no script", src)
		}
	}
}

func TestMayHold(t *testing.T) {
	if Java().MayHold([]byte("class A { int x = 1; }")) {
		t.Error("MayHold of a file without any hint")
	}
	if !Kotlin().MayHold([]byte(`val s = "return redis.call('GET', KEYS[1])"`)) {
		t.Error("MayHold false for a script")
	}
}

// TestDoublingConstants: constants defined through each other twice
// over are assembled within the file's budget, not in full, and the file
// is reported with the budget's error.
func TestDoublingConstants(t *testing.T) {
	frontendtest.CheckBudget(t, Java(), "T.java", map[string]frontendtest.Doubling{
		"plus": frontendtest.Lines("class T {\n    static final String A0 = \"redis.call('x')\";\n",
			func(k int) string { return fmt.Sprintf("    static final String A%d = A%d + A%d;\n", k, k-1, k-1) },
			func(n int) string { return fmt.Sprintf("    Object run(Jedis j) { return j.eval(A%d, 0); }\n}\n", n) }),
	})
}

func FuzzFind(f *testing.F) {
	for _, s := range []string{
		`String S = "return redis.call('GET', KEYS[1])";`,
		"String S = \"\"\"\n  local a = \\\n  redis.call('x')\"\"\";",
		`jedis.eval("return redis.call('GET', KEYS[1])" + x, 1, "k");`,
		"val s = \"\"\"\n  |${a} redis.call('x')\n\"\"\".trimMargin(\"|\")",
		`val s = "${"}"} $x \u0041 redis.call('x')"`,
		`new DefaultRedisScript<>(String.format("%s redis.call('x') %1$s %%", a), Long.class)`,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, src []byte, kotlin bool) {
		fe := Java()
		if kotlin {
			fe = Kotlin()
		}
		found, err := fe.Find("x", src)
		if err != nil {
			return
		}
		frontendtest.CheckFound(t, src, found)
	})
}

func TestReceiverScript(t *testing.T) {
	src := "const val GET = \"return redis.call('GET', KEYS[1])\"\n" +
		"val a = \"return 42\".toRedisScript<Long>()\n" +
		"val b = \"\"\"\n    return 1\n\"\"\".trimIndent().toRedisScript()\n" +
		"val c = GET.toRedisScript<String>()\n" +
		"val d = (\"return \" + \"2\").asLuaScript()\n"
	found, err := Kotlin().Find("x.kt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range found.Scripts {
		api := ""
		if s.Call != nil {
			api = s.Call.API
		}
		got = append(got, api+": "+string(s.Text))
	}
	want := []string{"toRedisScript: return redis.call('GET', KEYS[1])", "toRedisScript: return 42", "toRedisScript: return 1", "asLuaScript: return 2"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("scripts %q, want %q", got, want)
	}
}
