package lint

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

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
	// Err, when set, is why the source cannot be linted, found by
	// discovery (a directory of the walk that cannot be listed, stdin
	// larger than the size limit): its result carries the error and
	// nothing is read.
	Err error
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
	// Skip, when set, is told about the Include files a walk found but
	// does not lint, and why: files that are not regular (a named pipe, a
	// device, a socket, or a link to one), which reading could block on
	// or never finish.
	Skip func(path, reason string)
	// MaxFileSize is the size limit of stdin, as Config.MaxFileSize is
	// the engine's for files (0: DefaultMaxFileSize).
	MaxFileSize int64

	// readDir lists a directory of the walk (nil: os.ReadDir); tests set
	// it to fail where permissions cannot (as root).
	readDir func(string) ([]fs.DirEntry, error)
}

// isVCSDir reports whether name is a version-control directory, which a
// walk never enters.
func isVCSDir(name string) bool { return name == ".git" || name == ".hg" || name == ".svn" }

// Discover expands the command-line paths into sources, sorted by path
// and without duplicates: a file is linted as named (whatever its name and
// even if ignored); a directory is walked recursively for Include files,
// skipping VCS directories, paths matched by .gitignore files (the walked
// directory's, those below it, and those of its parents up to the root of
// the enclosing git repository) and paths Exclude rejects; "-" is stdin.
// A path that does not exist or cannot be read is an error naming it; a
// directory below it that cannot be listed is a Source whose Err says so
// (the rest of the walk goes on).
func Discover(args []string, opts DiscoverOptions) ([]Source, error) {
	var out []Source
	if err := DiscoverFunc(args, opts, func(s Source) { out = append(out, s) }); err != nil {
		return nil, err
	}
	// A walk yields its files in order already; only several arguments
	// need the sort.
	if !slices.IsSortedFunc(out, compareSourcePaths) {
		slices.SortStableFunc(out, compareSourcePaths)
	}
	return out, nil
}

// DiscoverFunc finds the sources Discover returns and passes each to add
// as soon as it is found (so that linting can start during the walk): in
// the order found, which a stable sort by path turns into Discover's.
// With one argument, the order found is Discover's (a walk visits each
// directory's entries in the order their paths sort: see
// compareWalkOrder).
// When it returns an error, the sources added so far are not the whole
// input.
func DiscoverFunc(args []string, opts DiscoverOptions, add func(Source)) error {
	if len(opts.Include) == 0 {
		opts.Include = []string{"*.lua"}
	}
	// cwd resolves relative paths as filepath.Abs would, without its
	// os.Getwd (two stat calls) for every path.
	cwd, err := os.Getwd()
	if err != nil {
		return fmt.Errorf("discover files: %w", err)
	}
	wd := opts.WorkDir
	if wd == "" {
		wd = cwd
	}
	if opts.readDir == nil {
		opts.readDir = os.ReadDir
	}
	d := &discoverer{opts: opts, wd: wd, cwd: cwd, out: add}
	if len(args) > 1 {
		// One argument cannot name a file twice: a walk meets every path
		// once (links are added under their own path), so only several
		// arguments need the set of files seen.
		d.seen = map[string]bool{}
	}
	for _, arg := range args {
		if arg == "-" {
			if err := d.stdin(); err != nil {
				return err
			}
			continue
		}
		st, err := os.Stat(arg)
		if err != nil {
			return fmt.Errorf("%s: %w", arg, unwrapPathError(err))
		}
		if st.IsDir() {
			if err := d.walk(arg); err != nil {
				return err
			}
			continue
		}
		d.add(arg, d.abs(arg))
	}
	return nil
}

func compareSourcePaths(a, b Source) int { return strings.Compare(a.Path, b.Path) }

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
	// cwd is the process's working directory, which relative paths are
	// opened from.
	cwd string
	// seen holds the absolute paths of the files added, when there are
	// several arguments (nil otherwise: see DiscoverFunc).
	seen map[string]bool
	// out receives the sources found.
	out func(Source)
	// stack holds the ignore rules in force for the directory being
	// walked, outermost first: a directory's own .gitignore is pushed when
	// it is entered and popped when it is left.
	stack []*ignoreFile
}

// abs is filepath.Abs(p) against d.cwd.
func (d *discoverer) abs(p string) string {
	abs, err := absPath(func() (string, error) { return d.cwd, nil }, p)
	if err != nil {
		return p
	}
	return abs
}

func (d *discoverer) stdin() error {
	name := d.opts.StdinFilename
	if name == "" {
		name = "<stdin>"
	}
	if d.seen != nil {
		if d.seen["-"] {
			return nil
		}
		d.seen["-"] = true
	}
	r := d.opts.Stdin
	if r == nil {
		r = os.Stdin
	}
	limit := d.opts.MaxFileSize
	if limit <= 0 {
		limit = DefaultMaxFileSize
	}
	src, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return fmt.Errorf("read stdin: %w", err)
	}
	if int64(len(src)) > limit {
		d.out(Source{Path: d.display(name), Err: &FileTooLargeError{Size: -1, Limit: limit}})
		return nil
	}
	if src == nil {
		src = []byte{}
	}
	d.out(Source{Path: d.display(name), Src: src})
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

// add records the file at p (absolute path abs) unless it was seen.
func (d *discoverer) add(p, abs string) {
	d.addShown(p, abs, d.display(p))
}

// addShown is add for a file whose display path is known.
func (d *discoverer) addShown(p, abs, shown string) {
	if d.seen != nil {
		if d.seen[abs] {
			return
		}
		d.seen[abs] = true
	}
	d.out(Source{Path: shown, File: p})
}

func (d *discoverer) included(name string) bool {
	for _, g := range d.opts.Include {
		// "*.lua" and the like: a suffix test says the same as path.Match
		// (a name holds no separator) at a fraction of the cost.
		if rest, ok := strings.CutPrefix(g, "*"); ok && !strings.ContainsAny(rest, `*?[\`) {
			if strings.HasSuffix(name, rest) {
				return true
			}
			continue
		}
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return false
}

// ignored reports whether the ignore rules in force exclude abs: the last
// matching pattern decides, as in git.
func (d *discoverer) ignored(abs string, isDir bool) bool {
	res := false
	for _, f := range d.stack {
		if m, neg := f.match(abs, isDir); m {
			res = !neg
		}
	}
	return res
}

// walk lints the Include files below root, depth first in lexical order
// (as filepath.WalkDir visits them).
func (d *discoverer) walk(root string) error {
	// filepath.Abs against the working directory found once (Abs would
	// ask the system again: two stat calls).
	absRoot, err := absPath(func() (string, error) { return d.cwd, nil }, root)
	if err != nil {
		return fmt.Errorf("%s: %w", root, err)
	}
	ign, err := parentIgnores(absRoot)
	if err != nil {
		return err
	}
	d.stack = append(d.stack[:0], ign...)
	// A root named on the command line is followed even when it is a
	// link to a directory: the user asked for it, and one link can't
	// loop. Links met inside the tree are not followed (see dir).
	info, err := os.Stat(root)
	if err != nil {
		return fmt.Errorf("%s: %w", root, unwrapPathError(err))
	}
	if !info.IsDir() {
		return nil
	}
	return d.dir(root, absRoot, d.display(root), true)
}

// dir walks the directory p (absolute path abs, display path shown):
// depth first, in lexical order, as filepath.WalkDir visits the tree.
// isRoot is set for the root given on the command line, whose path may
// not be clean; the paths dir makes below it are.
func (d *discoverer) dir(p, abs, shown string, isRoot bool) error {
	entries, err := d.opts.readDir(p)
	if err != nil {
		// Reported as a file that cannot be read is: in the report, and
		// the rest of the tree is still linted. (Its .gitignore, if any,
		// cannot be read either: the listing's error is the cause.)
		// Below the root its path ends in a slash: it sorts where its
		// files would (after "dir.lua", which the walk meets first).
		if !isRoot && !strings.HasSuffix(shown, "/") {
			shown += "/"
		}
		d.out(Source{Path: shown, Err: fmt.Errorf("cannot read directory: %w", unwrapPathError(err))})
		return nil
	}
	// The listing says whether there is a .gitignore, which saves a
	// failed open in every directory without one.
	depth := len(d.stack)
	if _, found := slices.BinarySearchFunc(entries, ".gitignore", func(e fs.DirEntry, name string) int {
		return strings.Compare(e.Name(), name)
	}); found {
		f, err := readIgnoreFile(abs)
		if err != nil {
			return err
		}
		if f != nil {
			d.stack = append(d.stack, f)
		}
	}
	// Visit the entries in the order their paths sort (see
	// compareWalkOrder): the listing's order by name already, unless it
	// has a directory.
	if slices.ContainsFunc(entries, fs.DirEntry.IsDir) && !slices.IsSortedFunc(entries, compareWalkOrder) {
		slices.SortStableFunc(entries, compareWalkOrder)
	}
	for _, e := range entries {
		name := e.Name()
		// Below the root, p is clean (filepath.Join made it) and name a
		// plain name: joining them needs no cleaning pass, and the
		// display path is the directory's plus the name (what display
		// would make of ep, as TestDiscoverJoinShown checks).
		ep, eabs := entryPaths(p, abs, name, isRoot)
		eshown := d.shownEntry(shown, ep, name)
		isDir := e.IsDir()
		mode := e.Type()
		link := mode&fs.ModeSymlink != 0
		if link {
			// Follow links to files, never to directories (loops).
			st, err := os.Stat(ep)
			if err != nil || st.IsDir() {
				continue // a dangling link, like a link to a directory, is no file to lint
			}
			mode = st.Mode().Type()
		}
		regular := mode.IsRegular()
		if isDir && isVCSDir(name) {
			continue
		}
		if d.ignored(eabs, isDir) || (d.opts.Exclude != nil && d.opts.Exclude(ep)) {
			continue
		}
		if !isDir {
			switch {
			case !d.included(name):
			case regular:
				d.addShown(ep, eabs, eshown)
			case d.opts.Skip != nil:
				d.opts.Skip(eshown, specialFileKind(mode, link))
			}
			continue
		}
		if err := d.dir(ep, eabs, eshown, false); err != nil {
			return err
		}
	}
	d.stack = d.stack[:depth]
	return nil
}

// specialFileKind names a file type that is not regular, for the notice
// of a walk that skips it (link: the file was reached through a link).
func specialFileKind(mode fs.FileMode, link bool) string {
	kind := "special file"
	switch {
	case mode&fs.ModeNamedPipe != 0:
		kind = "named pipe"
	case mode&fs.ModeSocket != 0:
		kind = "socket"
	case mode&fs.ModeCharDevice != 0:
		kind = "character device"
	case mode&fs.ModeDevice != 0:
		kind = "device"
	}
	if link {
		return "link to a " + kind
	}
	return kind
}

// compareWalkOrder orders the entries of a directory so that a depth
// first walk adds its files sorted by path, as Discover returns them: by
// name, a directory's name followed by the separator its files' paths
// have there. A listing (sorted by name) puts the directory "a" before
// "a.lua" and "a-b.lua", whose paths sort before "a/x.lua" ('.' and '-'
// before '/'); with one argument the engine can then emit each result as
// soon as it and the files before it are done, without waiting for the
// walk to end (Engine.InOrder).
func compareWalkOrder(a, b fs.DirEntry) int {
	an, bn := a.Name(), b.Name()
	ad, bd := a.IsDir(), b.IsDir()
	if !ad && !bd {
		return strings.Compare(an, bn)
	}
	// Compare name+"/" for directories without building the strings.
	n := min(len(an), len(bn))
	if c := strings.Compare(an[:n], bn[:n]); c != 0 {
		return c
	}
	next := func(name string, dir bool) int {
		switch {
		case len(name) > n:
			return int(name[n])
		case dir:
			return '/'
		}
		return -1 // the name ends here
	}
	return cmp.Compare(next(an, ad), next(bn, bd))
}

// entryPaths returns the path and the absolute path of the entry name of
// the directory p (absolute path abs): filepath.Join(p, name) (joinClean
// below the root, where p is clean) and joinAbs(abs, name). When p is the
// tail of abs (the walk of a relative root inside the working directory,
// "scripts" in "/repo/scripts", or of an absolute root), the path is the
// tail of the absolute path, sharing its memory: one string allocated per
// file rather than two, where the collector does not run (the command
// line) fresh memory that costs page faults.
func entryPaths(p, abs, name string, isRoot bool) (ep, eabs string) {
	eabs = joinAbs(abs, name)
	const sep = string(filepath.Separator)
	switch {
	case isRoot && filepath.Clean(p) != p:
		return filepath.Join(p, name), eabs
	case p == "." || strings.HasSuffix(p, sep) || strings.HasSuffix(abs, sep):
		// joinClean allocates nothing for "." (the path is name), and
		// a root directory's path is rare.
	case p == abs:
		return eabs, eabs
	case len(abs) > len(p) && strings.HasSuffix(abs, p) && abs[len(abs)-len(p)-1] == filepath.Separator:
		return eabs[len(abs)-len(p):], eabs
	}
	return joinClean(p, name), eabs
}

// joinAbs is filepath.Join(dir, name) for a clean absolute dir and a
// plain name, without Join's cleaning pass.
func joinAbs(dir, name string) string {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return dir + name
	}
	return dir + string(filepath.Separator) + name
}

// joinClean is filepath.Join(dir, name) for a clean dir and a plain name
// (not "." or "..", without separators), which needs no cleaning pass.
func joinClean(dir, name string) string {
	switch {
	case dir == ".":
		return name
	case strings.HasSuffix(dir, string(filepath.Separator)):
		return dir + name
	}
	return dir + string(filepath.Separator) + name
}

// shownEntry returns the display path of the entry name, at path p, of a
// directory whose display path is dir: what display(p) returns, mostly
// without its cleaning pass or filepath.Rel.
func (d *discoverer) shownEntry(dir, p, name string) string {
	sep := "/"
	switch {
	case dir == ".":
		dir, sep = "", ""
	case strings.HasSuffix(dir, "/"):
		sep = ""
	}
	if strings.HasPrefix(dir, "..") || (dir == "" && strings.HasPrefix(name, "..")) {
		// display keeps the absolute path of an entry whose path
		// relative to the working directory starts with "..": let it
		// decide.
		return d.display(p)
	}
	// In a walk of a relative root (with '/' separators) the display
	// path is p itself: share its string rather than build an equal one.
	if n := len(dir) + len(sep); len(p) == n+len(name) && p[:len(dir)] == dir && p[len(dir):n] == sep && p[n:] == name {
		return p
	}
	return dir + sep + name
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
	// base is set for a pattern without a slash ("*.tmp", "build"), which
	// git matches against the last path element at any depth: glob is then
	// "**/" + base, and matching base against the last element alone gives
	// the same answer for less work.
	base string
	// match matches base against the last element when base is set, else
	// glob against the relative path.
	match globMatcher
}

// globMatcher is doublestar.MatchUnvalidated for one pattern, with
// shortcuts for the two shapes most ignore patterns have: a plain name or
// path ("build", "/bench/out") and "*" followed by a plain suffix
// ("*.tmp"). A walk matches every entry against every pattern in force,
// and doublestar's general matcher is most of discovery's own CPU time
// on a tree of small scripts. TestGlobMatcherOracle compares the
// shortcuts with doublestar on generated patterns and paths.
type globMatcher struct {
	pattern string
	kind    uint8
	// lit is the pattern for literal, the part after "*" for suffix.
	lit string
}

const (
	globGeneral uint8 = iota // doublestar decides
	globLiteral              // the pattern matches itself only
	globSuffix               // "*" + lit: any name without a slash ending in lit
)

// newGlobMatcher classifies pattern. The shortcuts are taken for ASCII
// patterns only: doublestar compares runes, and a byte that is not valid
// UTF-8 decodes to U+FFFD, which a byte comparison would not equal; an
// ASCII pattern byte can only ever equal the same byte.
func newGlobMatcher(pattern string) globMatcher {
	m := globMatcher{pattern: pattern}
	for i := range len(pattern) {
		if pattern[i] >= utf8.RuneSelf {
			return m
		}
	}
	const meta = `*?[]{}\`
	switch rest, ok := strings.CutPrefix(pattern, "*"); {
	case !strings.ContainsAny(pattern, meta):
		m.kind, m.lit = globLiteral, pattern
	case ok && !strings.ContainsAny(rest, meta+"/"):
		m.kind, m.lit = globSuffix, rest
	}
	return m
}

// matches reports whether s matches the pattern, as
// doublestar.MatchUnvalidated(pattern, s) does.
func (m *globMatcher) matches(s string) bool {
	switch m.kind {
	case globLiteral:
		return s == m.lit
	case globSuffix:
		// "*" matches any run of characters but the separator.
		return strings.HasSuffix(s, m.lit) && strings.IndexByte(s, '/') < 0
	}
	return doublestar.MatchUnvalidated(m.pattern, s)
}

// readIgnoreFile parses dir/.gitignore; nil when there is none.
func readIgnoreFile(dir string) (*ignoreFile, error) {
	p := filepath.Join(dir, ".gitignore")
	data, err := readSettingsFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, unwrapPathError(err))
	}
	return parseIgnore(dir, data), nil
}

// braceEscaper escapes the braces of a gitignore pattern for doublestar.
// (Built once: a Replacer is safe for concurrent use, and building one
// per pattern line cost more than the rest of the parse.)
var braceEscaper = strings.NewReplacer("{", `\{`, "}", `\}`)

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
		if strings.ContainsAny(line, "{}") {
			line = braceEscaper.Replace(line)
		}
		if !anchored && !strings.HasPrefix(line, "**/") {
			line = "**/" + line
		}
		if !doublestar.ValidatePattern(line) {
			continue
		}
		pat.glob = line
		if !anchored {
			pat.base = strings.TrimPrefix(line, "**/")
			pat.match = newGlobMatcher(pat.base)
		} else {
			pat.match = newGlobMatcher(pat.glob)
		}
		f.patterns = append(f.patterns, pat)
	}
	return f
}

// match reports whether the last pattern of f matching abs matches, and
// whether that pattern is a negation.
func (f *ignoreFile) match(abs string, isDir bool) (matched, negate bool) {
	rel, ok := relBelow(f.dir, abs)
	if !ok || strings.HasPrefix(rel, "..") {
		return false, false
	}
	rel = filepath.ToSlash(rel)
	base := rel[strings.LastIndexByte(rel, '/')+1:]
	for _, p := range f.patterns {
		if p.dirOnly && !isDir {
			continue
		}
		subject := rel
		if p.base != "" {
			subject = base
		}
		if p.match.matches(subject) {
			matched, negate = true, p.negate
		}
	}
	return matched, negate
}

// relBelow returns abs relative to dir when abs lies strictly below dir
// (both clean absolute paths): filepath.Rel for that case, without its
// allocations.
func relBelow(dir, abs string) (string, bool) {
	if !strings.HasPrefix(abs, dir) {
		return "", false
	}
	rest := abs[len(dir):]
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return rest, rest != ""
	}
	if len(rest) < 2 || rest[0] != filepath.Separator {
		return "", false
	}
	return rest[1:], true
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
