package gitdiff

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// repo makes a git repository in a temporary directory with files
// committed, and returns its path.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	write(t, dir, files)
	run(t, dir, "add", "-A")
	run(t, dir, "commit", "-q", "-m", "base")
	return dir
}

func run(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// changedLines lists the lines 1..n of file that Changes calls new.
func changedLines(c *Changes, file string, n int) []int {
	f := c.File(file)
	var out []int
	for i := 1; i <= n; i++ {
		if f.Changed(i) {
			out = append(out, i)
		}
	}
	return out
}

func TestSince(t *testing.T) {
	dir := repo(t, map[string]string{
		"a.lua":               "l1\nl2\nl3\nl4\n",
		"sub/b.lua":           "b1\nb2\nb3\n",
		"same.lua":            "s1\n",
		"odd name é.lua":      "o1\no2\n",
		"tab\t\"quoted\".lua": "q1\n",
		"moved/old.lua":       "m1\nm2\nm3\nm4\nm5\nm6\nm7\nm8\n",
		"deleted/gone.lua":    "g1\n",
		".gitignore":          "ignored.lua\n",
	})
	write(t, dir, map[string]string{
		// A line added above, one changed, one removed.
		"a.lua": "new\nl1\nL2\nl4\n",
		// Added lines that look like diff headers.
		"sub/b.lua":           "b1\n++ b/same.lua\n@@ -1 +1 @@\nb2\nb3\n--- a/x\n",
		"odd name é.lua":      "o1\nO2\n",
		"tab\t\"quoted\".lua": "q0\nq1\n",
		"untracked.lua":       "u1\nu2\n",
		"ignored.lua":         "i1\n",
	})
	if err := os.Remove(filepath.Join(dir, "deleted", "gone.lua")); err != nil {
		t.Fatal(err)
	}
	// A staged new file, and a file moved with git mv and edited.
	write(t, dir, map[string]string{"staged.lua": "n1\n"})
	run(t, dir, "add", "staged.lua")
	run(t, dir, "mv", "moved/old.lua", "moved/new.lua")
	write(t, dir, map[string]string{"moved/new.lua": "m1\nm2\nm3\nm4\nM5\nm6\nm7\nm8\n"})

	c, err := Since(t.Context(), filepath.Join(dir, "sub"), "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		file  string
		lines int
		want  []int
	}{
		{"a.lua", 4, []int{1, 3}},
		{"sub/b.lua", 6, []int{2, 3, 6}},
		{"same.lua", 1, nil},
		{"odd name é.lua", 2, []int{2}},
		{"tab\t\"quoted\".lua", 2, []int{1}},
		{"untracked.lua", 2, []int{1, 2}},
		{"ignored.lua", 1, []int{1}}, // not tracked: new, though ignored
		{"staged.lua", 1, []int{1}},
		{"moved/new.lua", 8, []int{5}}, // a rename: only the edited line is new
		{"../outside.lua", 1, []int{1}},
	} {
		got := changedLines(c, filepath.Join(dir, tt.file), tt.lines)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: new lines %v, want %v", tt.file, got, tt.want)
		}
	}

	// Relative paths are taken from the current directory.
	t.Chdir(dir)
	if got := changedLines(c, "a.lua", 4); !slices.Equal(got, []int{1, 3}) {
		t.Errorf("a.lua by a relative path: new lines %v", got)
	}
	// Through a symbolic link to the repository.
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err == nil {
		if got := changedLines(c, filepath.Join(link, "a.lua"), 4); !slices.Equal(got, []int{1, 3}) {
			t.Errorf("a.lua through a link: new lines %v", got)
		}
	}
}

// TestSinceCommits checks a revision further back than HEAD: committed
// changes since it are new too.
func TestSinceCommits(t *testing.T) {
	dir := repo(t, map[string]string{"a.lua": "l1\nl2\n"})
	write(t, dir, map[string]string{"a.lua": "l1\nl2\nl3\n"})
	run(t, dir, "commit", "-qam", "two")
	for rev, want := range map[string][]int{"HEAD": nil, "HEAD~1": {3}, "main~1": {3}} {
		c, err := Since(t.Context(), dir, rev)
		if err != nil {
			t.Fatalf("%s: %v", rev, err)
		}
		if got := changedLines(c, filepath.Join(dir, "a.lua"), 3); !slices.Equal(got, want) {
			t.Errorf("since %s: new lines %v, want %v", rev, got, want)
		}
	}
}

func TestSinceErrors(t *testing.T) {
	dir := repo(t, map[string]string{"a.lua": "x\n"})
	plain := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", filepath.Dir(plain))
	for _, tt := range []struct {
		name, dir, rev, want string
	}{
		{"unknown revision", dir, "no-such-branch", `unknown revision "no-such-branch"`},
		{"a tree, not a commit", dir, "HEAD^{tree}", "unknown revision"},
		{"an option", dir, "--output=x", `invalid revision "--output=x"`},
		{"empty", dir, "", `invalid revision ""`},
		{"not a repository", plain, "HEAD", "is not in a git work tree"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Since(t.Context(), tt.dir, tt.rev)
			var gerr *Error
			if !errors.As(err, &gerr) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want an *Error containing %q", err, tt.want)
			}
		})
	}
}

func TestParseHunk(t *testing.T) {
	for _, tt := range []struct {
		line                  string
		removed, first, added int
		bad                   bool
	}{
		{line: "@@ -3 +3 @@", removed: 1, first: 3, added: 1},
		{line: "@@ -3,0 +4,2 @@ func", removed: 0, first: 4, added: 2},
		{line: "@@ -5,2 +4,0 @@", removed: 2, first: 4, added: 0},
		{line: "@@ -x +1 @@", bad: true},
		{line: "@@", bad: true},
	} {
		removed, first, added, err := parseHunk(tt.line)
		if (err != nil) != tt.bad || !tt.bad && (removed != tt.removed || first != tt.first || added != tt.added) {
			t.Errorf("parseHunk(%q) = %d, %d, %d, %v", tt.line, removed, first, added, err)
		}
	}
}
