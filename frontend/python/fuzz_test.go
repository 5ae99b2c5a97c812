package python

import (
	"path/filepath"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend/frontendtest"
)

// FuzzFind checks that Find never panics and that what it finds is
// consistent (frontendtest.CheckFound).
func FuzzFind(f *testing.F) {
	frontendtest.AddFiles(f, filepath.Join("testdata", "*.py"))
	f.Add([]byte(`r.eval(f"{x!r:{w}}" '\N{BULLET}' rb'\'' % (a,), 1, "k")`))
	f.Add([]byte("S = textwrap.dedent('''\n\t a\n  b''').format(1)\ns = r.register_script(S)\ns(keys=['a'])"))
	f.Fuzz(func(t *testing.T, src []byte) {
		found, err := New().Find("f.py", src)
		if err != nil {
			return
		}
		frontendtest.CheckFound(t, src, found)
	})
}
