package lint

import (
	"path/filepath"
	"testing"
)

// TestEntryPaths checks entryPaths against filepath.Join, for roots and
// directories below them whose path is, or is not, the tail of their
// absolute path (where the path shares the absolute path's memory).
func TestEntryPaths(t *testing.T) {
	sep := string(filepath.Separator)
	wd := filepath.FromSlash("/work/repo")
	tests := []struct {
		p, abs string
		isRoot bool
	}{
		{".", wd, true},
		{".", wd, false},
		{"scripts", filepath.Join(wd, "scripts"), true},
		{"scripts", filepath.Join(wd, "scripts"), false},
		{filepath.FromSlash("scripts/lib"), filepath.Join(wd, "scripts", "lib"), false},
		{"scripts" + sep, filepath.Join(wd, "scripts"), true},
		{filepath.FromSlash("./scripts"), filepath.Join(wd, "scripts"), true},
		{filepath.FromSlash("./scripts//lib"), filepath.Join(wd, "scripts", "lib"), true},
		{filepath.FromSlash("a/../b"), filepath.Join(wd, "b"), true},
		{"..", filepath.Dir(wd), true},
		{filepath.FromSlash("../other"), filepath.Join(filepath.Dir(wd), "other"), false},
		{filepath.FromSlash("../repo"), wd, false},
		{wd, wd, true},
		{wd + sep, wd, true},
		{filepath.Join(wd, "sub"), filepath.Join(wd, "sub"), false},
		{sep, sep, true},
		// A path that is a tail of abs, but not at a separator.
		{"po", wd, false},
		{"epo", wd, false},
		// A link followed at the root: the path is not the tail.
		{"link", filepath.FromSlash("/elsewhere/target"), true},
	}
	for _, tt := range tests {
		for _, name := range []string{"a.lua", "..x", ".hidden", "b c"} {
			ep, eabs := entryPaths(tt.p, tt.abs, name, tt.isRoot)
			if want := filepath.Join(tt.p, name); ep != want {
				t.Errorf("entryPaths(%q, %q, %q, %v): path %q, want %q", tt.p, tt.abs, name, tt.isRoot, ep, want)
			}
			if want := joinAbs(tt.abs, name); eabs != want {
				t.Errorf("entryPaths(%q, %q, %q, %v): absolute path %q, want %q", tt.p, tt.abs, name, tt.isRoot, eabs, want)
			}
		}
	}
}
