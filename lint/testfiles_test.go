package lint_test

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
)

func TestIsTestFile(t *testing.T) {
	for _, c := range []struct {
		path string
		want bool
	}{
		{"src/test/java/app/LockTest.java", true},
		{"app/LockTest.java", true},
		{"app/Lock.java", false},
		{"pkg/cache_test.go", true},
		{"pkg/cache.go", false},
		{"tests/limiter.py", true},
		{"pkg/test_limiter.py", true},
		{"pkg/limiter_test.py", true},
		{"pkg/latest.py", false},
		{"spec/lock_spec.rb", true},
		{"lib/lock.rb", false},
		{"src/__tests__/queue.ts", true},
		{"src/queue.test.ts", true},
		{"src/queue.spec.js", true},
		{"src/queue.js", false},
		{"Tests/CounterTests.cs", true},
		{"src/Counter.cs", false},
		{"scripts/contest.lua", false},
		{"scripts/rate_spec.lua", true},
		{"rules/testdata/x/bad.lua", false},
	} {
		if got := lint.IsTestFile(c.path); got != c.want {
			t.Errorf("IsTestFile(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

// TestTestFileProfile: a hard-coded key is a warning in a script and info
// in a test; a severity the configuration sets wins.
func TestTestFileProfile(t *testing.T) {
	src := []byte("return redis.call('GET', 'user:1')\n")
	sev := func(cfg *lint.Config, path string) analyzer.Severity {
		t.Helper()
		res := lint.NewEngine(rules.All(), cfg, 1).CheckSource(path, src)
		for _, d := range res.Diagnostics {
			if d.RuleID == "hardcoded-key" {
				return d.Severity
			}
		}
		t.Fatalf("%s: no hardcoded-key finding: %v", path, res.Diagnostics)
		return 0
	}
	if got := sev(lint.DefaultConfig("."), "scripts/get.lua"); got != analyzer.SeverityWarning {
		t.Errorf("script: %v, want warning", got)
	}
	if got := sev(lint.DefaultConfig("."), "tests/get.lua"); got != analyzer.SeverityInfo {
		t.Errorf("test: %v, want info", got)
	}
	cfg, err := lint.ParseConfig(".redis-lua-lint.yaml", ".", []byte("rules:\n  hardcoded-key: error\n"), rules.All())
	if err != nil {
		t.Fatal(err)
	}
	if got := sev(cfg, "tests/get.lua"); got != analyzer.SeverityError {
		t.Errorf("test with a configured severity: %v, want error", got)
	}
}
