package analyzer

import (
	"slices"
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// Oracles of the global-uses and declared-variables analyses: the former
// whole-tree walks, and the inspector's answers where the references'
// parents are not recorded.

func TestGlobalUsesMatchWalk(t *testing.T) {
	for name, src := range oracleInputs(t) {
		f, _ := luaast.Parse(name, src)
		in := Inspector(NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, discard))

		got := collectGlobalUses(f, in)
		want, blocks := globalUsesByWalk(f)
		if !slices.Equal(got, want) {
			t.Errorf("%s: collectGlobalUses differs from the walk:\n got  %v\n want %v", name, got, want)
		}
		// canAddLocal looks up the block of a write when it needs it.
		for i, u := range want {
			if b := in.Enclosing(u.ID, luaast.KindBlock); b != blocks[i] {
				t.Errorf("%s: block of the global %s at %d: got %p, want %p", name, u.ID.Name, u.ID.Pos(), b, blocks[i])
			}
		}
		if got, want := collectDeclaredVariables(in), declaredVariablesByWalk(f); !slices.Equal(got, want) {
			t.Errorf("%s: collectDeclaredVariables differs from the walk", name)
		}

	}
}

// globalUsesByWalk is collectGlobalUses as it was: one walk of the whole
// tree with a stack. What is compared is how each use finds its parent
// and grandparent (both sides classify the use with the same
// GlobalUse.classify), and the innermost block holding each use.
func globalUsesByWalk(f *luaast.File) ([]GlobalUse, []luaast.Node) {
	if f == nil || f.Block == nil || len(f.Globals) == 0 {
		return nil, nil
	}
	isGlobal := make(map[*luaast.Ident]bool, len(f.Globals))
	for _, id := range f.Globals {
		isGlobal[id] = true
	}
	var uses []GlobalUse
	var useBlocks []luaast.Node
	var stack []luaast.Node
	var blocks []*luaast.Block
	luaast.Inspect(f.Block, func(n luaast.Node) bool {
		if n == nil {
			if b, ok := stack[len(stack)-1].(*luaast.Block); ok && len(blocks) > 0 && blocks[len(blocks)-1] == b {
				blocks = blocks[:len(blocks)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if b, ok := n.(*luaast.Block); ok {
			blocks = append(blocks, b)
		}
		id, ok := n.(*luaast.Ident)
		if !ok || !isGlobal[id] || id.Var != nil {
			return true
		}
		u := GlobalUse{ID: id}
		_, u.Forbidden = redisfacts.SandboxForbidden(id.Name)
		var block luaast.Node
		if len(blocks) > 0 {
			block = blocks[len(blocks)-1]
		}
		var parent, grand luaast.Node
		if len(stack) >= 2 {
			parent = stack[len(stack)-2]
		}
		if len(stack) >= 3 {
			grand = stack[len(stack)-3]
		}
		u.classify(parent, grand)
		uses = append(uses, u)
		useBlocks = append(useBlocks, block)
		return true
	})
	return uses, useBlocks
}

// declaredVariablesByWalk is collectDeclaredVariables as it was: a walk
// of the whole tree (what each node declares is appendDeclaredBy, shared:
// the test checks the traversal).
func declaredVariablesByWalk(f *luaast.File) []*luaast.Variable {
	var out []*luaast.Variable
	luaast.Inspect(f.Block, func(n luaast.Node) bool {
		out = appendDeclaredBy(out, n)
		return true
	})
	return out
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
	for name, src := range oracleInputs(t) {
		f, _ := luaast.Parse(name, src)
		if f == nil || f.Block == nil {
			continue
		}
		n++
		eval := redisfacts.Globals(versions[n%len(versions)], redisfacts.EvalScript)
		pass := NewPass(f, redisfacts.DefaultVersion, nil, nil, map[*Analysis]any{}, discard)
		in := Inspector(pass)
		refs := Script(pass).GlobalRefs()
		want := collectGlobalUses(f, in)
		// The slow path does not ask the sandbox: compare without inEval,
		// then check it.
		strip := func(us []GlobalUse) []GlobalUse {
			out := slices.Clone(us)
			for i := range out {
				if !out[i].EvalKnown || out[i].InEval != eval.Has(out[i].ID.Name) {
					t.Fatalf("%s: inEval of %s is %v (known %v), want %v", name, out[i].ID.Name, out[i].InEval, out[i].EvalKnown, eval.Has(out[i].ID.Name))
				}
				out[i].InEval, out[i].EvalKnown = false, false
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
			if u.MemberNode != nil || u.Write {
				fromRefs++
			}
			if eval.Has(u.ID.Name) {
				inEval++
			}
		}
	}
	if uses < 1000 || fromRefs < 300 || inEval < 500 || inEval == uses {
		t.Fatalf("only %d uses checked, %d with a member or a write, %d in the sandbox", uses, fromRefs, inEval)
	}
}
