package rules

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

var hardcodedKeyRule = &analyzer.Rule{
	ID:       "hardcoded-key",
	Severity: analyzer.SeverityWarning,
	Requires: []*analyzer.Analysis{analyzer.CallsAnalysis, analyzer.OriginsAnalysis},
	Doc: analyzer.Doc{
		Title: "a key argument written as a literal in the script",
		Rationale: "Redis learns a script's keys from KEYS: in a cluster it routes the script to the node owning " +
			"the declared keys' slot, and a literal key such as 'config' hashes to its own slot, so the script " +
			"fails there (\"Script attempted to access a non local key in a cluster node script\") or, in " +
			"compatibility mode, touches a key the caller never declared. ACL key patterns, proxies and " +
			"key-tracking tools only see the declared keys too. Pass the key in KEYS (the caller can still use " +
			"the same fixed name). A key built only from literals (concatenation, string.format, " +
			"table.concat of literals), or a local bound only to such values, counts as a literal; one with any part " +
			"that is not (a parameter, an element of Lua 5.1's implicit arg table of a vararg function, which " +
			"holds the caller's extra arguments: verified on Redis 7.0.15) is not reported. A key the " +
			"script uses several times is reported once, at its first use, with the other uses as related " +
			"locations (one key, one change to make). In test code (a test, tests, __tests__ or spec folder, or a test file name such as x_test.go, test_x.py, XTest.java, x.test.ts) it reports at info: a test runs against one standalone server and builds its keys and scripts on purpose; a severity the configuration sets for the rule wins.",
		Bad:       "return redis.call('GET', 'config')\n",
		Good:      "return redis.call('GET', KEYS[1])\n",
		Tags:      []string{"correctness", "cluster", "keys"},
		Precision: "very-high",
	},
	Run: runHardcodedKey,
}

func init() { register(hardcodedKeyRule) }

func runHardcodedKey(pass *analyzer.Pass) {
	calls := analyzer.Calls(pass)
	origins := analyzer.Origins(pass)
	// One finding per key: the first use, the others as related
	// locations. Keys whose text is not known are each their own.
	var found []analyzer.Diagnostic
	var uses []int
	byKey := map[string]int{}
	defer func() {
		for i, d := range found {
			if uses[i] > 1 {
				d.Message = strings.Replace(d.Message, " is hard-coded", " is hard-coded ("+strconv.Itoa(uses[i])+" uses)", 1)
			}
			pass.Report(d)
		}
	}()
	for _, rc := range calls.List {
		for _, k := range analyzer.KeyArgsOf(rc) {
			if neverLiteralKey(k) {
				continue
			}
			o := origins.Of(k)
			// A key built only from literals (string.format('%s', 'x'),
			// table.concat of literals) is just as fixed as a literal.
			if !o.IsLiteralOnly() {
				continue
			}
			what, text := "key", ""
			if s, ok := o.ConstString(); ok {
				what, text = "key "+luaQuote(shortenForMessage(s)), "s"+s
			} else if n, ok := o.ConstNumber(); ok {
				what = "key " + strconv.FormatFloat(n, 'g', -1, 64)
				text = "n" + what
			}
			if i, seen := byKey[text]; seen && text != "" {
				uses[i]++
				if d := &found[i]; len(d.Related) < analyzer.KeyUsesShown {
					d.Related = append(d.Related, analyzer.Related{Span: luaast.SpanOf(k), Message: "the same key used here"})
				}
				continue
			}
			if text != "" {
				byKey[text] = len(found)
			}
			uses = append(uses, 1)
			found = append(found, analyzer.Diagnostic{Span: luaast.SpanOf(k),
				Message: what + " is hard-coded in the script: pass it in KEYS so cluster routing and ACL key patterns see it"})
		}
	}
}

// neverLiteralKey reports, from its syntax alone, that a key is never made
// of literals only: an element or field of a table (KEYS[1], t.name) is an
// element origin, math.pi or unknown, never a literal. Most keys are KEYS
// elements: they need no evaluation. TestNeverLiteralKey checks it
// against Of.
func neverLiteralKey(e luaast.Expr) bool {
	switch luaast.Unparen(e).(type) {
	case *luaast.IndexExpr, *luaast.FieldExpr:
		return true
	}
	return false
}

// shortenForMessage cuts a long literal to its first 40 bytes (at a rune
// boundary) so a finding stays one readable line; the span shows the rest.
func shortenForMessage(s string) string {
	const limit = 40
	if len(s) <= limit {
		return s
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
