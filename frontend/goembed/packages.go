package goembed

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// IsGoPattern reports whether a command-line argument names Go code
// rather than Lua files: a package pattern ending in "..." (./..., ./cmd/...)
// or a .go file.
func IsGoPattern(arg string) bool {
	return strings.HasSuffix(arg, "...") || strings.HasSuffix(arg, ".go")
}

// LoadOptions configure CheckPackages.
type LoadOptions struct {
	// Dir is the directory the patterns are resolved in and the go
	// command runs in.
	Dir string
	// Display turns an absolute file name into the path to show (nil: as
	// is).
	Display func(string) string
	// Types makes .go files named alone load like packages: with the go
	// command, type-checked with their imports, so that the call-site
	// rules run on them. By default they are read from their syntax,
	// each directory's files on their own, without running the go
	// command (quick, for pre-commit).
	Types bool
	// Offline runs the go command so that it downloads nothing and runs
	// no other toolchain than the one on PATH (see GoEnv), for
	// repositories that are not trusted.
	Offline bool
	// Env is the environment of the go command; nil means the process's.
	Env []string
}

// PackagesResult is what CheckPackages found.
type PackagesResult struct {
	// Files are one result per Go file holding a script or a checked
	// call, sorted by path, with spans as byte offsets into the Go file.
	Files []lint.FileResult
	// Notices are one-line messages about code read with less than its
	// types (a package that does not type-check, files read from their
	// syntax alone): what was done instead and which checks were skipped.
	Notices []string
	// Stats measure the run.
	Stats LoadStats
}

// LoadStats are the measurements of a CheckPackages run.
type LoadStats struct {
	// Load is the wall time spent loading packages: the go command
	// (go list, and compiling the export data of dependencies), parsing
	// and type-checking. Check is the time spent finding and linting the
	// scripts.
	Load, Check time.Duration
	// Packages and GoFiles are how many packages and Go files were read
	// (test variants of a package count once; a file in several variants
	// once); Scripts how many scripts were linted.
	Packages, GoFiles, Scripts int
}

// GoEnv returns the environment for the go command: base (nil: the
// process's) and, when offline, the settings that make it download
// nothing and run nothing but the local toolchain: GOPROXY=off (no module
// download, from a proxy or a version-control system), GOTOOLCHAIN=local
// (no switch to the toolchain a go.mod asks for), CGO_ENABLED=0 (no C
// compiler run on the repository's cgo files), and GOFLAGS without a -mod
// flag (so the go command may not rewrite go.mod: -mod=readonly, or
// vendor when the module vendors its dependencies). GOFLAGS set with `go
// env -w` counts too (read with `go env GOFLAGS` when the environment has
// none): a GOFLAGS in the environment replaces it, but only when not
// empty, so an empty result is given as -modcacherw, which changes nothing
// when nothing is downloaded.
func GoEnv(base []string, offline bool) []string {
	if !offline {
		return base
	}
	if base == nil {
		base = os.Environ()
	}
	env := make([]string, 0, len(base)+4)
	goflags := ""
	for _, kv := range base {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			goflags = v
			continue
		}
		env = append(env, kv)
	}
	if strings.TrimSpace(goflags) == "" {
		cmd := exec.Command("go", "env", "GOFLAGS")
		cmd.Env = base
		if out, err := cmd.Output(); err == nil {
			goflags = strings.TrimSpace(string(out))
		}
	}
	var keep []string
	for _, f := range strings.Fields(goflags) {
		if !strings.HasPrefix(f, "-mod=") && !strings.HasPrefix(f, "--mod=") {
			keep = append(keep, f)
		}
	}
	if len(keep) == 0 {
		keep = []string{"-modcacherw"}
	}
	// Later entries win over earlier ones (os/exec).
	return append(env, "GOFLAGS="+strings.Join(keep, " "), "GOPROXY=off", "GOTOOLCHAIN=local", "CGO_ENABLED=0")
}

// CheckPackages lints the Lua scripts embedded in the Go code patterns
// name: package patterns (go list syntax, resolved in opts.Dir, test files
// included), loaded as go vet loads them (the packages named type-checked
// from their syntax, their dependencies' types read from export data),
// and .go files (read from their syntax alone unless opts.Types). A
// package that does not type-check, or whose dependencies are missing, is
// still linted from what could be read (see Input.Partial), with a notice
// saying so; when the go command fails altogether, the .go files under the
// patterns' directories are read from their syntax. The error reports
// what could not be read at all: a file that cannot be read, a pattern
// with no Go file to read.
func CheckPackages(ctx context.Context, eng *lint.Engine, patterns []string, opts LoadOptions) (*PackagesResult, error) {
	col := &collector{eng: eng, opts: opts, byFile: map[string]*lint.FileResult{}, checked: map[string]bool{}, seen: map[string]bool{}, pkgs: map[string]bool{}}
	if col.opts.Display == nil {
		col.opts.Display = func(s string) string { return s }
	}
	var files, pats []string
	for _, p := range patterns {
		if strings.HasSuffix(p, ".go") {
			files = append(files, p)
		} else {
			pats = append(pats, p)
		}
	}
	if len(files) > 0 {
		if opts.Types {
			// The go command takes either patterns or the .go files of one
			// directory: load each directory's files on their own.
			for _, g := range groupByDir(files) {
				col.load(ctx, g)
			}
		} else if n := col.syntaxFiles(files); n > 0 {
			col.notice(fmt.Sprintf("%s in Go files read without types (no --go-types): %s need types and were skipped for them",
				plural(n, "script call"), strings.Join(TypedRuleIDs, ", ")))
		}
	}
	if len(pats) > 0 {
		col.load(ctx, pats)
	}
	out := &PackagesResult{Notices: col.notices, Stats: col.stats}
	out.Stats.Packages = len(col.pkgs)
	out.Stats.GoFiles = len(col.checked)
	out.Files = make([]lint.FileResult, 0, len(col.byFile))
	for _, fr := range col.byFile {
		fr.Diagnostics = analyzer.SortDiagnostics(fr.Diagnostics)
		out.Files = append(out.Files, *fr)
	}
	sort.Slice(out.Files, func(i, j int) bool { return out.Files[i].Path < out.Files[j].Path })
	return out, errors.Join(col.errs...)
}

// groupByDir groups .go files by directory, in the order of their first
// appearance.
func groupByDir(files []string) [][]string {
	var groups [][]string
	byDir := map[string]int{}
	for _, p := range files {
		d := filepath.Dir(p)
		i, ok := byDir[d]
		if !ok {
			i = len(groups)
			byDir[d] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], p)
	}
	return groups
}

// collector gathers the results of one CheckPackages.
type collector struct {
	eng     *lint.Engine
	opts    LoadOptions
	byFile  map[string]*lint.FileResult
	checked map[string]bool // a file is checked once, in its first package
	seen    map[string]bool // notices and errors printed
	pkgs    map[string]bool // packages read, by path
	errs    []error
	notices []string
	stats   LoadStats
	// readFile, when set, reads the .go files syntaxFiles checks (nil:
	// os.ReadFile).
	readFile func(name string) ([]byte, error)
}

func (col *collector) errorf(format string, args ...any) {
	err := fmt.Errorf(format, args...)
	if !col.seen[err.Error()] {
		col.seen[err.Error()] = true
		col.errs = append(col.errs, err)
	}
}

func (col *collector) notice(msg string) {
	if !col.seen[msg] {
		col.seen[msg] = true
		col.notices = append(col.notices, msg)
	}
}

// load loads the packages of patterns with the go command and checks
// them.
func (col *collector) load(ctx context.Context, patterns []string) {
	cfg := &packages.Config{
		Context: ctx,
		Dir:     col.opts.Dir,
		Env:     GoEnv(col.opts.Env, col.opts.Offline),
		// As go vet: syntax and types of the packages named, the types of
		// their dependencies from export data (without NeedDeps, go list
		// -export compiles or finds it in the build cache).
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports,
		Tests: true,
	}
	t0 := time.Now()
	pkgs, err := packages.Load(cfg, patterns...)
	col.stats.Load += time.Since(t0)
	if err != nil {
		// The go command failed (no go.mod, a toolchain it may not
		// fetch...): read the Go files under the patterns from their
		// syntax rather than nothing.
		msg := firstLine(err.Error())
		var files []string
		for _, p := range patterns {
			files = append(files, goFilesUnder(col.opts.Dir, p)...)
		}
		if len(files) == 0 {
			col.errorf("load Go packages %s: %w", strings.Join(patterns, " "), err)
			return
		}
		msg = fmt.Sprintf("the go command could not load %s (%s): the Go files were read from their syntax", strings.Join(patterns, " "), msg)
		if n := col.syntaxFiles(files); n > 0 {
			msg += fmt.Sprintf("; %s need types and were skipped for %s", strings.Join(TypedRuleIDs, ", "), plural(n, "call"))
		}
		col.notice(msg)
		return
	}
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") && p.Name == "main" {
			continue // the test main the go command generates: no script of the user's
		}
		if len(p.Syntax) == 0 {
			for _, e := range p.Errors {
				col.errorf("%s", col.packageError(e))
			}
			continue
		}
		var partial string
		if len(p.Errors) > 0 || p.IllTyped || p.TypesInfo == nil {
			partial = col.firstErrors(p)
		}
		info := p.TypesInfo
		if info == nil {
			info = newInfo()
		}
		col.pkgs[p.PkgPath] = true
		res := col.check(&Input{Fset: p.Fset, Files: p.Syntax, Info: info, Partial: partial != ""})
		if partial != "" && !col.seen["package "+p.PkgPath] {
			// One notice per package, not one per test variant.
			col.seen["package "+p.PkgPath] = true
			msg := fmt.Sprintf("package %s does not type-check (%s): it was linted from its syntax where types are missing", p.PkgPath, partial)
			if res != nil && res.ByName > 0 {
				msg += fmt.Sprintf("; %s need types and were skipped for %s", strings.Join(TypedRuleIDs, ", "), plural(res.ByName, "call"))
			}
			col.notice(msg)
		}
	}
}

// firstErrors describes the errors of a package in a few words: the first
// type or parse error (or go list error) and how many more there are.
func (col *collector) firstErrors(p *packages.Package) string {
	var first string
	n := 0
	for _, kind := range []packages.ErrorKind{packages.TypeError, packages.ParseError, packages.ListError, packages.UnknownError} {
		for _, e := range p.Errors {
			if e.Kind != kind {
				continue
			}
			if e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") && n > 0 {
				continue // the compiler's output of the errors above
			}
			n++
			if first == "" {
				first = firstLine(col.packageError(e))
			}
		}
	}
	// The cause of a failed import (a module missing from go.mod, say) is
	// a go list error of the imported package: without it the only message
	// is the importer's vague "could not import X (invalid package name)".
	var cause string
	packages.Visit([]*packages.Package{p}, nil, func(dep *packages.Package) {
		for _, e := range dep.Errors {
			if dep != p && e.Kind == packages.ListError && cause == "" {
				cause = firstLine(col.packageError(e))
				if !strings.Contains(e.Msg, dep.PkgPath) {
					// "module lookup disabled by GOPROXY=off": of what.
					cause = firstLine(col.packageError(packages.Error{Pos: e.Pos, Msg: fmt.Sprintf("import %q: %s", dep.PkgPath, e.Msg)}))
				}
			}
		}
	})
	if cause != "" && (first == "" || strings.Contains(first, "could not import")) {
		first = cause
	}
	switch {
	case first == "":
		return "its dependencies do not"
	case n > 1:
		return fmt.Sprintf("%s; %s", first, plural(n-1, "more error"))
	}
	return first
}

// packageError formats e with its file as the run shows paths.
func (col *collector) packageError(e packages.Error) string {
	pos := e.Pos
	if pos == "" || pos == "-" {
		return e.Msg
	}
	// FILE:LINE:COL or FILE:LINE or FILE.
	file, rest := pos, ""
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 || !isDigits(file[i+1:]) {
			break
		}
		file, rest = file[:i], file[i:]+rest
	}
	return col.opts.Display(file) + rest + ": " + e.Msg
}

// firstLine returns the first line of a message, with the next one when
// it ends in a colon ("to add it:\n\tgo get X").
func firstLine(s string) string {
	first, rest, _ := strings.Cut(strings.TrimSpace(s), "\n")
	if strings.HasSuffix(first, ":") {
		next, _, _ := strings.Cut(strings.TrimSpace(rest), "\n")
		first += " " + strings.TrimSpace(next)
	}
	return first
}

// goFilesUnder returns the .go files a pattern covers, as the go command
// would find them (DIR/... recursively, skipping testdata, vendor and
// directories whose name starts with . or _; DIR alone), for reading
// them without it.
func goFilesUnder(wd, pattern string) []string {
	dir, recursive := strings.CutSuffix(pattern, "...")
	dir = strings.TrimSuffix(dir, "/")
	if dir == "" {
		dir = "."
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(wd, dir)
	}
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil //nolint:nilerr // an unreadable directory holds nothing to read: keep walking
		}
		if d.IsDir() {
			if p == dir {
				return nil
			}
			name := d.Name()
			if !recursive || name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(d.Name(), ".go") && d.Type().IsRegular() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
}

// syntaxFiles reads .go files from their syntax: each directory's files
// of one package are type-checked together without their imports (each
// import is an empty package), which gives the constants' values and the
// variables' assignments but not the client's types, and checked as a
// Partial input. It returns the number of calls recognised by name.
func (col *collector) syntaxFiles(files []string) int {
	t0 := time.Now()
	fset := token.NewFileSet()
	type group struct {
		files []*ast.File
		srcs  map[string][]byte
	}
	var order []string
	groups := map[string]*group{}
	for _, name := range files {
		abs := name
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(col.opts.Dir, name)
		}
		abs = filepath.Clean(abs)
		if col.checked[abs] {
			continue
		}
		read := col.readFile
		if read == nil {
			read = os.ReadFile
		}
		data, err := read(abs)
		if err != nil {
			col.errorf("%s: cannot read: %w", col.opts.Display(abs), errors.Unwrap(err))
			continue
		}
		f, err := parser.ParseFile(fset, abs, data, parser.ParseComments|parser.SkipObjectResolution)
		if f == nil || f.Name == nil {
			col.errorf("%s: cannot parse: %v", col.opts.Display(abs), err)
			continue
		}
		if err != nil {
			where, msg := col.opts.Display(abs), firstLine(err.Error())
			var list scanner.ErrorList
			if errors.As(err, &list) && len(list) > 0 {
				where = fmt.Sprintf("%s:%d:%d", where, list[0].Pos.Line, list[0].Pos.Column)
				msg = list[0].Msg
			}
			col.notice(fmt.Sprintf("%s: the file does not parse (%s): what could be parsed was linted", where, msg))
		}
		key := filepath.Dir(abs) + "\x00" + f.Name.Name
		g := groups[key]
		if g == nil {
			g = &group{srcs: map[string][]byte{}}
			groups[key] = g
			order = append(order, key)
		}
		g.files = append(g.files, f)
		g.srcs[abs] = data
	}
	col.stats.Load += time.Since(t0)
	byName := 0
	for _, key := range order {
		g := groups[key]
		t1 := time.Now()
		info, over := typeCheckSyntax(fset, g.files)
		col.stats.Load += time.Since(t1)
		col.pkgs[key] = true
		srcs := g.srcs
		res := col.check(&Input{Fset: fset, Files: g.files, Info: info, Partial: true, ReadFile: func(name string) ([]byte, error) {
			if b, ok := srcs[name]; ok {
				return b, nil
			}
			return os.ReadFile(name)
		}, defused: over})
		if res != nil {
			byName += res.ByName
		}
	}
	return byName
}

// emptyImporter imports every package as an empty one, named as it most
// likely declares itself (see guessPackageName).
type emptyImporter struct{}

func (emptyImporter) Import(path string) (*types.Package, error) {
	p := types.NewPackage(path, guessPackageName(path))
	p.MarkComplete()
	return p, nil
}

// check runs Check on the files of in not checked yet, and adds the
// results; it returns nil when every file was checked before.
func (col *collector) check(in *Input) *Result {
	var files []*ast.File
	for _, f := range in.Files {
		if name := in.Fset.File(f.FileStart).Name(); !col.checked[name] {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return nil
	}
	t0 := time.Now()
	res := Check(in, col.eng)
	col.stats.Check += time.Since(t0)
	col.stats.Scripts += res.Scripts
	col.errs = append(col.errs, res.Errs...)
	for _, fe := range res.FileErrs {
		col.errorf("%s: %w", col.opts.Display(fe.Filename), fe.Err)
	}
	for _, f := range files {
		col.checked[in.Fset.File(f.FileStart).Name()] = true
	}
	for _, name := range res.Files {
		if _, ok := col.byFile[name]; ok {
			continue
		}
		src, _, ok := in.fileOfName(name)
		if !ok {
			col.errorf("%s: cannot read", col.opts.Display(name))
			continue
		}
		col.byFile[name] = &lint.FileResult{Path: col.opts.Display(name), Src: src, Lines: luaast.NewLineIndex(src)}
	}
	for _, d := range res.Diagnostics {
		name := in.Fset.PositionFor(d.Pos, false).Filename
		fr := col.byFile[name]
		if fr == nil {
			continue
		}
		fr.Diagnostics = append(fr.Diagnostics, toFileDiagnostic(in.Fset, name, d, col.opts.Display))
	}
	return res
}

// fileOfName returns the content of a Go file checked by Check.
func (in *Input) fileOfName(name string) ([]byte, token.Pos, bool) {
	for tf, src := range in.srcs {
		if tf.Name() == name && src != nil {
			return src, token.Pos(tf.Base()), true
		}
	}
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, 0, false
	}
	return src, 0, true
}

// toFileDiagnostic converts a finding to byte offsets in the file name.
// A FileResult spans one file, so a related location in another file (the
// script declared in another file of the package than the call that runs
// it) is appended to the message as "(MESSAGE at FILE:LINE:COL)" rather
// than lost; fixes with an edit in another file are dropped.
func toFileDiagnostic(fset *token.FileSet, name string, d Diagnostic, display func(string) string) analyzer.Diagnostic {
	off := func(p token.Pos) (luaast.Pos, bool) {
		pos := fset.PositionFor(p, false)
		return luaast.Pos(pos.Offset), pos.Filename == name
	}
	s, _ := off(d.Pos)
	e, ok := off(d.End)
	if !ok || e < s {
		e = s
	}
	out := analyzer.Diagnostic{RuleID: d.RuleID, Severity: d.Severity, Message: d.Message, Span: luaast.Span{Start: s, End: e}}
	for _, r := range d.Related {
		rs, ok1 := off(r.Pos)
		re, ok2 := off(r.End)
		if ok1 && ok2 {
			out.Related = append(out.Related, analyzer.Related{Span: luaast.Span{Start: rs, End: re}, Message: r.Message})
			continue
		}
		if pos := fset.PositionFor(r.Pos, false); pos.IsValid() {
			out.Message += fmt.Sprintf(" (%s at %s:%d:%d)", r.Message, display(pos.Filename), pos.Line, pos.Column)
		}
	}
fixes:
	for _, f := range d.Fixes {
		af := analyzer.Fix{Message: f.Message, Safe: f.Safe}
		for _, ed := range f.Edits {
			es, ok1 := off(ed.Pos)
			ee, ok2 := off(ed.End)
			if !ok1 || !ok2 {
				continue fixes
			}
			af.Edits = append(af.Edits, analyzer.Edit{Span: luaast.Span{Start: es, End: ee}, NewText: ed.NewText})
		}
		out.Fixes = append(out.Fixes, af)
	}
	return out
}

// DisplayRelative returns a display function for CheckPackages showing
// paths relative to wd (slash-separated) when they are inside it.
func DisplayRelative(wd string) func(string) string {
	return func(name string) string {
		if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
		return filepath.ToSlash(name)
	}
}
