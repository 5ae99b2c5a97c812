package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/fix"
	"github.com/redis-lua-lint/redis-lua-lint/frontend/goembed"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// fixSources records, during discovery, where each Lua source of a --fix
// run is on disk.
type fixSources struct {
	mu sync.Mutex
	// file maps a result's path to the file to rewrite ("": stdin).
	file map[string]string
}

func (s *fixSources) add(src lint.Source) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.file[src.Path] = src.File
}

// fixRun is what applying the fixes did.
type fixRun struct {
	// applied fixes in files changed.
	applied, files int
	// failed is set when a file could not be fixed or written (exit 2).
	failed bool
}

// applyFixes runs the safe fixes of results (fix.Run: rounds with a
// re-lint between them) and replaces each result by the fixed text's.
// With --diff it prints the diff of each file to stdout; otherwise it
// rewrites the files (fix.WriteFile) and prints the fixed text of stdin
// to stdout. Go files (goFiles, by result path) are re-linted from their
// syntax (goembed.CheckFileSource); the call-site findings of a run with
// types are kept, moved with the text. A file that cannot be fixed keeps
// its result, and the run fails.
func (c *Command) applyFixes(f *checkFlags, eng *lint.Engine, wd string, results []lint.FileResult, lua *fixSources, goFiles map[string]bool, typed bool) fixRun {
	var run fixRun
	for i := range results {
		r := &results[i]
		if r.Err != nil {
			continue
		}
		disk, isLua := lua.file[r.Path]
		isGo := goFiles[r.Path]
		if !isLua && !isGo {
			continue
		}
		if isGo {
			disk = r.Path
			if !filepath.IsAbs(disk) {
				disk = filepath.Join(wd, filepath.FromSlash(disk))
			}
		}
		// A host file the walk found (JavaScript, Python...) is re-linted
		// through its front end, whose fixes are already written in the
		// literal's syntax.
		isHost := isLua && !isGo && eng.Hosts != nil && eng.Hosts.Handles(r.Path)
		lintSrc := func(src []byte) ([]analyzer.Diagnostic, error) {
			if isHost {
				res, _ := eng.Hosts.Check(eng, r.Path, src)
				return res.Diagnostics, res.Err
			}
			if isGo {
				res, err := goembed.CheckFileSource(eng, disk, src, goembed.DisplayRelative(wd))
				return res.Diagnostics, err
			}
			res := eng.CheckSource(r.Path, src)
			return withSyntaxError(src, res.Diagnostics), res.Err
		}
		diags := r.Diagnostics
		if !isGo && !isHost && len(fix.Safe(diags)) > 0 {
			diags = withSyntaxError(r.Src, diags)
		}
		res, err := fix.Run(r.Src, diags, lintSrc)
		if err != nil {
			run.failed = true
			fmt.Fprintf(c.Stderr, "%s: %s: cannot fix: %v\n", Name, r.Path, err)
			continue
		}
		if res.Applied == 0 {
			if isLua && disk == "" && !f.diff {
				_, _ = c.Stdout.Write(r.Src) // stdin: the text, unchanged
			}
			continue
		}
		switch {
		case f.diff:
			_, _ = c.Stdout.Write(fix.Diff(r.Path, r.Src, res.Src))
		case disk == "":
			_, _ = c.Stdout.Write(res.Src)
		default:
			if err := fix.WriteFile(disk, r.Src, res.Src); err != nil {
				run.failed = true
				msg := err.Error()
				if errors.Is(err, fix.ErrChanged) {
					msg = r.Path + ": changed since it was read: not fixed (run again)"
				}
				fmt.Fprintf(c.Stderr, "%s: %s\n", Name, msg)
				continue
			}
		}
		run.applied += res.Applied
		run.files++
		diags = withoutAddedSyntaxError(res.Diagnostics)
		if isGo && typed {
			diags = carryCallSiteFindings(diags, r.Diagnostics, &res)
		}
		r.Src, r.Lines, r.Diagnostics = res.Src, luaast.NewLineIndex(res.Src), diags
	}
	return run
}

// addedSyntaxError marks the finding withSyntaxError adds.
const addedSyntaxError = "(does not parse)"

// withSyntaxError adds to diags, the findings of a Lua source, a
// syntax-error finding when the source does not parse and none is there
// (the configuration turned syntax-error off): fix.Run must see it, not
// to fix a partial tree, nor keep a fix that breaks the script.
func withSyntaxError(src []byte, diags []analyzer.Diagnostic) []analyzer.Diagnostic {
	for i := range diags {
		if diags[i].RuleID == analyzer.SyntaxErrorRuleID {
			return diags
		}
	}
	if _, err := luaast.Parse("", src); err == nil {
		return diags
	}
	return append(slices.Clip(diags), analyzer.Diagnostic{RuleID: analyzer.SyntaxErrorRuleID, Message: addedSyntaxError})
}

// withoutAddedSyntaxError drops the finding withSyntaxError added.
func withoutAddedSyntaxError(diags []analyzer.Diagnostic) []analyzer.Diagnostic {
	return slices.DeleteFunc(slices.Clone(diags), func(d analyzer.Diagnostic) bool {
		return d.RuleID == analyzer.SyntaxErrorRuleID && d.Message == addedSyntaxError
	})
}

// carryCallSiteFindings adds to diags, the findings of a fixed Go file
// re-linted from its syntax, the call-site findings of before (found with
// types), moved to where their text is in the fixed file; their fixes
// are dropped (made for the text before).
func carryCallSiteFindings(diags, before []analyzer.Diagnostic, res *fix.Result) []analyzer.Diagnostic {
	out := slices.Clone(diags)
	for _, d := range before {
		if !slices.Contains(goembed.TypedRuleIDs, d.RuleID) {
			continue
		}
		d.Span = mapSpan(res, d.Span)
		d.Fixes = nil
		rel := make([]analyzer.Related, len(d.Related))
		for k, r := range d.Related {
			rel[k] = analyzer.Related{Span: mapSpan(res, r.Span), Message: r.Message}
		}
		d.Related = rel
		out = append(out, d)
	}
	return analyzer.SortDiagnostics(out)
}

// mapSpan moves a span of the text before fixing into the fixed text.
func mapSpan(res *fix.Result, sp luaast.Span) luaast.Span {
	s, _ := res.MapPos(sp.Start)
	e, _ := res.MapPos(sp.End)
	return luaast.Span{Start: s, End: max(s, e)}
}

// fixSummary is the line --fix prints on stderr.
func fixSummary(f *checkFlags, run fixRun) string {
	verb := "fixed"
	if f.diff {
		verb = "would fix"
	}
	return fmt.Sprintf("%s %s in %s", verb, countOf(run.applied, "finding"), countOf(run.files, "file"))
}
