package rules

import (
	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

var dynamicKeyRule = &analyzer.Rule{
	ID:       "dynamic-key",
	Severity: analyzer.SeverityError,
	Requires: []*analyzer.Analysis{analyzer.KeyFindingsAnalysis, analyzer.ScriptAnalysis},
	Options: []analyzer.OptionSpec{
		{Name: "allow-prefix-from-keys", Default: false, Doc: "accept keys built from a KEYS element plus text " +
			"(KEYS[1] .. ':jobs'): those are derived-key findings now (info); set here, the option still turns " +
			"them off, as it does under derived-key"},
		{Name: "allow-prefix-from-argv", Default: false, Doc: "accept keys built from ARGV values (ARGV[1] .. " +
			"'jobs', or a prefix packed in an ARGV element: cmsgpack.unpack(ARGV[1])[1] .. id): queue libraries " +
			"pass a hash-tagged key prefix in ARGV on purpose"},
	},
	Idioms: []analyzer.Idiom{
		{Name: "build keys from a prefix passed in ARGV", Marker: analyzer.ArgvPrefixTail,
			Advice: "set allow-prefix-from-argv: true under dynamic-key's options if ARGV carries a hash-tagged key " +
				"prefix on purpose, as queue libraries do ('{queue}:'): keys built from it hash to the tag's slot"},
		{Name: "build keys from a prefix packed in an encoded ARGV element", Marker: analyzer.PackedPrefixTail,
			Advice: "set allow-prefix-from-argv: true under dynamic-key's options if the encoded ARGV element " +
				"(cmsgpack, cjson) carries a hash-tagged key prefix on purpose: keys built from it hash to the tag's slot"},
	},
	Doc: analyzer.Doc{
		Title: "a key argument computed in the script instead of passed in KEYS",
		Rationale: "Redis routes a script by the keys declared in KEYS (numkeys): in a cluster the script runs on " +
			"the node owning their slot, and a key the script builds itself (from ARGV, from a reply, from " +
			"decoded JSON, by concatenation) may live on another node: Redis 7 fails with \"Script attempted to " +
			"access a non local key in a cluster node script\" (7.4+: \"... attempted to access keys that don't " +
			"hash to the same slot\"), or silently reads another slot's key in compatibility mode. ACL key " +
			"patterns are checked per command but users write them from the declared keys, and proxies and " +
			"client libraries only see KEYS. Pass every key whole in KEYS. A key built from a KEYS element plus " +
			"literal text (KEYS[1] .. ':jobs', or the element wrapped in a tag: '{' .. KEYS[1] .. '}:x') is not " +
			"this rule's: it stays in the KEYS element's slot when that element carries a {hash tag}, and " +
			"derived-key reports it at info (allow-prefix-from-keys, set here or there, turns it off, a " +
			"suppression naming dynamic-key still silences it, and dynamic-key: off turns it off too). " +
			"allow-prefix-from-argv accepts keys built from a prefix passed in ARGV (also inside an " +
			"encoded ARGV element), as queue libraries do on purpose. A built key used only where the script has " +
			"just found it equal to an element of KEYS (`if KEYS[i] == key then`) is a declared key, and is not " +
			"reported. A script that says itself that it touches undeclared keys (Dragonfly's " +
			"`--!df flags=allow-undeclared-keys` line, or `#!lua flags=no-cluster`, which Redis refuses to run in " +
			"a cluster) has its findings at info. Keys collected in a local table and passed with unpack(t) to a command whose arguments " +
			"there are all keys (DEL, SUNION, EXISTS), or read back one by one (for _, k in ipairs(t), " +
			"local k = t[i]), are judged one stored value at a time. A piece cut out of a KEYS element " +
			"(string.match, string.sub) may have lost the element's tag, and one changed by a string function " +
			"(string.lower, string.gsub) may have changed it: both are reported here. " +
			"A key whose origin is unknown (a function parameter, an unmodelled call) is " +
			"not reported. One key is one finding: the uses of a variable that keeps one value (a local " +
			"bound once, a loop variable or parameter never assigned), or of a key written out again from " +
			"the same literals and KEYS/ARGV elements in one function, are reported once, at the first, " +
			"with the count and the next uses as related locations.",
		Bad:       "redis.call('INCR', 'rate:' .. ARGV[1])\n",
		Good:      "redis.call('INCR', KEYS[1])\n",
		Tags:      []string{"correctness", "cluster", "keys"},
		Precision: "high",
	},
	Run: runDynamicKey,
}

func init() { register(dynamicKeyRule) }

func runDynamicKey(pass *analyzer.Pass) {
	allowArgv := pass.Options.Bool("allow-prefix-from-argv")
	var adjust func(*analyzer.Diagnostic)
	if how := analyzer.Script(pass).UndeclaredKeys; how != "" {
		// The script says it touches keys it is not passed: told, not
		// a mistake; kept at info for the ACL patterns and proxies that
		// still only see KEYS.
		adjust = func(d *analyzer.Diagnostic) {
			d.Severity = analyzer.SeverityInfo
			d.Message += " (the script says it touches keys not passed in KEYS: " + how + ")"
		}
	}
	analyzer.ReportKeyFindings(pass, func(f *analyzer.KeyFinding) bool { return !f.Derived && !(allowArgv && f.ArgvPrefix) }, adjust)
}
