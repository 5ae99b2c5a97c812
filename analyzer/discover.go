package analyzer

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Source is one input to lint.
type Source struct {
	// Path is the path shown to the user (relative to the working
	// directory where possible, slash-separated). It is also used to match
	// configuration globs.
	Path string
	// File is the path to read when Src is nil ("" for stdin).
	File string
	// Src is the content when it is already known (stdin); nil means read
	// File when the source is linted.
	Src []byte
}

// DiscoverOptions configures Discover.
type DiscoverOptions struct {
	// Include are basename globs of the files a directory walk lints;
	// default "*.lua". Files named explicitly are always linted.
	Include []string
	// Exclude reports whether a path met in a directory walk is excluded
	// by the configuration (Config.Excluded).
	Exclude func(path string) bool
	// Stdin is read for the path "-".
	Stdin io.Reader
	// StdinFilename is the path shown (and matched against globs) for
	// stdin; default "<stdin>".
	StdinFilename string
	// WorkDir is the directory paths are shown relative to; default the
	// working directory.
	WorkDir string
}

// vcsDirs are never walked into.
var vcsDirs = map[string]bool{".git": true, ".hg": true, ".svn": true}

// Discover expands the command-line paths into sources, sorted by path
// and without duplicates: a file is linted as named (whatever its name and
// even if ignored); a directory is walked recursively for Include files,
// skipping VCS directories, paths matched by .gitignore files (the walked
// directory's, those below it, and those of its parents up to the root of
// the enclosing git repository) and paths Exclude rejects; "-" is stdin.
// A path that does not exist or cannot be read is an error naming it.
func Discover(args []string, opts DiscoverOptions) ([]Source, error) {
	if len(opts.Include) == 0 {
		opts.Include = []string{"*.lua"}
	}
	wd := opts.WorkDir
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("discover files: %w", err)
		}
	}
	d := &discoverer{opts: opts, wd: wd, seen: map[string]bool{}}
	for _, arg := range args {
		if arg == "-" {
			if err := d.stdin(); err != nil {
				return nil, err
			}
			continue
		}
		st, err := os.Stat(arg)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", arg, unwrapPathError(err))
		}
		if st.IsDir() {
			if err := d.walk(arg); err != nil {
				return nil, err
			}
			continue
		}
		d.add(arg)
	}
	sort.Slice(d.out, func(i, j int) bool { return d.out[i].Path < d.out[j].Path })
	return d.out, nil
}

// unwrapPathError drops the *fs.PathError wrapper, whose text repeats the
// path the caller already names.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

type discoverer struct {
	opts DiscoverOptions
	wd   string
	seen map[string]bool
	out  []Source
}

func (d *discoverer) stdin() error {
	name := d.opts.StdinFilename
	if name == "" {
		name = "<stdin>"
	}
	if d.seen["-"] {
		return nil
	}
	d.seen["-"] = true
	r := d.opts.Stdin
	if r == nil {
		r = os.Stdin
	}
	src, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("read stdin: %w", err)
	}
	if src == nil {
		src = []byte{}
	}
	d.out = append(d.out, Source{Path: d.display(name), Src: src})
	return nil
}

// display returns p relative to the working directory, slash-separated.
func (d *discoverer) display(p string) string {
	if filepath.IsAbs(p) {
		if rel, err := filepath.Rel(d.wd, p); err == nil && !strings.HasPrefix(rel, "..") {
			p = rel
		}
	}
	return filepath.ToSlash(filepath.Clean(p))
}

func (d *discoverer) add(p string) {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	if d.seen[abs] {
		return
	}
	d.seen[abs] = true
	d.out = append(d.out, Source{Path: d.display(p), File: p})
}

func (d *discoverer) included(name string) bool {
	for _, g := range d.opts.Include {
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return false
}

func (d *discoverer) walk(root string) error {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return fmt.Errorf("%s: %w", root, err)
	}
	ign, err := parentIgnores(absRoot)
	if err != nil {
		return err
	}
	// stack holds the ignore rules in force for the directory being
	// walked: a directory's own .gitignore is pushed when it is entered.
	type frame struct {
		dir   string
		rules *ignoreFile
	}
	var stack []frame
	for _, f := range ign {
		stack = append(stack, frame{dir: f.dir, rules: f})
	}
	base := len(stack)
	ignored := func(abs string, isDir bool) bool {
		res := false
		for _, fr := range stack {
			if m, neg := fr.rules.match(abs, isDir); m {
				res = !neg
			}
		}
		return res
	}
	return filepath.WalkDir(root, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", p, unwrapPathError(err))
		}
		abs := filepath.Join(absRoot, mustRel(root, p))
		// Pop frames of directories we have left.
		for len(stack) > base && !within(abs, stack[len(stack)-1].dir) {
			stack = stack[:len(stack)-1]
		}
		isDir := de.IsDir()
		if de.Type()&fs.ModeSymlink != 0 {
			// Follow links to files, never to directories (loops).
			st, err := os.Stat(p)
			if err != nil || st.IsDir() {
				return nil //nolint:nilerr // a dangling link, like a link to a directory, is no file to lint: skip it, not the walk
			}
		}
		if p != root {
			if isDir && vcsDirs[de.Name()] {
				return fs.SkipDir
			}
			if ignored(abs, isDir) || (d.opts.Exclude != nil && d.opts.Exclude(p)) {
				if isDir {
					return fs.SkipDir
				}
				return nil
			}
		}
		if isDir {
			f, err := readIgnoreFile(abs)
			if err != nil {
				return err
			}
			if f != nil {
				stack = append(stack, frame{dir: abs, rules: f})
			}
			return nil
		}
		if d.included(de.Name()) {
			d.add(p)
		}
		return nil
	})
}

func mustRel(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return rel
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) || dir == string(filepath.Separator)
}

// parentIgnores returns the .gitignore files of the directories above
// root, up to the root of the git repository that contains root (none
// when root is not inside a repository), outermost first.
func parentIgnores(root string) ([]*ignoreFile, error) {
	var dirs []string
	found := false
	for dir := filepath.Dir(root); ; dir = filepath.Dir(dir) {
		dirs = append(dirs, dir)
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			found = true
			break
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	if _, err := os.Stat(filepath.Join(root, ".git")); err == nil || !found {
		return nil, nil
	}
	var out []*ignoreFile
	for i := len(dirs) - 1; i >= 0; i-- {
		f, err := readIgnoreFile(dirs[i])
		if err != nil {
			return nil, err
		}
		if f != nil {
			out = append(out, f)
		}
	}
	return out, nil
}

// ignoreFile is one parsed .gitignore.
type ignoreFile struct {
	dir      string
	patterns []ignorePattern
}

type ignorePattern struct {
	glob    string // doublestar pattern matched against the path relative to dir
	negate  bool
	dirOnly bool
}

// readIgnoreFile parses dir/.gitignore; nil when there is none.
func readIgnoreFile(dir string) (*ignoreFile, error) {
	p := filepath.Join(dir, ".gitignore")
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, unwrapPathError(err))
	}
	return parseIgnore(dir, data), nil
}

// parseIgnore reads gitignore syntax: comments, blank lines, "!" to
// re-include, a trailing "/" for directories only, a leading or middle "/"
// to anchor the pattern to dir (otherwise it matches at any depth), "**",
// and backslash escapes.
func parseIgnore(dir string, data []byte) *ignoreFile {
	f := &ignoreFile{dir: dir}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		// Trailing spaces are dropped unless escaped.
		for strings.HasSuffix(line, " ") && !strings.HasSuffix(line, `\ `) {
			line = line[:len(line)-1]
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var pat ignorePattern
		if strings.HasPrefix(line, "!") {
			pat.negate = true
			line = line[1:]
		} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
			line = line[1:]
		}
		if strings.HasSuffix(line, "/") {
			pat.dirOnly = true
			line = strings.TrimRight(line, "/")
		}
		if line == "" {
			continue
		}
		anchored := strings.Contains(line, "/")
		line = strings.TrimPrefix(line, "/")
		// doublestar treats {} as alternation; gitignore does not.
		line = strings.NewReplacer("{", `\{`, "}", `\}`).Replace(line)
		if !anchored && !strings.HasPrefix(line, "**/") {
			line = "**/" + line
		}
		if !doublestar.ValidatePattern(line) {
			continue
		}
		pat.glob = line
		f.patterns = append(f.patterns, pat)
	}
	return f
}

// match reports whether the last pattern of f matching abs matches, and
// whether that pattern is a negation.
func (f *ignoreFile) match(abs string, isDir bool) (matched, negate bool) {
	rel, err := filepath.Rel(f.dir, abs)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return false, false
	}
	rel = filepath.ToSlash(rel)
	for _, p := range f.patterns {
		if p.dirOnly && !isDir {
			continue
		}
		if doublestar.MatchUnvalidated(p.glob, rel) {
			matched, negate = true, p.negate
		}
	}
	return matched, negate
}

// binarySniffLen is how much of a file IsBinary looks at, as git does.
const binarySniffLen = 8000

// IsBinary reports whether src looks like a binary file rather than Lua
// source: precompiled Lua bytecode, or a NUL byte among many control
// bytes in the first 8000 bytes. Lua strings may legally hold raw NUL
// bytes, so one NUL alone does not make a file binary.
func IsBinary(src []byte) bool {
	if bytes.HasPrefix(src, []byte("\x1bLua")) {
		return true
	}
	head := src
	if len(head) > binarySniffLen {
		head = head[:binarySniffLen]
	}
	if bytes.IndexByte(head, 0) < 0 {
		return false
	}
	control := 0
	for _, b := range head {
		if b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != '\v' {
			control++
		}
	}
	// Text with a stray NUL has a handful of control bytes; binaries have
	// them everywhere.
	return control*100 > len(head)*5 || control >= 32
}
