package analyzer

import (
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/redis-lua-lint/redis-lua-lint/internal/stackframe"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// Target is what a file is checked against: the server version and what
// the configuration declares beyond the built-in facts.
type Target struct {
	Version redisfacts.Version
	// Commands are the command table plus the declared commands (nil:
	// the table alone).
	Commands *redisfacts.CommandSet
	// Includes are the configured include directives, besides the
	// built-in ones.
	Includes []*regexp.Regexp
	// Enabled, when set, reports whether a rule runs on the file (see
	// Pass.RuleEnabled).
	Enabled func(ruleID string) bool
	// Placeholders are the parts of a script embedded in a host file that
	// the host fills in at run time (`${x}`, `%s`), each replaced in the
	// text by an opaque name (see PlaceholderName). They are values of
	// unknown origin: a finding whose span touches one is dropped, since
	// the placeholder alone may cause it.
	Placeholders []luaast.Span
}

// RuleRun is a rule to run on a file, with its options for that file.
type RuleRun struct {
	Rule    *Rule
	Options Options
}

// Runner runs rules on parsed files, one file at a time: the rules of a
// file share its analyses (each computed once, on first request), and
// the analyses' memory is reused from one file to the next. A Runner is
// not safe for concurrent use; a driver gives each worker goroutine its
// own. The zero value is ready to use.
type Runner struct {
	// CheckRequires makes an analysis a rule asks for without declaring
	// it in Requires (directly or through what those require) panic, so
	// that tests catch an undeclared dependency.
	CheckRequires bool

	file   *luaast.File
	timing analysisTimer
	// diags collects the findings of every rule run on the file.
	diags []Diagnostic
	// results caches the shared analyses for the file.
	results resultList
	// pass is the Pass of the running rule, and analysisPass the one
	// every shared analysis gets: rules run one at a time and a Pass is
	// theirs only while Run runs, so one of each suffices.
	pass, analysisPass Pass
	// rule is the rule running; badSpan its first finding with a span
	// outside the file.
	rule    *Rule
	badSpan error
	// reportFn is r.report as a func value, made once.
	reportFn func(Diagnostic)
	scratch  scratch
	// placeholders are Target.Placeholders of the file.
	placeholders []luaast.Span
}

// Run runs rules, in order, on file (parsed without error) for target t. It returns their findings in the order they were reported,
// with RuleID and Severity filled in from the reporting rule, and an error
// for each rule that failed: a panic (what the rule reported before it is
// kept, and the next rule runs) or a finding with a span outside the file
// (dropped). When timed is set it also returns the time spent computing
// shared analyses. The findings' slice is the Runner's: it is valid until
// Release.
func (r *Runner) Run(file *luaast.File, t Target, rules []RuleRun, timed bool) (diags []Diagnostic, errs []error, analyses time.Duration) {
	if r.reportFn == nil {
		r.reportFn = r.report
	}
	r.file = file
	r.timing = analysisTimer{}
	r.diags = r.diags[:0]
	var timing *analysisTimer
	if timed {
		timing = &r.timing
	}
	r.analysisPass = Pass{File: file, Version: t.Version, Commands: t.Commands, Includes: t.Includes, list: &r.results, report: discard, timing: timing, scratch: &r.scratch}
	r.analysisPass.analysisPass = &r.analysisPass
	r.pass = Pass{File: file, Version: t.Version, Commands: t.Commands, Includes: t.Includes, list: &r.results, report: r.reportFn, timing: timing, analysisPass: &r.analysisPass, enabled: t.Enabled}
	r.placeholders = t.Placeholders
	for next := 0; next < len(rules); {
		next = r.runFrom(rules, next, &errs)
	}
	return r.diags, errs, r.timing.spent
}

// Release drops the Runner's references to the last file and its
// analyses, keeping the memory for the next file. The findings Run
// returned are invalid afterwards.
func (r *Runner) Release() {
	r.file, r.rule, r.badSpan, r.placeholders = nil, nil, nil, nil
	r.results.reset()
	r.scratch.release()
	// r.diags is kept for the next file (findings hold no syntax nodes,
	// only strings and offsets), unless a huge file made it large.
	r.diags = r.diags[:0]
	if cap(r.diags) > maxKeptDiagnostics {
		r.diags = nil
	}
	r.pass, r.analysisPass = Pass{}, Pass{}
}

// runFrom runs rules from the start-th on, adding to errs an error for
// each rule that fails, and returns the index of the rule to run after
// the last one it ran: len(rules), or the one after a rule that panicked.
// One deferred recovery serves every rule of the run.
func (r *Runner) runFrom(rules []RuleRun, start int, errs *[]error) (next int) {
	i := start
	defer func() {
		if x := recover(); x != nil {
			*errs = append(*errs, fmt.Errorf("internal error in rule %q: %v (at %s; please report this bug)", rules[i].Rule.ID, x, stackframe.Panicking()))
			next = i + 1
		}
	}()
	for ; i < len(rules); i++ {
		rr := &rules[i]
		if rr.Rule.Run == nil {
			continue
		}
		r.rule, r.badSpan = rr.Rule, nil
		r.pass.Rule, r.pass.Options = rr.Rule, rr.Options
		r.pass.declared = nil
		if r.CheckRequires {
			r.pass.declared = declaredClosure(rr.Rule.Requires)
		}
		rr.Rule.Run(&r.pass)
		if r.badSpan != nil {
			*errs = append(*errs, r.badSpan)
		}
	}
	return i
}

// declaredClosure returns the analyses reqs name and, transitively, those
// they require.
func declaredClosure(reqs []*Analysis) map[*Analysis]bool {
	out := map[*Analysis]bool{}
	var add func([]*Analysis)
	add = func(as []*Analysis) {
		for _, a := range as {
			if !out[a] {
				out[a] = true
				add(a.Requires)
			}
		}
	}
	add(reqs)
	return out
}

// report is every rule's Pass.report for the file.
func (r *Runner) report(d Diagnostic) {
	rule := r.rule
	if d.RuleID == "" {
		d.RuleID = rule.ID
	}
	if !validDiagnostic(d, len(r.file.Src)) {
		// Printers index the source with the span: drop the finding
		// rather than crash, and say which rule is at fault.
		if r.badSpan == nil {
			r.badSpan = fmt.Errorf("internal error in rule %q: invalid span in finding %q (span [%d, %d) in a %d-byte file, or a related location or fix outside it; please report this bug)", rule.ID, d.Message, d.Span.Start, d.Span.End, len(r.file.Src))
		}
		return
	}
	if touchesPlaceholder(d.Span, r.placeholders) {
		return
	}
	if len(r.diags) == cap(r.diags) {
		// Doubled, where append grows a large slice by a quarter: a big
		// file's tens of thousands of findings would otherwise leave
		// arrays of about four times the final one behind.
		r.diags = slices.Grow(r.diags, max(len(r.diags), 16))
	}
	r.diags = append(r.diags, d)
}

// maxKeptDiagnostics bounds the findings array a Runner keeps between
// files.
const maxKeptDiagnostics = 4096

// validDiagnostic reports whether every span of d (its own, related
// locations, fix edits) lies within a source of n bytes.
func validDiagnostic(d Diagnostic, n int) bool {
	if !validSpan(d.Span, n) {
		return false
	}
	for _, r := range d.Related {
		if !validSpan(r.Span, n) {
			return false
		}
	}
	for _, f := range d.Fixes {
		for _, e := range f.Edits {
			if !validSpan(e.Span, n) {
				return false
			}
		}
	}
	return true
}

// validSpan reports whether sp lies within a source of n bytes.
func validSpan(sp luaast.Span, n int) bool {
	return sp.Start >= 0 && sp.End >= sp.Start && int(sp.End) <= n
}
