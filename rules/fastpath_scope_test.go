package rules

import (
	"reflect"
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
	var buf reuseSlice[globalUse]
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
		want := collectGlobalUses(f, in, nil)
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
		if got := collectGlobalUsesFrom(f, refs, in, nil, nil); !slices.Equal(got, want) {
			t.Fatalf("%s: from refs:\n got  %v\n want %v", name, got, want)
		}
		if got := strip(collectGlobalUsesFrom(f, refs, in, &eval, &buf)); !slices.Equal(got, want) {
			t.Fatalf("%s: from refs, in a reused buffer:\n got  %v\n want %v", name, got, want)
		}
		buf.Release()
		// Without the inspector's help: every use is found in refs.
		if got := strip(collectGlobalUsesFrom(f, refs, luaast.NewInspector(&luaast.Block{}), &eval, nil)); !slices.Equal(got, want) {
			t.Fatalf("%s: refs miss uses:\n got  %v\n want %v", name, got, want)
		}
		// And refs out of order still give the same uses (through the
		// inspector).
		if len(refs) > 1 {
			rev := slices.Clone(refs)
			slices.Reverse(rev)
			if got := collectGlobalUsesFrom(f, rev, in, nil, nil); !slices.Equal(got, want) {
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

// renameFinding is how unused-variable built a rename finding before
// buildRenames: the message, what + name + "' is never read: rename it to
// '_'", and the fix, one concatenation and one allocation per finding.
func renameFinding(what string, v *luaast.Variable) (string, []analyzer.Fix) {
	const tail = renameTail
	both := what + v.Name + tail + "rename '" + v.Name + "' to '_'"
	n := len(what) + len(v.Name) + len(tail)
	fix := oneEditFix(both[n:], luaast.SpanOf(v.Decl), "_")
	return both[:n], fix
}

// TestBuildRenamesOracle checks buildRenames against renameFinding on the
// variables of the test sources, mixed with findings that are not renames
// (which it must leave alone).
func TestBuildRenamesOracle(t *testing.T) {
	checked, sources := 0, 0
	for name, src := range scopeSources(t) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Block == nil {
			continue
		}
		var found []unusedFinding
		for i, v := range collectDeclaredVariables(analyzer.Inspector(newTestPass(f)), nil) {
			switch i % 3 {
			case 0:
				found = append(found, unusedFinding{rename: "local '", v: v})
			case 1:
				found = append(found, unusedFinding{rename: "loop variable '", v: v})
			default:
				found = append(found, unusedFinding{msg: "other " + v.Name, v: v})
			}
		}
		// Without a worker's table (one string for the file) for the
		// first sources, with one (interned texts) for the others.
		msgs := newMessages(newTestPass(f))
		sources++
		if sources%2 == 0 {
			msgs = messages{t: new(messageTable), looked: true}
		}
		buildRenames(&msgs, found)
		for _, fd := range found {
			if fd.rename == "" {
				if fd.fixes != nil || fd.msg != "other "+fd.v.Name {
					t.Fatalf("%s: buildRenames changed a finding that is not a rename: %+v", name, fd)
				}
				continue
			}
			msg, fixes := renameFinding(fd.rename, fd.v)
			if fd.msg != msg || !reflect.DeepEqual(fd.fixes, fixes) {
				t.Fatalf("%s: buildRenames gives %q %+v\nrenameFinding %q %+v", name, fd.msg, fd.fixes, msg, fixes)
			}
			checked++
		}
	}
	if checked < 500 {
		t.Fatalf("only %d renames checked", checked)
	}
}
