package rules

import "github.com/redis-lua-lint/redis-lua-lint/analyzer"

// crossSlotKeysRule is checked at call sites by the host-language front
// ends (frontend.Check, frontend/goembed): the keys are the caller's literals, so Run does nothing on Lua files.
var crossSlotKeysRule = &analyzer.Rule{
	ID:       "cross-slot-keys",
	Severity: analyzer.SeverityWarning,
	Doc: analyzer.Doc{
		Title: "the literal keys of one call hash to different cluster slots",
		Rationale: "A Redis Cluster runs a script on the node that owns its keys, and every key of one call must hash " +
			"to the same slot (CRC16 of the {hash tag} when the key has a non-empty one, else of the whole key, modulo " +
			"16384); otherwise the call fails with CROSSSLOT. Give related keys a common hash tag: 'user:{42}:profile' " +
			"and 'user:{42}:sessions'. Checked where the script is run from host code (Go, JavaScript, Python, " +
			"Java, Kotlin, Ruby, PHP, C#) with keys written as literals. In test code (a test, tests, __tests__ or spec folder, or a test file name such as x_test.go, test_x.py, XTest.java, x.test.ts) it reports at info: a test runs against one standalone server and builds its keys and scripts on purpose; a severity the configuration sets for the rule wins.",
		Bad:       "rdb.Eval(ctx, script, []string{\"user:42:profile\", \"user:42:sessions\"})\n",
		Good:      "rdb.Eval(ctx, script, []string{\"user:{42}:profile\", \"user:{42}:sessions\"})\n",
		Tags:      []string{"correctness", "cluster", "keys", "go"},
		Precision: "very-high",
	},
	Run: func(*analyzer.Pass) {},
}

func init() { register(crossSlotKeysRule) }
