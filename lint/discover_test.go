package lint

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
)

// writeTree creates files (path → content) under dir.
func writeDiscoverTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func sourcePaths(srcs []Source) []string {
	var out []string
	for _, s := range srcs {
		out = append(out, s.Path)
	}
	return out
}

func TestDiscoverWalk(t *testing.T) {
	dir := t.TempDir()
	writeDiscoverTree(t, dir, map[string]string{
		".gitignore":               "# build output\nbuild/\n*.gen.lua\n!keep.gen.lua\n",
		"a.lua":                    "",
		"b.txt":                    "",
		"build/x.lua":              "",
		"x.gen.lua":                "",
		"keep.gen.lua":             "",
		".hidden/h.lua":            "",
		".git/hooks/g.lua":         "",
		"vendor/v.lua":             "",
		"sub/.gitignore":           "local.lua\n/anchored.lua\n",
		"sub/local.lua":            "",
		"sub/anchored.lua":         "",
		"sub/deep/anchored.lua":    "",
		"sub/deep/local.lua":       "",
		"sub/deep2/.gitignore":     "!local.lua\n",
		"sub/deep2/local.lua":      "",
		"sub/deep2/other.lua":      "",
		"sub/only-dirs/.gitignore": "tmp/\n",
		"sub/only-dirs/tmp":        "", // a file named tmp: not a directory, so not ignored (and not *.lua)
		"sub/only-dirs/tmp.lua":    "",
		"sub/brace{x}.lua":         "",
	})
	// Discover resolves relative paths against the working directory.
	t.Chdir(dir)
	srcs, err := Discover([]string{"."}, DiscoverOptions{Exclude: func(p string) bool { return filepath.ToSlash(filepath.Clean(p)) == "vendor" }})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		".hidden/h.lua",
		"a.lua",
		"keep.gen.lua",
		"sub/brace{x}.lua",
		"sub/deep/anchored.lua",
		"sub/deep2/local.lua",
		"sub/deep2/other.lua",
		"sub/only-dirs/tmp.lua",
	}
	if got := sourcePaths(srcs); !reflect.DeepEqual(got, want) {
		t.Errorf("walk found\n  %q\nwant\n  %q", got, want)
	}
	for _, s := range srcs {
		if s.File == "" || s.Src != nil {
			t.Errorf("%s: File %q, Src %v: want a file to read lazily", s.Path, s.File, s.Src)
		}
	}
}

func TestDiscoverExplicitAndDedupe(t *testing.T) {
	dir := t.TempDir()
	writeDiscoverTree(t, dir, map[string]string{
		".gitignore":  "build/\n",
		"a.lua":       "",
		"notes.txt":   "",
		"build/x.lua": "",
	})
	t.Chdir(dir)
	srcs, err := Discover([]string{"build/x.lua", "notes.txt", ".", "a.lua", filepath.Join(dir, "a.lua")}, DiscoverOptions{
		Exclude: func(string) bool { return true }, // explicit files are linted even when excluded
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sourcePaths(srcs), []string{"a.lua", "build/x.lua", "notes.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDiscoverParentGitignore(t *testing.T) {
	dir := t.TempDir()
	writeDiscoverTree(t, dir, map[string]string{
		".git/HEAD":         "",
		".gitignore":        "*.gen.lua\n",
		"scripts/a.lua":     "",
		"scripts/b.gen.lua": "",
	})
	t.Chdir(filepath.Join(dir, "scripts"))
	srcs, err := Discover([]string{"."}, DiscoverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sourcePaths(srcs), []string{"a.lua"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q (the repository root's .gitignore applies)", got, want)
	}
}

func TestDiscoverStdinAndErrors(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	srcs, err := Discover([]string{"-"}, DiscoverOptions{Stdin: strings.NewReader("return 1\n"), StdinFilename: "scripts/x.lua"})
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) != 1 || srcs[0].Path != "scripts/x.lua" || string(srcs[0].Src) != "return 1\n" {
		t.Errorf("stdin source = %+v", srcs)
	}
	srcs, err = Discover([]string{"-"}, DiscoverOptions{Stdin: strings.NewReader("")})
	if err != nil || len(srcs) != 1 || srcs[0].Path != "<stdin>" || srcs[0].Src == nil {
		t.Errorf("empty stdin = %+v, %v", srcs, err)
	}

	_, err = Discover([]string{"missing.lua"}, DiscoverOptions{})
	if err == nil || !strings.Contains(err.Error(), "missing.lua") {
		t.Errorf("missing path error = %v, want one naming missing.lua", err)
	}
}

// TestDiscoverUnreadableDir: a directory of the walk that cannot be
// listed is a source carrying the error (reported like a file that cannot
// be read), and the rest of the tree is still found.
func TestDiscoverUnreadableDir(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("permissions are not enforced for root (TestDiscoverDirListingFails covers the behaviour)")
	}
	dir := t.TempDir()
	writeDiscoverTree(t, dir, map[string]string{"locked/a.lua": "", "open/b.lua": ""})
	locked := filepath.Join(dir, "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Restore the mode, or t.TempDir cannot remove the tree.
		if err := os.Chmod(locked, 0o755); err != nil {
			t.Errorf("restore mode of %s: %v", locked, err)
		}
	})
	t.Chdir(dir)
	srcs, err := Discover([]string{"."}, DiscoverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkDirErrorSources(t, srcs, "locked/", "permission denied", "open/b.lua")
}

// TestDiscoverDirListingFails is TestDiscoverUnreadableDir with the
// listing failing by injection (root reads any directory), the root
// directory included.
func TestDiscoverDirListingFails(t *testing.T) {
	dir := t.TempDir()
	writeDiscoverTree(t, dir, map[string]string{"locked/a.lua": "", "open/b.lua": "", "locked/.gitignore": "x\n"})
	t.Chdir(dir)
	failing := func(name string) func(string) ([]fs.DirEntry, error) {
		return func(p string) ([]fs.DirEntry, error) {
			if filepath.Base(p) == name {
				return nil, &fs.PathError{Op: "open", Path: p, Err: syscall.EACCES}
			}
			return os.ReadDir(p)
		}
	}
	srcs, err := Discover([]string{"."}, DiscoverOptions{readDir: failing("locked")})
	if err != nil {
		t.Fatal(err)
	}
	checkDirErrorSources(t, srcs, "locked/", "permission denied", "open/b.lua")
	srcs, err = Discover([]string{"locked"}, DiscoverOptions{readDir: failing("locked")})
	if err != nil {
		t.Fatal(err)
	}
	checkDirErrorSources(t, srcs, "locked", "permission denied")
}

// checkDirErrorSources checks that srcs are one source for the directory
// dir with an error containing cause (and not naming a .gitignore), and
// the files others.
func checkDirErrorSources(t *testing.T, srcs []Source, dir, cause string, others ...string) {
	t.Helper()
	var files []string
	found := false
	for _, s := range srcs {
		if s.Path != dir {
			files = append(files, s.Path)
			continue
		}
		found = true
		if s.Err == nil || !strings.Contains(s.Err.Error(), cause) || !strings.Contains(s.Err.Error(), "cannot read directory") || strings.Contains(s.Err.Error(), ".gitignore") {
			t.Errorf("%s: error %v, want \"cannot read directory: %s\"", dir, s.Err, cause)
		}
	}
	if !found {
		t.Errorf("no source for the unreadable directory %s in %v", dir, srcs)
	}
	if !slices.Equal(files, others) {
		t.Errorf("other sources %q, want %q", files, others)
	}
}

func TestIsBinary(t *testing.T) {
	big := make([]byte, 4000)
	for i := range big {
		big[i] = byte(i % 7)
	}
	for _, tt := range []struct {
		name string
		src  string
		want bool
	}{
		{"lua", "return 1\n", false},
		{"nul in a string", "local s = \"a\x00b\"\nreturn s\n", false},
		{"bytecode", "\x1bLuaQ\x00\x01\x04", true},
		{"binary", string(big), true},
		{"empty", "", false},
	} {
		if got := IsBinary([]byte(tt.src)); got != tt.want {
			t.Errorf("%s: IsBinary = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// BenchmarkDiscover walks a tree shaped like bench/run.sh's corpus: 1,100
// scripts in 23 services of two directories each, below a .gitignore.
func BenchmarkDiscover(b *testing.B) {
	dir := b.TempDir()
	files := map[string]string{".gitignore": "# build outputs\n/build/\n*.tmp.lua\nnode_modules/\n"}
	for i := range 1100 {
		kind := "scripts"
		if i%10 == 0 {
			kind = "functions"
		}
		files[fmt.Sprintf("service%02d/%s/script_%04d.lua", i%23, kind, i)] = ""
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.Chdir(dir)
	cfg := DefaultConfig(dir)
	b.ResetTimer()
	for b.Loop() {
		srcs, err := Discover([]string{"."}, DiscoverOptions{Exclude: cfg.Excluded})
		if err != nil || len(srcs) != 1100 {
			b.Fatalf("Discover: %d sources, %v", len(srcs), err)
		}
	}
}

func TestDiscoverIncluded(t *testing.T) {
	tests := []struct {
		include []string
		name    string
		want    bool
	}{
		{[]string{"*.lua"}, "a.lua", true},
		{[]string{"*.lua"}, ".lua", true},
		{[]string{"*.lua"}, "a.lua.txt", false},
		{[]string{"*.lua"}, "a.LUA", false},
		{[]string{"*.txt", "*.lua"}, "a.lua", true},
		{[]string{"s*.lua"}, "s1.lua", true},
		{[]string{"s*.lua"}, "t1.lua", false},
		{[]string{"*.[lt]ua"}, "a.tua", true},
		{[]string{"*\\*"}, "a*", true},
		{[]string{"*\\*"}, "ab", false},
	}
	for _, tt := range tests {
		d := &discoverer{opts: DiscoverOptions{Include: tt.include}}
		if got := d.included(tt.name); got != tt.want {
			t.Errorf("included(%q) with %q = %v, want %v", tt.name, tt.include, got, tt.want)
		}
	}
}

// TestIgnoreBaseMatchesGlob checks the shortcut of ignoreFile.match: a
// pattern without a slash, matched against the last path element, agrees
// with its "**/" glob matched against the whole relative path.
func TestIgnoreBaseMatchesGlob(t *testing.T) {
	f := parseIgnore("/r", []byte("*.tmp.lua\nbuild\nnode_modules/\n**\n*\n?.lua\n[ab]*.lua\nbrace{x}.lua\n\\#x\n!keep*.lua\nfoo**bar\n"))
	paths := []string{"a.lua", "x.tmp.lua", "d/x.tmp.lua", "d/e/build", "build/a.lua", "node_modules", "a/node_modules",
		"b.lua", "d/b.lua", "ab.lua", "brace{x}.lua", "d/brace{x}.lua", "#x", "d/#x", "keep1.lua", "d/keep1.lua", "foozbar", "d/fooXbar"}
	checked := 0
	for _, p := range f.patterns {
		if p.base == "" {
			continue
		}
		for _, rel := range paths {
			base := rel[strings.LastIndexByte(rel, '/')+1:]
			if got, want := doublestar.MatchUnvalidated(p.base, base), doublestar.MatchUnvalidated(p.glob, rel); got != want {
				t.Errorf("pattern %q on %q: base match %v, glob match %v", p.glob, rel, got, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no pattern took the shortcut")
	}
}

// A directory named on the command line is walked even when it is a link;
// links to directories met inside the tree are not followed (they could
// loop), links to files are.
func TestDiscoverSymlinks(t *testing.T) {
	dir := t.TempDir()
	writeDiscoverTree(t, dir, map[string]string{
		"real/a.lua":      "",
		"real/sub/b.lua":  "",
		"other/c.lua":     "",
		"other/d.lua":     "",
		"outside/out.lua": "",
	})
	links := map[string]string{
		"link":              "real",           // the root given on the command line
		"real/loop":         "..",             // a directory link inside the tree: not followed
		"real/other":        "../other",       // likewise
		"real/file.lua":     "../other/d.lua", // a file link inside the tree: followed
		"real/dangling.lua": "../missing.lua",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, filepath.FromSlash(name))); err != nil {
			t.Skipf("symlinks not supported here: %v", err)
		}
	}
	t.Chdir(dir)
	srcs, err := Discover([]string{"link"}, DiscoverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"link/a.lua", "link/file.lua", "link/sub/b.lua"}
	if got := sourcePaths(srcs); !reflect.DeepEqual(got, want) {
		t.Errorf("walking a linked directory found\n  %q\nwant\n  %q", got, want)
	}
}

// TestDiscoverFuncOrder checks that DiscoverFunc passes the sources of
// one argument in Discover's order (sorted by path: a walk visits "a.lua"
// and "a-b.lua" before the directory "a", whose paths sort after them,
// and an unlistable directory where its files would be), which the engine
// relies on to emit results during the walk (Engine.InOrder); and that a
// failing argument after a walk returns the error with the walked files
// already added.
func TestDiscoverFuncOrder(t *testing.T) {
	dir := t.TempDir()
	writeDiscoverTree(t, dir, map[string]string{
		"a/x.lua": "", "a.lua": "", "a-b.lua": "", "a0.lua": "", "ab/y.lua": "", "a/b/z.lua": "", "a/b.lua": "",
		"b/c/d.lua": "", "b.lua": "", "b-c/e.lua": "", "locked/f.lua": "", "locked.lua": "", "locked-x.lua": "",
	})
	t.Chdir(dir)
	readDir := func(p string) ([]fs.DirEntry, error) {
		if filepath.Base(p) == "locked" {
			return nil, &fs.PathError{Op: "open", Path: p, Err: syscall.EACCES}
		}
		return os.ReadDir(p)
	}
	var found []Source
	if err := DiscoverFunc([]string{"."}, DiscoverOptions{readDir: readDir}, func(s Source) { found = append(found, s) }); err != nil {
		t.Fatal(err)
	}
	want := []string{"a-b.lua", "a.lua", "a/b.lua", "a/b/z.lua", "a/x.lua", "a0.lua", "ab/y.lua", "b-c/e.lua", "b.lua", "b/c/d.lua", "locked-x.lua", "locked.lua", "locked/"}
	if got := sourcePaths(found); !reflect.DeepEqual(got, want) {
		t.Errorf("found %q, want %q", got, want)
	}
	if !slices.IsSortedFunc(found, compareSourcePaths) {
		t.Errorf("found out of path order: %q", sourcePaths(found))
	}
	srcs, err := Discover([]string{"."}, DiscoverOptions{readDir: readDir})
	if err != nil {
		t.Fatal(err)
	}
	if got := sourcePaths(srcs); !reflect.DeepEqual(got, want) {
		t.Errorf("Discover = %q, want %q", got, want)
	}

	found = nil
	err = DiscoverFunc([]string{"a", "missing.lua"}, DiscoverOptions{}, func(s Source) { found = append(found, s) })
	if err == nil || !strings.HasPrefix(err.Error(), "missing.lua: ") {
		t.Errorf("err = %v, want one naming missing.lua", err)
	}
	if got := sourcePaths(found); !reflect.DeepEqual(got, []string{"a/b.lua", "a/b/z.lua", "a/x.lua"}) {
		t.Errorf("found before the error: %q", got)
	}
}

// TestGlobMatcherOracle checks globMatcher's shortcuts against
// doublestar.MatchUnvalidated on generated patterns and paths: every
// valid pattern up to five characters over an alphabet of plain and
// special characters (multi-byte and U+FFFD included), against paths that
// add separators, invalid UTF-8 and what the patterns spell.
func TestGlobMatcherOracle(t *testing.T) {
	const alphabet = "a.b*?[]/\\{},-!é\uFFFD"
	chars := []string{}
	for _, r := range alphabet {
		chars = append(chars, string(r))
	}
	var patterns []string
	var grow func(prefix string, n int)
	grow = func(prefix string, n int) {
		patterns = append(patterns, prefix)
		if n == 0 {
			return
		}
		for _, c := range chars {
			grow(prefix+c, n-1)
		}
	}
	grow("", 4)
	patterns = append(patterns, "*.tmp.lua", "*.test", "build", "bench/out", "node_modules", "*", "**", "a/*.lua", "*.lua", "*a*", "\\*x")
	subjects := []string{"", "a", "b", "ab", "a.b", ".b", "a/b", "a.b/a", "x.tmp.lua", "a.tmp.lua/b", "build", "build/x",
		"bench/out", "bench/out/corpus", "node_modules", "é", "aé", "\uFFFD", "a\xff", "\xff", "\xe2\x82b", "*", "a*", "?", "[", "\\", "{", "a,b", "-", "!a"}
	shortcuts := 0
	for _, p := range patterns {
		if !doublestar.ValidatePattern(p) {
			continue
		}
		m := newGlobMatcher(p)
		if m.kind != globGeneral {
			shortcuts++
		}
		for _, s := range append(subjects, p, p+"x", "x"+p, "d/"+p) {
			if got, want := m.matches(s), doublestar.MatchUnvalidated(p, s); got != want {
				t.Errorf("pattern %q (kind %d) on %q: %v, doublestar says %v", p, m.kind, s, got, want)
			}
		}
	}
	if shortcuts < 100 {
		t.Fatalf("only %d patterns took a shortcut", shortcuts)
	}
}

// TestDiscoverJoinShown checks the walk's shortcuts for the paths of a
// directory's entries against what they replace: joinClean (below the
// root) against filepath.Join, and joinShown against display of the
// entry's path, for roots of every shape, two levels deep.
func TestDiscoverJoinShown(t *testing.T) {
	wd := filepath.FromSlash("/work/repo")
	d := &discoverer{wd: wd, cwd: wd}
	roots := []string{".", "./", "..", "../other", "scripts", "scripts/", "./scripts//lib", "a/../b", "a/./b/",
		wd, wd + string(filepath.Separator), filepath.Join(wd, "sub"), filepath.Dir(wd), filepath.FromSlash("/elsewhere/x"),
		string(filepath.Separator), filepath.Join(wd, "..foo")}
	names := []string{"a.lua", "sub", "..x", ".hidden", "b c"}
	for _, root := range roots {
		for _, n1 := range names {
			p1 := filepath.Join(root, n1) // the root level joins with filepath.Join
			shown1 := d.shownEntry(d.display(root), p1, n1)
			if want := d.display(p1); shown1 != want {
				t.Errorf("root %q, entry %q: shown %q, display gives %q", root, n1, shown1, want)
			}
			for _, n2 := range names {
				p2 := joinClean(p1, n2)
				if want := filepath.Join(p1, n2); p2 != want {
					t.Errorf("joinClean(%q, %q) = %q, want %q", p1, n2, p2, want)
				}
				if got, want := d.shownEntry(shown1, p2, n2), d.display(p2); got != want {
					t.Errorf("root %q, entry %q/%q: shown %q, display gives %q", root, n1, n2, got, want)
				}
			}
		}
	}
}
