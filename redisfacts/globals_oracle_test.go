package redisfacts

import (
	"math/rand"
	"slices"
	"testing"
)

// The bisection implementations that classifyGlobal replaced, kept as the
// oracle of TestGlobalsMatchTables.

func refHas(g GlobalSet, name string) bool {
	switch name {
	case "redis":
		return true
	case "server":
		return g.hasServer()
	}
	if g.ctx == LibraryLoad {
		return false
	}
	switch name {
	case "KEYS", "ARGV", "__redis__err__handler":
		return g.ctx == EvalScript
	case "__server__err__handler":
		return g.ctx == EvalScript && g.hasServer()
	case "os":
		return g.hasOS()
	}
	if _, ok := libraryMembers.get(name); ok {
		return true
	}
	return baseFunctions.has(name)
}

func refHasMember(g GlobalSet, global, member string) bool {
	if !refHas(g, global) {
		return false
	}
	switch global {
	case "redis", "server":
		for i := range redisMembers {
			if redisMembers[i].name == member {
				return redisMembers[i].in(g.v, g.ctx)
			}
		}
		return false
	case "_G":
		return refHas(g, member)
	}
	m, _ := libraryMembers.get(global)
	return slices.Contains(m, member)
}

func refMembers(g GlobalSet, name string) ([]string, bool) {
	if !refHas(g, name) {
		return nil, false
	}
	switch name {
	case "redis", "server", "_G":
		return g.Members(name) // not through the tables classifyGlobal replaced
	}
	if m, ok := libraryMembers.get(name); ok {
		return slices.Clone(m), true
	}
	return nil, false
}

func refSandboxForbidden(name string) (string, bool) {
	if len(name) > 3 && name[:3] == "os." {
		if name == "os.clock" {
			return "", false
		}
		reason, _ := forbidden.get("os")
		return reason, true
	}
	return forbidden.get(name)
}

// globalProbes returns every name of the sandbox tables (globals and
// members), near misses of each (a byte changed, cut short, extended,
// upper-cased first byte), dotted os names, and random identifiers.
func globalProbes() []string {
	var names []string
	names = append(names, baseFunctions...)
	names = append(names, "redis", "server", "KEYS", "ARGV", "__redis__err__handler", "__server__err__handler")
	for _, e := range libraryMembers {
		names = append(names, e.name)
		names = append(names, e.val...)
	}
	for _, e := range forbidden {
		names = append(names, e.name)
	}
	for _, e := range lua52Members {
		names = append(names, e.name)
		names = append(names, e.val...)
	}
	for _, m := range redisMembers {
		names = append(names, m.name)
	}
	out := slices.Clone(names)
	for _, n := range names {
		out = append(out, n+"x", n[:len(n)-1], "os."+n, "_"+n)
		out = appendByteNeighbours(out, n)
		if c := n[0]; 'a' <= c && c <= 'z' {
			out = append(out, string(c-32)+n[1:])
		}
	}
	r := rand.New(rand.NewSource(1))
	const alphabet = "abcdegilmnoprstuxGEKSV_0."
	for range 5000 {
		b := make([]byte, 1+r.Intn(10))
		for i := range b {
			b[i] = alphabet[r.Intn(len(alphabet))]
		}
		out = append(out, string(b))
	}
	return append(out, "", "os.", "os.clock", "os.execute")
}

// TestGlobalsMatchTables checks Has, HasMember, Members and
// SandboxForbidden (through classifyGlobal) against the bisection of the
// tables, for every known version, every context and many names.
func TestGlobalsMatchTables(t *testing.T) {
	probes := globalProbes()
	for _, p := range probes {
		gotR, gotOK := SandboxForbidden(p)
		wantR, wantOK := refSandboxForbidden(p)
		if gotR != wantR || gotOK != wantOK {
			t.Errorf("SandboxForbidden(%q) = %q, %v; want %q, %v", p, gotR, gotOK, wantR, wantOK)
		}
		m, ok := library(p)
		wm, wok := libraryMembers.get(p)
		if !slices.Equal(m, wm) || ok != wok {
			t.Errorf("library(%q) = %v, %v; want %v, %v", p, m, ok, wm, wok)
		}
	}
	globals := []string{"redis", "server", "_G", "KEYS", "pcall", "os"}
	for _, e := range libraryMembers {
		globals = append(globals, e.name)
	}
	for _, s := range KnownVersions {
		v, err := ParseVersion(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, ctx := range []Context{EvalScript, FunctionCall, LibraryLoad} {
			g := Globals(v, ctx)
			for _, p := range probes {
				if got, want := g.Has(p), refHas(g, p); got != want {
					t.Errorf("%s %s: Has(%q) = %v, want %v", s, ctx, p, got, want)
				}
				gm, gok := g.Members(p)
				wm, wok := refMembers(g, p)
				if !slices.Equal(gm, wm) || gok != wok {
					t.Errorf("%s %s: Members(%q) = %v, %v; want %v, %v", s, ctx, p, gm, gok, wm, wok)
				}
				for _, gl := range globals {
					if got, want := g.HasMember(gl, p), refHasMember(g, gl, p); got != want {
						t.Errorf("%s %s: HasMember(%q, %q) = %v, want %v", s, ctx, gl, p, got, want)
					}
				}
				if got, want := g.HasMember(p, "format"), refHasMember(g, p, "format"); got != want {
					t.Errorf("%s %s: HasMember(%q, format) = %v, want %v", s, ctx, p, got, want)
				}
			}
		}
	}
}

// TestClassifyGlobalIndexes checks that the indexes classifyGlobal
// returns name the same entry in the tables.
func TestClassifyGlobalIndexes(t *testing.T) {
	if libraryMembers[osLibrary].name != "os" {
		t.Fatalf("libraryMembers[%d] is %q, want os", osLibrary, libraryMembers[osLibrary].name)
	}
	for _, e := range libraryMembers {
		k, i := classifyGlobal(e.name)
		switch {
		case k == gkOS:
			if e.name != "os" {
				t.Errorf("classifyGlobal(%q) = os", e.name)
			}
		case k != gkLibrary || libraryMembers[i].name != e.name:
			t.Errorf("classifyGlobal(%q) = %d, %d", e.name, k, i)
		}
	}
	for _, e := range forbidden {
		if k, i := classifyGlobal(e.name); (k != gkForbidden && k != gkOS) || forbidden[i].name != e.name {
			t.Errorf("classifyGlobal(%q) = %d, %d", e.name, k, i)
		}
	}
	for _, n := range baseFunctions {
		if k, _ := classifyGlobal(n); k != gkBase {
			t.Errorf("classifyGlobal(%q) = %d, want base", n, k)
		}
	}
}
