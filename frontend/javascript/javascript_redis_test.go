package javascript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/internal/redistest"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// TestFixtureScriptsLoadOnRedis checks on a real server that the text the
// front end decodes from the fixtures is Lua that Redis compiles: every
// script without a placeholder that our parser reads is accepted by
// SCRIPT LOAD (FUNCTION LOAD for a library).
func TestFixtureScriptsLoadOnRedis(t *testing.T) {
	srv := redistest.Start(t)
	files, _ := filepath.Glob(filepath.Join("testdata", "*.[jt]s"))
	n := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		found, _ := New().Find(p, src)
		for _, s := range found.Scripts {
			if len(s.Placeholders) > 0 {
				continue
			}
			if _, err := luaast.Parse(p, s.Text); err != nil {
				continue
			}
			n++
			if strings.HasPrefix(string(s.Text), "#!lua") {
				if _, err := srv.FunctionLoad(string(s.Text), true); err != nil {
					t.Errorf("%s: FUNCTION LOAD of %q: %v", p, s.Text, err)
				}
				continue
			}
			if _, err := srv.ScriptLoad(string(s.Text)); err != nil {
				t.Errorf("%s: SCRIPT LOAD of %q: %v", p, s.Text, err)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d scripts loaded: the fixtures lost their scripts", n)
	}
}
