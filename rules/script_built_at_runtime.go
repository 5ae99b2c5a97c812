package rules

import "github.com/redis-lua-lint/redis-lua-lint/analyzer"

// scriptBuiltAtRuntimeRule is checked at call sites by the host-language
// front ends (frontend.Check, frontend/goembed): a Lua file is constant by nature, so Run does nothing
// on Lua files.
var scriptBuiltAtRuntimeRule = &analyzer.Rule{
	ID:       "script-built-at-runtime",
	Severity: analyzer.SeverityWarning,
	Doc: analyzer.Doc{
		Title: "the script source is built at run time",
		Rationale: "Redis caches every script it is sent by its SHA1 and never evicts EVAL scripts before 7.4, so a " +
			"source built with fmt.Sprintf, String.format, a template or concatenation of run-time values is a new script for every variant: the " +
			"cache grows without bound, EVALSHA misses, and values spliced into code can inject Lua. Keep the script " +
			"constant and pass the values in ARGV (keys in KEYS). Such a script cannot be linted either. Checked where " +
			"the script is embedded in host code; Functions libraries (FunctionLoad) are exempt, as they are replaced " +
			"by name. A script whose only run-time parts are fields of the object the code runs in (this.x, self.x, $this->x, a Ruby @x: a key prefix the client was made with) makes one variant per instance, and is reported at info. In test code (a test, tests, __tests__ or spec folder, or a test file name such as x_test.go, test_x.py, XTest.java, x.test.ts) it reports at info: a test runs against one standalone server and builds its keys and scripts on purpose; a severity the configuration sets for the rule wins.",
		Bad:       "src := fmt.Sprintf(\"return redis.call('INCRBY', KEYS[1], %d)\", n)\nrdb.Eval(ctx, src, []string{\"counter\"})\n",
		Good:      "rdb.Eval(ctx, \"return redis.call('INCRBY', KEYS[1], ARGV[1])\", []string{\"counter\"}, n)\n",
		Tags:      []string{"performance", "security", "go"},
		Precision: "high",
	},
	Run: func(*analyzer.Pass) {},
}

func init() { register(scriptBuiltAtRuntimeRule) }
