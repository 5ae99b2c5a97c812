package hosts

import (
	"slices"
	"strings"
	"testing"
)

func TestNew(t *testing.T) {
	all, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"a.js", "b.TS", "c.py", "d.java", "e.kt", "f.rb", "g.php", "h.cs", "i.go"} {
		if !all.Handles(p) {
			t.Errorf("every language: %s not handled", p)
		}
	}
	if all.Handles("x.lua") || all.Handles("notes.txt") {
		t.Error("a .lua or .txt file was taken as a host file")
	}
	if g := all.Globs(); !slices.Contains(g, "*.lua") || !slices.Contains(g, "*.py") {
		t.Errorf("globs %v lack *.lua or *.py", g)
	}

	some, err := New([]string{"lua", " Python "})
	if err != nil {
		t.Fatal(err)
	}
	if g := some.Globs(); !slices.Equal(g, []string{"*.lua", "*.py"}) {
		t.Errorf("lua, python: globs %v", g)
	}
	if some.Handles("a.js") {
		t.Error("lua, python: a .js file is handled")
	}

	noGo := all.Without("go")
	if noGo.Handles("i.go") || !noGo.Handles("a.js") || !slices.Contains(noGo.Globs(), "*.lua") {
		t.Errorf("Without(go): globs %v", noGo.Globs())
	}

	if _, err := New([]string{"cobol"}); err == nil || !strings.Contains(err.Error(), "known: lua, go") {
		t.Errorf("unknown language: err %v", err)
	}
}
