package rules

import (
	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
)

var keyspaceScanRule = &analyzer.Rule{
	ID:       "keyspace-scan",
	Severity: analyzer.SeverityWarning,
	Requires: []*analyzer.Analysis{analyzer.CallsAnalysis, analyzer.InspectAnalysis, analyzer.CursorLoopsAnalysis},
	Doc: analyzer.Doc{
		Title: "a keyspace walk (SCAN, KEYS) in a script, or a collection scanned to the end in one call",
		Rationale: "KEYS walks the whole keyspace in one step and SCAN reads key names the caller never " +
			"declared in KEYS: in a cluster those keys can live on another node (the script sees only its own " +
			"shard, or fails with a cross-slot error when it touches them), ACL key patterns cannot vet them, " +
			"and a script blocks the whole server while it runs (SCRIPT KILL works only before its first write). " +
			"Keep the key names you need in a set or pass them in KEYS, or scan from the client. SSCAN, HSCAN " +
			"and ZSCAN read declared keys; they are reported only inside a loop that runs until the cursor " +
			"comes back as \"0\", which reads the whole collection in one script call: return the cursor and " +
			"continue in the next call instead. An early exit when the loop finds something (until found or " +
			"cursor == \"0\") does not bound it, a round count or result size does.",
		Bad:       "local cursor = '0'\nrepeat\n  local r = redis.call('SCAN', cursor, 'MATCH', 'session:*')\n  cursor = r[1]\nuntil cursor == '0'\n",
		Good:      "local r = redis.call('SSCAN', KEYS[1], ARGV[1], 'COUNT', 100)\nreturn r\n",
		Tags:      []string{"performance", "cluster", "bounded-work"},
		Precision: "very-high",
	},
	Run: runKeyspaceScan,
}

func init() { register(keyspaceScanRule) }

func runKeyspaceScan(pass *analyzer.Pass) {
	calls := analyzer.Calls(pass)
	looped := map[*analyzer.RedisCall]bool{}
	for _, cl := range analyzer.CursorLoops(pass) {
		for _, rc := range cl.Scans {
			looped[rc] = true
		}
	}
	for _, rc := range calls.List {
		if !rc.NameKnown || rc.Subcommand != "" {
			continue
		}
		switch rc.Name {
		case "KEYS":
			pass.Reportf(rc.Call, "'KEYS' in a script walks the whole keyspace in one step while the server is blocked, and the keys it "+
				"returns were not passed in KEYS (in a cluster they can live on another node); keep the key names in a set, or list them from the client with SCAN")
		case "SCAN":
			pass.Reportf(rc.Call, "'SCAN' in a script reads key names that were not passed in KEYS: in a cluster they can live on another "+
				"node, and ACL key patterns cannot vet them; keep the key names in a set and pass them in KEYS, or scan from the client")
		case "SSCAN", "HSCAN", "ZSCAN":
			if looped[rc] {
				pass.Reportf(rc.Call, "%s runs until the cursor is \"0\": one script call reads the whole collection while the server is blocked; "+
					"return the cursor to the caller and continue in the next call", analyzer.QuoteName(rc.Name))
			}
		}
	}
}
