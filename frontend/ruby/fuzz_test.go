package ruby

import (
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// FuzzFind checks that Find never panics and that what it finds is
// consistent (frontendtest.CheckFound).
func FuzzFind(f *testing.F) {
	frontendtest.AddFiles(f, filepath.Join("testdata", "*.rb"))
	f.Add([]byte("r.eval(<<~A + <<-'B', %q(x), keys: [\"a\"])\n  #{x} \\u{41}\nA\n  b\n  B\n"))
	f.Add([]byte("S = \"#{T}\" % [1]\nT = 'redis.call(1)'\n@s = c.script(:load, S)\nc.evalsha @s, [1]\n=begin\n=end\n__END__\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		found, err := New().Find("f.rb", src)
		if err != nil {
			return
		}
		frontendtest.CheckFound(t, src, found)
	})
}
