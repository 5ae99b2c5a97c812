package rules_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

// TestLuaTestSuiteNoInternalErrors runs every rule, on every target
// version, over the Lua 5.1 test suite shipped with gopher-lua (our test
// oracle, so it is in the module cache whenever the tests build). Those
// files use every corner of the language that no Redis script would, which
// is where rules crash: none may panic or report a span outside the file.
func TestLuaTestSuiteNoInternalErrors(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/yuin/gopher-lua").Output()
	if err != nil {
		t.Skipf("cannot locate gopher-lua in the module cache: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	var files []string
	for _, sub := range []string{"_lua5.1-tests", "_glua-tests"} {
		m, _ := filepath.Glob(filepath.Join(dir, sub, "*.lua"))
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("found only %d Lua test files under %s", len(files), dir)
	}
	for _, vs := range redisfacts.KnownVersions {
		v, err := redisfacts.ParseVersion(vs)
		if err != nil {
			t.Fatal(err)
		}
		cfg := lint.DefaultConfig(t.TempDir())
		cfg.RedisVersion = v
		eng := lint.NewEngine(rules.All(), cfg, 2)
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			res := eng.CheckSource(filepath.Base(f), src)
			if res.Err != nil {
				t.Errorf("%s on %s: %v", filepath.Base(f), vs, res.Err)
			}
		}
	}
}
