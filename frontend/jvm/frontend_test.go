package jvm

import (
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
