package rules

import "github.com/redis-lua-lint/redis-lua-lint/analyzer"

var derivedKeyRule = &analyzer.Rule{
	ID:       "derived-key",
	Severity: analyzer.SeverityInfo,
	Requires: []*analyzer.Analysis{analyzer.KeyFindingsAnalysis},
	// Suppressions written when these findings were dynamic-key's still
	// silence them.
	MovedFrom: []string{"dynamic-key"},
	Options: []analyzer.OptionSpec{
		{Name: "allow-prefix-from-keys", Default: false, SharedWith: "dynamic-key", Doc: "accept keys built from a " +
			"KEYS element plus text: set it when every such KEYS element carries a {hash tag}; also read from " +
			"dynamic-key's option of the same name, where configurations written before derived-key set it"},
		{Name: "allow-prefix-from-argv", Default: false, SharedWith: "dynamic-key", Doc: "accept keys built from a " +
			"prefix passed in ARGV plus a value the script read or made (ARGV[1] .. id, id from INCR): set it when " +
			"that prefix carries a {hash tag}; also read from dynamic-key's option of the same name"},
	},
	Idioms: []analyzer.Idiom{
		{Name: "build keys from a KEYS element plus text", Marker: "cluster-safe only if ",
			Advice: "set allow-prefix-from-keys: true under derived-key's (or dynamic-key's) options if every KEYS " +
				"element the keys are built from carries a {hash tag} ('{queue}:'): the built keys hash to its slot"},
		{Name: "build keys from a prefix passed in ARGV plus an id made in the script", Marker: analyzer.ArgvPrefixTail,
			Advice: "set allow-prefix-from-argv: true under derived-key's (or dynamic-key's) options if ARGV carries a " +
				"hash-tagged key prefix on purpose ('{queue}:'): keys built from it and an id made in the script hash to the tag's slot"},
	},
	Doc: analyzer.Doc{
		Title: "a key built from a KEYS element plus literal text",
		Rationale: "KEYS[1] .. ':jobs' is a key the caller did not declare, derived from one it did. In a cluster it " +
			"hashes to KEYS[1]'s slot exactly when KEYS[1] carries a {hash tag} (KEYS[1] = '{queue}:wait' makes " +
			"'{queue}:wait:jobs', which hashes 'queue' too); without one it may live on another node, and Redis 7 fails with \"Script attempted to " +
			"access a non local key in a cluster node script\". The prefix idiom is common and safe with tagged " +
			"keys, so it is reported at info, apart from dynamic-key's errors (keys built from ARGV, stored or " +
			"decoded data, a reply): raise it to warning or error to enforce whole keys in KEYS, or set " +
			"allow-prefix-from-keys: true (here or under dynamic-key) when every KEYS element you derive from " +
			"carries a hash tag. A KEYS element the script wraps in a tag itself ('{' .. KEYS[1] .. '}:x') is " +
			"reported here too: it hashes to the element's slot only while the element holds no braces. A piece " +
			"cut out of a KEYS element (string.match, string.sub) may have lost the tag, and one changed by a string " +
			"function (string.lower, string.gsub) may have changed it: dynamic-key reports those. " +
			"A key built from a prefix passed in ARGV plus a value the script read or made (ARGV[1] .. id, with id " +
			"from INCR or popped from a list) is reported here too rather than as dynamic-key's error: the caller " +
			"cannot pass that key in KEYS, and it hashes to the prefix's slot when the prefix carries a hash tag, as " +
			"queue libraries send it (allow-prefix-from-argv, here or under dynamic-key, turns it off); a literal " +
			"prefix plus stored data stays dynamic-key's error. " +
			"ACL key patterns and proxies see only KEYS either way. A key built through a helper's parameter " +
			"points at the call that passed the prefix. These findings were dynamic-key's before: a suppression " +
			"naming dynamic-key silences them too, and a configuration (or --disable) that turns dynamic-key " +
			"off turns derived-key off unless it configures derived-key itself.",
		Bad:       "redis.call('LPUSH', KEYS[1] .. ':jobs', ARGV[1])\n",
		Good:      "redis.call('LPUSH', KEYS[2], ARGV[1])\n",
		Tags:      []string{"cluster", "keys"},
		Precision: "high",
	},
	Run: runDerivedKey,
}

func init() { register(derivedKeyRule) }

// runDerivedKey reports the derived findings of the shared judgement of
// the keys (see analyzer.KeyFindingsAnalysis), unless allow-prefix-from-keys
// accepts them.
func runDerivedKey(pass *analyzer.Pass) {
	allowKeys := pass.Options.Bool("allow-prefix-from-keys")
	allowArgv := pass.Options.Bool("allow-prefix-from-argv")
	analyzer.ReportKeyFindings(pass, func(f *analyzer.KeyFinding) bool {
		if f.ArgvPrefix {
			return f.Derived && !allowArgv
		}
		return f.Derived && !allowKeys
	}, nil)
}
