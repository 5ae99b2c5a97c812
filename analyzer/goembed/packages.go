package goembed

import (
	"context"
	"errors"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// IsGoPattern reports whether a command-line argument names Go code
// rather than Lua files: a package pattern ending in "..." (./..., ./cmd/...)
// or a .go file.
func IsGoPattern(arg string) bool {
	return strings.HasSuffix(arg, "...") || strings.HasSuffix(arg, ".go")
}

// CheckPackages loads the Go packages matching patterns (go list syntax,
// resolved in dir; test files included) with their types, checks each with
// Check and returns one FileResult per Go file holding a script or a
// checked call, with spans as byte offsets into the Go file. display turns
// an absolute file name into the path to show (nil: as is). Errors loading
// or type-checking packages are returned joined; the files that could be
// checked still have results.
func CheckPackages(ctx context.Context, eng *analyzer.Engine, dir string, patterns []string, display func(string) string) ([]analyzer.FileResult, error) {
	if display == nil {
		display = func(s string) string { return s }
	}
	cfg := &packages.Config{
		Context: ctx,
		Dir:     dir,
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
			packages.NeedTypesInfo | packages.NeedImports,
		Tests: true,
	}
	// The go command takes either patterns or the .go files of one
	// directory: load each group on its own.
	var groups [][]string
	var pats []string
	byDir := map[string]int{}
	for _, p := range patterns {
		if !strings.HasSuffix(p, ".go") {
			pats = append(pats, p)
			continue
		}
		d := filepath.Dir(p)
		i, ok := byDir[d]
		if !ok {
			i = len(groups)
			byDir[d] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], p)
	}
	if len(pats) > 0 {
		groups = append(groups, pats)
	}
	var errs []error
	var pkgs []*packages.Package
	for _, g := range groups {
		ps, err := packages.Load(cfg, g...)
		if err != nil {
			errs = append(errs, fmt.Errorf("load Go packages %s: %w", strings.Join(g, " "), err))
			continue
		}
		pkgs = append(pkgs, ps...)
	}
	seenErr := map[string]bool{}
	byFile := map[string]*analyzer.FileResult{}
	checked := map[string]bool{} // a file is checked once, in its first package
	addErr := func(e packages.Error) {
		if msg := e.Error(); !seenErr[msg] {
			seenErr[msg] = true
			errs = append(errs, errors.New(msg))
		}
	}
	// The cause of a failed import (a module missing from go.mod, say) is
	// a go list error of the imported package: without it the only message
	// is the importer's vague "could not import X (invalid package name)".
	packages.Visit(pkgs, nil, func(dep *packages.Package) {
		for _, e := range dep.Errors {
			if e.Kind == packages.ListError {
				addErr(e)
			}
		}
	})
	for _, p := range pkgs {
		for _, e := range p.Errors {
			addErr(e)
		}
		if p.TypesInfo == nil || len(p.Syntax) == 0 {
			continue
		}
		var files = p.Syntax[:0:0]
		for _, f := range p.Syntax {
			name := p.Fset.File(f.FileStart).Name()
			if !checked[name] {
				files = append(files, f)
			}
		}
		if len(files) == 0 {
			continue
		}
		in := &Input{Fset: p.Fset, Files: p.Syntax, Info: p.TypesInfo}
		res := Check(in, eng)
		errs = append(errs, res.Errs...)
		for _, f := range files {
			checked[p.Fset.File(f.FileStart).Name()] = true
		}
		for _, name := range res.Files {
			if _, ok := byFile[name]; ok {
				continue
			}
			src, _, ok := in.fileOfName(name)
			if !ok {
				errs = append(errs, fmt.Errorf("%s: cannot read", display(name)))
				continue
			}
			byFile[name] = &analyzer.FileResult{Path: display(name), Src: src, Lines: luaast.NewLineIndex(src)}
		}
		for _, d := range res.Diagnostics {
			name := p.Fset.PositionFor(d.Pos, false).Filename
			fr := byFile[name]
			if fr == nil {
				continue
			}
			fr.Diagnostics = append(fr.Diagnostics, toFileDiagnostic(p.Fset, name, d, display))
		}
	}
	out := make([]analyzer.FileResult, 0, len(byFile))
	for _, fr := range byFile {
		fr.Diagnostics = analyzer.SortDiagnostics(fr.Diagnostics)
		out = append(out, *fr)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, errors.Join(errs...)
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
		af := analyzer.Fix{Message: f.Message}
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
