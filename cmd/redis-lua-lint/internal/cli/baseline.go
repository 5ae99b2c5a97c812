package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/baseline"
	"github.com/redis-lua-lint/redis-lua-lint/internal/gitdiff"
	"github.com/redis-lua-lint/redis-lua-lint/lint"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// baselineFlags are the flags of check that choose which findings are
// reported: those not in a baseline, those on lines changed since a
// revision.
type baselineFlags struct {
	baseline      string
	writeBaseline string
	newFromRev    string
}

// filtersResults reports whether the findings are filtered before the
// report, which is then written at the end (the baseline is matched
// against all the findings at once).
func (f *baselineFlags) filtersResults() bool {
	return f.baseline != "" || f.writeBaseline != "" || f.newFromRev != ""
}

// resultFilter applies --baseline, --write-baseline and --new-from-rev to
// a run's results before they are reported.
type resultFilter struct {
	c  *Command
	f  *checkFlags
	wd string
	// base is --baseline's content; basePath the file it was read from
	// or --write-baseline's.
	base     *baseline.Baseline
	basePath string
	// changes are the lines new since --new-from-rev.
	changes *gitdiff.Changes
	// notes are printed after the report.
	notes []string
}

// newResultFilter checks the flags and reads --baseline and the changes
// since --new-from-rev: before linting, so that a bad file or revision
// fails at once. It returns nil when no finding is filtered.
func (c *Command) newResultFilter(ctx context.Context, f *checkFlags, wd string) (*resultFilter, error) {
	if !f.filtersResults() {
		return nil, nil
	}
	if f.baseline != "" && f.writeBaseline != "" {
		return nil, usageErrorf("use either --baseline (report what is not in it) or --write-baseline (record the findings), not both")
	}
	r := &resultFilter{c: c, f: f, wd: wd, basePath: f.writeBaseline}
	if f.baseline != "" {
		r.basePath = f.baseline
		data, err := os.ReadFile(f.baseline)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &exitError{ExitError, fmt.Errorf("baseline %s does not exist (record one with --write-baseline %s)", f.baseline, f.baseline)}
		}
		if err != nil {
			return nil, &exitError{ExitError, fmt.Errorf("cannot read the baseline: %w", err)}
		}
		b, err := baseline.Parse(data)
		if err != nil {
			return nil, &exitError{ExitError, fmt.Errorf("%s:%w (not a valid baseline: write it again with --write-baseline)", f.baseline, err)}
		}
		r.base = b
	}
	if f.newFromRev != "" {
		changes, err := gitdiff.Since(ctx, wd, f.newFromRev)
		if err != nil {
			return nil, &exitError{ExitError, fmt.Errorf("--new-from-rev: %w", err)}
		}
		r.changes = changes
	}
	return r, nil
}

// apply returns the results to report: without the findings of the
// baseline (after writing it, for --write-baseline), then only those on
// new lines. complete is unset when some input could not be checked: a
// baseline written then would leave out its findings, so it is not
// written. Its error is that of writing the baseline.
func (r *resultFilter) apply(results []lint.FileResult, complete bool) ([]lint.FileResult, error) {
	if r.f.writeBaseline != "" {
		if complete {
			if err := r.write(results); err != nil {
				return nil, err
			}
		} else {
			r.base = baseline.FromResults(Name, results, r.baselinePath)
			r.note("baseline %s not written: some inputs could not be checked, and their findings would be missing from it", r.basePath)
		}
	}
	if r.base != nil {
		m := r.base.Filter(results, r.baselinePath, r.entryExists)
		results = m.Results
		if r.f.baseline != "" {
			if m.Known > 0 && !r.f.quiet {
				r.note("%s in the baseline %s not reported", countOf(m.Known, "finding"), r.basePath)
			}
			switch n := len(m.Stale); {
			case n == 1:
				r.note("1 baseline entry no longer matches; run --write-baseline to prune it")
			case n > 1:
				r.note("%d baseline entries no longer match; run --write-baseline to prune", n)
			}
		}
	}
	if r.changes != nil {
		results = r.onlyNew(results)
	}
	return results, nil
}

// write writes the baseline of results to --write-baseline, atomically
// (a temporary file beside it, renamed over it). The entries of the
// previous baseline for files that exist but were not checked stay (a
// run on part of the tree updates that part); the others that no longer
// match are pruned.
func (r *resultFilter) write(results []lint.FileResult) error {
	r.base = baseline.FromResults(Name, results, r.baselinePath)
	var changes []string
	if data, err := os.ReadFile(r.basePath); err == nil {
		// A previous file that cannot be read is replaced whole: that is
		// how an invalid baseline is repaired.
		if old, err := baseline.Parse(data); err == nil {
			m := old.Filter(results, r.baselinePath, r.entryExists)
			r.base.Findings = append(r.base.Findings, m.Unchecked...)
			r.base.Sort()
			if n := len(m.Stale); n > 0 {
				changes = append(changes, fmt.Sprintf("%s that no longer matched pruned", entries(n)))
			}
			if n := len(m.Unchecked); n > 0 {
				changes = append(changes, fmt.Sprintf("%s of files not checked kept", entries(n)))
			}
		}
	}
	err := func() error {
		out, err := createReportFile(r.basePath)
		if err != nil {
			return err
		}
		if err := r.base.Encode(out); err != nil {
			out.discard()
			return err
		}
		return out.commit()
	}()
	if err != nil {
		return &exitError{ExitError, fmt.Errorf("cannot write the baseline: %w", err)}
	}
	msg := fmt.Sprintf("wrote the baseline %s: %s", r.basePath, countOf(len(r.base.Findings), "finding"))
	if len(changes) > 0 {
		msg += " (" + strings.Join(changes, ", ") + ")"
	}
	r.note("%s", msg)
	return nil
}

// onlyNew keeps the findings that start on a line new since
// --new-from-rev.
func (r *resultFilter) onlyNew(results []lint.FileResult) []lint.FileResult {
	out := make([]lint.FileResult, len(results))
	old := 0
	for i := range results {
		res := results[i]
		out[i] = res
		if len(res.Diagnostics) == 0 {
			continue
		}
		path := res.Path
		if !filepath.IsAbs(path) {
			path = filepath.Join(r.wd, path)
		}
		changes := r.changes.File(path)
		lines := res.Lines
		if lines == nil && res.Src != nil {
			lines = luaast.NewLineIndex(res.Src)
		}
		var kept []analyzer.Diagnostic
		for _, d := range res.Diagnostics {
			if lines == nil || changes.Changed(lines.Position(d.Span.Start).Line) {
				kept = append(kept, d)
			} else {
				old++
			}
		}
		out[i].Diagnostics = kept
	}
	if old > 0 && !r.f.quiet {
		r.note("%s on lines unchanged since %s not reported", countOf(old, "finding"), r.f.newFromRev)
	}
	return out
}

// baselinePath returns the path to record for a result's path: relative
// to the baseline's directory, so that the file means the same from
// wherever the linter runs.
func (r *resultFilter) baselinePath(p string) string {
	if p == "" || p == "<stdin>" {
		return p
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.wd, p)
	}
	rel, err := filepath.Rel(r.baseDir(), abs)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(rel)
}

// baseDir returns the absolute path of the baseline's directory.
func (r *resultFilter) baseDir() string {
	dir := filepath.Dir(r.basePath)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(r.wd, dir)
	}
	return dir
}

// entries returns "1 entry", "2 entries".
func entries(n int) string {
	if n == 1 {
		return "1 entry"
	}
	return fmt.Sprintf("%d entries", n)
}

// entryExists reports whether the file at a path recorded in the
// baseline exists.
func (r *resultFilter) entryExists(p string) bool {
	p = filepath.FromSlash(p)
	if !filepath.IsAbs(p) {
		p = filepath.Join(r.baseDir(), p)
	}
	_, err := os.Stat(p)
	return err == nil
}

// note records a line to print after the report.
func (r *resultFilter) note(format string, args ...any) {
	r.notes = append(r.notes, fmt.Sprintf(format, args...))
}

// printNotes prints the notes on stderr.
func (r *resultFilter) printNotes() {
	for _, n := range r.notes {
		fmt.Fprintf(r.c.Stderr, "%s: %s\n", Name, n)
	}
}

// allChecked reports whether every result was checked (none has an
// error).
func allChecked(results []lint.FileResult) bool {
	for i := range results {
		if results[i].Err != nil {
			return false
		}
	}
	return true
}
