// Package gitdiff tells which lines of a git working tree are new since a
// revision: the lines `git diff --unified=0 REV` adds or changes, and
// every line of a file git does not track. It runs the git command.
package gitdiff

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Changes are the lines of a working tree that are new since a revision.
type Changes struct {
	// root is the repository's top directory, as git prints it.
	root string
	// resolvedRoot is root with symbolic links resolved.
	resolvedRoot string
	// tracked holds the files git tracks (its index), relative to root,
	// slash-separated.
	tracked map[string]bool
	// changed holds the new side's changed line ranges of each file the
	// diff names, relative to root.
	changed map[string][]lineRange
}

// lineRange is lines first to last, 1-based, inclusive.
type lineRange struct{ first, last int }

// Error is a failure to get the changes: not a repository, an unknown
// revision, no git.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// Since returns the lines of the working tree that holds dir that are new
// since revision rev (any revision git understands: a branch, a tag,
// origin/main, HEAD~3, a commit). Uncommitted changes count as new,
// staged or not.
func Since(ctx context.Context, dir, rev string) (*Changes, error) {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return nil, &Error{fmt.Sprintf("invalid revision %q", rev)}
	}
	top, err := git(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, &Error{fmt.Sprintf("%s is not in a git work tree (%v)", dir, err)}
	}
	c := &Changes{root: strings.TrimRight(string(top), "\r\n"), tracked: map[string]bool{}, changed: map[string][]lineRange{}}
	c.resolvedRoot = c.root
	if resolved, err := filepath.EvalSymlinks(c.root); err == nil {
		c.resolvedRoot = resolved
	}
	if _, err := git(ctx, c.root, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return nil, &Error{fmt.Sprintf("unknown revision %q in the repository at %s", rev, c.root)}
	}
	files, err := git(ctx, c.root, "ls-files", "-z")
	if err != nil {
		return nil, &Error{fmt.Sprintf("list the files of %s: %v", c.root, err)}
	}
	for _, f := range bytes.Split(files, []byte{0}) {
		if len(f) > 0 {
			c.tracked[string(f)] = true
		}
	}
	diff, err := git(ctx, c.root, "diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-textconv",
		"--find-renames", "--src-prefix=a/", "--dst-prefix=b/", rev, "--")
	if err != nil {
		return nil, &Error{fmt.Sprintf("diff since %s: %v", rev, err)}
	}
	if err := c.parseDiff(diff); err != nil {
		return nil, &Error{fmt.Sprintf("read the diff since %s: %v", rev, err)}
	}
	return c, nil
}

// Root returns the repository's top directory.
func (c *Changes) Root() string { return c.root }

// File is the changes of one file.
type File struct {
	// all is set when every line is new (a file git does not track).
	all    bool
	ranges []lineRange
}

// File returns the changes of the file at path (absolute, or relative to
// the current directory). A file outside the repository, or one git does
// not track, is new as a whole.
func (c *Changes) File(path string) File {
	rel, ok := c.rel(path)
	if !ok || !c.tracked[rel] {
		return File{all: true}
	}
	return File{ranges: c.changed[rel]}
}

// Changed reports whether 1-based line n of the file is new.
func (f File) Changed(n int) bool {
	if f.all {
		return true
	}
	for _, r := range f.ranges {
		if r.first <= n && n <= r.last {
			return true
		}
	}
	return false
}

// rel returns path relative to the repository's root, slash-separated,
// and whether it is inside it. Symbolic links are resolved, as git
// resolves them in the root it prints.
func (c *Changes) rel(path string) (string, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	if resolved, err := filepath.EvalSymlinks(abs); err == nil {
		abs = resolved
	} else if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(dir, filepath.Base(abs))
	}
	rel, err := filepath.Rel(c.resolvedRoot, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// parseDiff reads the output of git diff --unified=0: the "+++ b/path"
// header of each file and the "@@ -a,b +c,d @@" header of each hunk,
// skipping the hunk's b removed and d added lines (which may look like
// headers themselves).
func (c *Changes) parseDiff(diff []byte) error {
	sc := bufio.NewScanner(bytes.NewReader(diff))
	sc.Buffer(nil, 64<<20)
	file := ""
	skip := 0
	for sc.Scan() {
		line := sc.Text()
		if skip > 0 {
			if strings.HasPrefix(line, "+") || strings.HasPrefix(line, "-") {
				skip--
			}
			continue // "\ No newline at end of file" is not counted
		}
		switch {
		case strings.HasPrefix(line, "diff "):
			file = ""
		case strings.HasPrefix(line, "+++ "):
			// A name with a space ends in a tab; one with a tab or
			// another special character is quoted.
			name := strings.TrimSuffix(strings.TrimPrefix(line, "+++ "), "\t")
			if strings.HasPrefix(name, `"`) {
				unq, err := strconv.Unquote(name)
				if err != nil {
					return fmt.Errorf("file name %s: %w", name, err)
				}
				name = unq
			}
			file = ""
			if rest, ok := strings.CutPrefix(name, "b/"); ok {
				file = rest
			}
		case strings.HasPrefix(line, "@@ "):
			removed, first, added, err := parseHunk(line)
			if err != nil {
				return err
			}
			skip = removed + added
			if file != "" && added > 0 {
				c.changed[file] = append(c.changed[file], lineRange{first, first + added - 1})
			}
		}
	}
	return sc.Err()
}

// parseHunk reads "@@ -a[,b] +c[,d] @@ …": the number of lines removed
// (b), and the first line (c) and number (d) of the lines added.
func parseHunk(line string) (removed, first, added int, err error) {
	fields := strings.Fields(line)
	if len(fields) < 3 || !strings.HasPrefix(fields[1], "-") || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q", line)
	}
	_, removed, err = parseRange(fields[1][1:])
	if err == nil {
		first, added, err = parseRange(fields[2][1:])
	}
	if err != nil {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q: %w", line, err)
	}
	return removed, first, added, nil
}

// parseRange reads "start[,count]" (count 1 when left out).
func parseRange(s string) (start, count int, err error) {
	a, b, hasCount := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil {
		return 0, 0, err
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(b); err != nil {
			return 0, 0, err
		}
	}
	return start, count, nil
}

// git runs git with args in dir and returns its standard output; an
// error carries the first line of what git wrote to stderr.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-c", "core.quotePath=false"}, args...)...)
	cmd.Dir = dir
	// No pager, no prompt, no locks taken for a read-only look.
	cmd.Env = append(os.Environ(), "GIT_PAGER=cat", "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if errors.Is(err, exec.ErrNotFound) {
		return nil, errors.New("git is not installed (not found on PATH)")
	}
	if err != nil {
		msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		if msg == "" {
			return nil, fmt.Errorf("git %s: %w", args[0], err)
		}
		return nil, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out, nil
}
