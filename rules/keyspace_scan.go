package rules

import (
	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var keyspaceScanRule = &analyzer.Rule{
	ID:       "keyspace-scan",
	Severity: analyzer.SeverityWarning,
	Requires: []*analyzer.Analysis{analyzer.ScriptAnalysis, analyzer.OriginsAnalysis, analyzer.CallsAnalysis, analyzer.InspectAnalysis, analyzer.CursorLoopsAnalysis},
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
			"cursor == \"0\") does not bound it, a round count or result size does. A single SCAN step outside a loop, " +
			"whose cursor comes from ARGV and whose reply cursor the script returns (local r = redis.call('SCAN', " +
			"ARGV[1], ...) ... return r[1]), is the paging pattern this advice asks for: reported at info only, " +
			"for the cluster and ACL caveats.",
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
	info := analyzer.Script(pass)
	origins := analyzer.Origins(pass)
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
			if !looped[rc] && pagedScanStep(info, origins, rc) {
				pass.Report(analyzer.Diagnostic{Severity: analyzer.SeverityInfo, Span: luaast.SpanOf(rc.Call),
					Message: "one 'SCAN' step per call with the caller's cursor, returned to it: the paging pattern; in a cluster " +
						"it sees only the keys of the node the script runs on, and ACL key patterns cannot vet the keys it returns"})
				continue
			}
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

// pagedScanStep reports whether a SCAN call is one step of a scan the
// caller drives: its cursor comes from ARGV, and the script returns the
// reply's cursor (the reply itself, or its first element) so that the
// caller continues in the next call.
func pagedScanStep(info *analyzer.ScriptInfo, origins *analyzer.OriginInfo, rc *analyzer.RedisCall) bool {
	if len(rc.Args) == 0 || !origins.Of(rc.Args[0]).IsOnly(analyzer.OriginArgvElem) {
		return false
	}
	// bound follows a local bound once to its value.
	bound := func(e luaast.Expr) luaast.Expr {
		e = luaast.Unparen(e)
		if id, ok := e.(*luaast.Ident); ok && id.Var != nil {
			if b := info.BoundOnce(id.Var); b != nil {
				return luaast.Unparen(b)
			}
		}
		return e
	}
	// isCursor says whether e is the SCAN reply (or a local bound once to
	// it), or its first element, the next cursor.
	isCursor := func(e luaast.Expr) bool {
		e = bound(e)
		if ix, ok := e.(*luaast.IndexExpr); ok {
			n, isNum := luaast.Unparen(ix.Key).(*luaast.NumberLit)
			return isNum && n.Value == 1 && bound(ix.X) == rc.Call
		}
		return e == rc.Call
	}
	returned := false
	info.EachReturn(func(r *luaast.ReturnStmt, fn *luaast.FunctionExpr) {
		if returned || fn != rc.Fn {
			return
		}
		for _, e := range r.Exprs {
			if isCursor(e) {
				returned = true
			}
			// return {cursor, removed}
			if t, ok := luaast.Unparen(e).(*luaast.TableExpr); ok && len(t.Fields) > 0 && isCursor(t.Fields[0].Value) {
				returned = true
			}
		}
	})
	return returned
}
