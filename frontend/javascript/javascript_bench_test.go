package javascript

import (
	"strings"
	"testing"
)

// BenchmarkFind measures Find on a file of many scripts and on files of
// deeply nested brackets and long chains (the worst cases of the parser).
func BenchmarkFind(b *testing.B) {
	for _, c := range []struct{ name, src string }{
		{"scripts", strings.Repeat("const S = `local v = redis.call('GET', KEYS[1])\nreturn v`\nawait redis.eval(S, 1, 'k')\n", 500)},
		{"long literal", "const INDEX = '" + strings.Repeat("a searchable text of a book ", 150000) + "'\n"},
		{"nested", strings.Repeat("{(", 5000) + strings.Repeat(")}", 5000)},
		{"objects", strings.Repeat("x = {a: {b: 'redis.call(1)'}, lua: 'x'}\n", 2000)},
		{"chain", "const S = " + strings.Repeat("'redis.call(1)' + a +\n", 3000) + "'x'"},
		{"names", "const a0 = 'redis.call(1)'\n" + func() string {
			var sb strings.Builder
			for i := 1; i < 60; i++ {
				sb.WriteString("const a" + itoa(i) + " = a" + itoa(i-1) + " + a" + itoa(i-1) + "\n")
			}
			return sb.String()
		}()},
	} {
		b.Run(c.name, func(b *testing.B) {
			src := []byte(c.src)
			for range b.N {
				_, _ = New().Find("b.js", src)
			}
		})
	}
}

func itoa(i int) string {
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}
