package rules

import "github.com/redis-lua-lint/redis-lua-lint/analyzer"

// unusedSuppressionRule documents the unused-suppression rule. Its findings
// come from the engine's suppression pass (analyzer.Suppress), which alone
// knows which directives silenced something, so Run does nothing.
var unusedSuppressionRule = &analyzer.Rule{
	ID:       analyzer.UnusedSuppressionRuleID,
	Severity: analyzer.SeverityInfo,
	Doc: analyzer.Doc{
		Title: "a suppression directive silenced nothing or names an unknown rule",
		Rationale: "A `-- redis-lua-lint:` comment (ignore, ignore-file, disable, enable) that no longer " +
			"silences any finding is noise that hides the next real problem on that line, and one that " +
			"names a misspelled rule never silenced anything. Remove the directive, or correct the rule ID. " +
			"Directives must name their rules (there is no wildcard), so a suppression never hides findings " +
			"of a rule added later. A directive for a rule that the configuration turns off is not reported. " +
			"Suppressions are for findings the tool cannot prove harmless; scripts run atomically inside " +
			"Redis, so prefer fixing the script when the finding is real.",
		Bad: "-- redis-lua-lint: ignore hardcoded-keys -- the config key is shared on purpose\n" +
			"return redis.call('GET', KEYS[1])\n",
		Good:      "return redis.call('GET', KEYS[1])\n",
		Tags:      []string{"maintainability"},
		Precision: "very-high",
	},
	// Run is a no-op: the engine reports unused directives after every
	// other rule has run on the file.
	Run: func(*analyzer.Pass) {},
}

func init() { register(unusedSuppressionRule) }
