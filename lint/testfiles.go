package lint

import (
	"path"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

// Test code runs its scripts against one standalone server, and builds
// scripts and keys on purpose: a hard-coded key, keys of different
// cluster slots or a script built at run time there is what the test
// means, not a production hazard. Client libraries keep most of their
// scripts in tests, so by default these rules report at info in test
// files; a severity the configuration sets for the rule (at the top or in
// an override) wins.

// testProfileRules are the rules reported at info in test files.
var testProfileRules = [...]string{"hardcoded-key", "cross-slot-keys", "script-built-at-runtime"}

// inTestProfile reports whether the rule reports at info in test files.
func inTestProfile(id string) bool {
	for _, r := range testProfileRules {
		if r == id {
			return true
		}
	}
	return false
}

// testDirs are the folder names that hold test code.
var testDirs = [...]string{"test", "tests", "__tests__", "spec", "specs"}

// IsTestFile reports whether the slash-separated path names test code by
// the conventions of the languages read: a test folder (test, tests,
// __tests__, spec), or a test file name (x_test.go, test_x.py, x_test.py,
// XTest.java, XTests.cs, x_spec.rb, x.test.ts, x.spec.js, XTest.php,
// x_test.lua, x_spec.lua).
func IsTestFile(p string) bool {
	p = strings.ReplaceAll(p, `\`, "/")
	for _, seg := range strings.Split(path.Dir(p), "/") {
		for _, d := range testDirs {
			if seg == d {
				return true
			}
		}
	}
	base := path.Base(p)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	switch ext {
	case ".go", ".rb", ".lua", ".py":
		if strings.HasSuffix(stem, "_test") || strings.HasSuffix(stem, "_spec") {
			return true
		}
		return ext == ".py" && strings.HasPrefix(stem, "test_")
	case ".java", ".kt", ".kts", ".cs", ".php":
		return strings.HasSuffix(stem, "Test") || strings.HasSuffix(stem, "Tests") || strings.HasSuffix(stem, "IT")
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx":
		return strings.HasSuffix(stem, ".test") || strings.HasSuffix(stem, ".spec")
	}
	return false
}

// TestFileSeverity returns the severity of a finding of rule id in the
// file at path: info for the rules of the test profile in a test file,
// unless the configuration sets the rule's severity (configured != 0);
// else sev.
func TestFileSeverity(id, p string, sev, configured analyzer.Severity) analyzer.Severity {
	if configured == 0 && inTestProfile(id) && sev > analyzer.SeverityInfo && IsTestFile(p) {
		return analyzer.SeverityInfo
	}
	return sev
}
