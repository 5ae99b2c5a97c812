package rules

import (
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// Oracles of the shortcuts in the scope- and
// flow-based rules: each compares the fast path with the slow one it
// replaced, on the fixtures, the realistic scripts, generated scripts and
// broken sources.

// scopeSources returns walkSources plus more generated scripts and a few
// sources with syntax errors.
func scopeSources(t *testing.T) map[string][]byte {
	t.Helper()
	srcs := addGenerated(walkSources(t), "luagen-scope-", 123000, 200)
	srcs["broken-1"] = []byte("x = 1\nstring.trim = nil\nif y then\n  z = (\nend\nreturn x")
	srcs["broken-2"] = []byte("function g.h(\n  return t.u\nend\nprint(k)")
	srcs["broken-3"] = []byte("local a = _G[k]\n_G.x = 1\nreturn a +")
	return srcs
}

// TestGlobalUsesFromRefsOracle checks collectGlobalUsesFrom (parents from
// ScriptInfo.GlobalRefs) against collectGlobalUses (parents from the
// inspector), that the references' parents come from refs, not from the
// inspector's search they replace, and each use's inEval against the
// EVAL sandbox of several versions.
func TestGlobalUsesFromRefsOracle(t *testing.T) {
	var versions []redisfacts.Version
	for _, s := range []string{"6.2", "7.0", "7.4", "valkey-8.0"} {
		v, err := redisfacts.ParseVersion(s)
		if err != nil {
			t.Fatal(err)
		}
		versions = append(versions, v, redisfacts.DefaultVersion)
	}
	uses, fromRefs, inEval := 0, 0, 0
	n := 0
	for name, src := range scopeSources(t) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Block == nil {
			continue
		}
		n++
		eval := redisfacts.Globals(versions[n%len(versions)], redisfacts.EvalScript)
		pass := newTestPass(f)
		in := analyzer.Inspector(pass)
		refs := analyzer.Script(pass).GlobalRefs()
		want := collectGlobalUses(f, in)
		// The slow path does not ask the sandbox: compare without inEval,
		// then check it.
		strip := func(us []globalUse) []globalUse {
			out := slices.Clone(us)
			for i := range out {
				if !out[i].evalKnown || out[i].inEval != eval.Has(out[i].id.Name) {
					t.Fatalf("%s: inEval of %s is %v (known %v), want %v", name, out[i].id.Name, out[i].inEval, out[i].evalKnown, eval.Has(out[i].id.Name))
				}
				out[i].inEval, out[i].evalKnown = false, false
			}
			return out
		}
		if got := collectGlobalUsesFrom(f, refs, in, nil); !slices.Equal(got, want) {
			t.Fatalf("%s: from refs:\n got  %v\n want %v", name, got, want)
		}
		if got := strip(collectGlobalUsesFrom(f, refs, in, &eval)); !slices.Equal(got, want) {
			t.Fatalf("%s: from refs, with the sandbox:\n got  %v\n want %v", name, got, want)
		}
		// Without the inspector's help: every use is found in refs.
		if got := strip(collectGlobalUsesFrom(f, refs, luaast.NewInspector(&luaast.Block{}), &eval)); !slices.Equal(got, want) {
			t.Fatalf("%s: refs miss uses:\n got  %v\n want %v", name, got, want)
		}
		// And refs out of order still give the same uses (through the
		// inspector).
		if len(refs) > 1 {
			rev := slices.Clone(refs)
			slices.Reverse(rev)
			if got := collectGlobalUsesFrom(f, rev, in, nil); !slices.Equal(got, want) {
				t.Fatalf("%s: refs reversed:\n got  %v\n want %v", name, got, want)
			}
		}
		uses += len(want)
		for _, u := range want {
			if u.memberNode != nil || u.write {
				fromRefs++
			}
			if eval.Has(u.id.Name) {
				inEval++
			}
		}
	}
	if uses < 1000 || fromRefs < 300 || inEval < 500 || inEval == uses {
		t.Fatalf("only %d uses checked, %d with a member or a write, %d in the sandbox", uses, fromRefs, inEval)
	}
}
