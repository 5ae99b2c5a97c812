package redisfacts

import (
	"slices"
	"testing"
)

// TestAppendMembersMatchesMembers checks AppendMembers against Members for
// every global name (and a few that are not globals) of every known
// version and context: the same fields after dst's own elements, which it
// leaves alone, the same ok, and a result that shares no memory with the
// tables (changing it changes no later answer).
func TestAppendMembersMatchesMembers(t *testing.T) {
	checked := 0
	for _, vs := range KnownVersions {
		v, err := ParseVersion(vs)
		if err != nil {
			t.Fatal(err)
		}
		for _, ctx := range []Context{EvalScript, FunctionCall, LibraryLoad} {
			g := Globals(v, ctx)
			names := append(g.Names(), "nosuchglobal", "KEYS", "ARGV", "print", "")
			for _, name := range names {
				want, wantOK := g.Members(name)
				want = slices.Clone(want)
				for _, dst := range [][]string{nil, {}, {"zz", "a"}, make([]string, 1, 64)} {
					prefix := slices.Clone(dst)
					got, ok := g.AppendMembers(dst, name)
					if ok != wantOK || !slices.Equal(got[:len(prefix)], prefix) || !slices.Equal(got[len(prefix):], want) {
						t.Fatalf("%s %v AppendMembers(%q, %q) = %q, %v; want the prefix then %q, %v", vs, ctx, prefix, name, got, ok, want, wantOK)
					}
					// Scribble on the result: the next answer must not change.
					for i := range got {
						got[i] = "scribbled"
					}
					if again, _ := g.Members(name); !slices.Equal(again, want) {
						t.Fatalf("%s %v %q: changing a result changed Members to %q", vs, ctx, name, again)
					}
					checked++
				}
			}
		}
	}
	if checked < 500 {
		t.Fatalf("only %d cases", checked)
	}
}
