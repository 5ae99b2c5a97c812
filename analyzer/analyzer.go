// Package analyzer is the engine of redis-lua-lint, shaped like
// golang.org/x/tools/go/analysis: rules declare the shared analyses they
// require, a Pass per script gives them the parsed file, the target Redis
// version, their options and the analyses' results, and rules report
// Diagnostics through it.
package analyzer

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/redis-lua-lint/redis-lua-lint/luaast"
	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

// Severity is how serious a finding is.
type Severity int

// Severities, from least to most serious. The zero value means "use the
// rule's default".
const (
	SeverityInfo Severity = iota + 1
	SeverityWarning
	SeverityError
)

// String returns "info", "warning" or "error".
func (s Severity) String() string {
	switch s {
	case SeverityInfo:
		return "info"
	case SeverityWarning:
		return "warning"
	case SeverityError:
		return "error"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// ParseSeverity reads "error", "warning" or "info".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(s) {
	case "error":
		return SeverityError, nil
	case "warning", "warn":
		return SeverityWarning, nil
	case "info", "note":
		return SeverityInfo, nil
	}
	return 0, fmt.Errorf("unknown severity %q (valid: error, warning, info)", s)
}

// Doc is a rule's documentation: one source for `explain`, SARIF help and
// the README rules table.
type Doc struct {
	// Title is a one-line summary, lowercase, no trailing period.
	Title string
	// Rationale is a paragraph: what goes wrong in Redis and why.
	Rationale string
	// Bad is a short Lua example the rule reports.
	Bad string
	// Good is the corrected version of Bad.
	Good string
	// Tags are SARIF properties.tags ("correctness", "cluster", ...).
	Tags []string
	// Precision is SARIF's precision property: "very-high", "high",
	// "medium" or "low".
	Precision string
	// Fixes, for a rule that suggests fixes, says what they do and which
	// of them are safe (applied by `check --fix`, see Fix.Safe) and why.
	Fixes string
}

// OptionSpec declares one rule option users may set in the configuration.
type OptionSpec struct {
	Name string
	// Default is the value when unset; its Go type (bool, int, string or
	// []string) is the option's type.
	Default any
	Doc     string
	// SharedWith names another rule whose option of the same name also
	// sets this one (when this rule's configuration does not), at each
	// level of the configuration: an option that moved with findings from
	// one rule to another keeps working where users wrote it.
	SharedWith string
}

// Rule is one check.
type Rule struct {
	// ID is the kebab-case rule ID from shared/docs/rules.md.
	ID       string
	Doc      Doc
	Severity Severity
	// DefaultOff makes the rule run only where the configuration gives it
	// a severity or --enable names it: for findings that are accurate but
	// not worth a team's attention by default (the rule's Rationale says
	// why).
	DefaultOff bool
	// Requires lists the shared analyses whose results Run reads.
	Requires []*Analysis
	Options  []OptionSpec
	// MovedFrom lists the rules this rule's findings were reported under
	// before they moved to it (derived-key's were dynamic-key's), so that
	// what users wrote for those rules keeps its meaning: their
	// suppression directives also silence this rule's findings, and a
	// configuration (or --disable) that turns one of them off turns this
	// rule off too, unless it configures this rule itself.
	MovedFrom []string
	// Idioms are conventions behind many of the rule's findings that an
	// option accepts (see Idiom).
	Idioms []Idiom
	// Run inspects pass.File and reports findings with pass.Report.
	Run func(pass *Pass)
}

// Analysis is a shared analysis: computed once per file, its result reused
// by every rule that requires it.
type Analysis struct {
	Name     string
	Doc      string
	Requires []*Analysis
	// Run computes the result. It may call pass.ResultOf for the analyses
	// it requires; pass.Rule is nil.
	Run func(pass *Pass) any

	// slot, for the analyses of this package (the ones every rule asks
	// for, dozens of times per file), is where resultList keeps the
	// result: an array index instead of a search (0: no slot).
	slot uint8
}

// Slots of this package's analyses in resultList.fixed.
const (
	slotInspect = 1 + iota
	slotScript
	slotCalls
	slotFlow
	slotOrigins
	numSlots
)

// Related is a secondary location of a diagnostic ("first write here").
type Related struct {
	Span    luaast.Span
	Message string
}

// Edit replaces the bytes of Span with NewText.
type Edit struct {
	Span    luaast.Span
	NewText string
}

// Fix is a suggested fix: a set of edits that belong together.
type Fix struct {
	Message string
	Edits   []Edit
	// Safe marks a fix that `check --fix` may apply unasked: every run of
	// the original script that does not raise at the fixed spot behaves
	// the same after it (same commands, same reply), so the fix only
	// removes the mistake the finding names. A fix that changes a value
	// the script computes or sends (the bytes of a string, a reply) is not
	// safe, however right it is: the user applies it by hand.
	Safe bool
}

// Diagnostic is one finding. Spans are byte offsets into the linted
// source.
type Diagnostic struct {
	RuleID   string
	Severity Severity
	Message  string
	Span     luaast.Span
	Related  []Related
	Fixes    []Fix
}

// Pass is what a rule or analysis sees of one script. It is valid only
// while the rule's or analysis's Run runs: the engine reuses it for the
// next rule, so nothing may keep it (a shared analysis's result may keep
// its own Pass for the file's other rules).
type Pass struct {
	File *luaast.File
	// Version is the target server.
	Version redisfacts.Version
	// Rule is the rule being run; nil while a shared analysis runs.
	Rule *Rule
	// Options are the rule's options, with defaults filled in.
	Options Options
	// Commands are the command table plus the commands the configuration
	// declares (nil: the table alone). Every lookup of a command by name
	// goes through it (Pass.LookupCommand).
	Commands *redisfacts.CommandSet
	// Includes are the configured include directives (Config.Includes),
	// besides the built-in ones.
	Includes []*regexp.Regexp

	// results holds the analyses' results: in list when set (the
	// engine's passes), else in the map NewPass was given.
	results map[*Analysis]any
	list    *resultList
	report  func(Diagnostic)
	// timing, when set, accumulates the time spent computing analyses
	// (the engine's --stats).
	timing *analysisTimer
	// analysisPass, when set, is the pass to give every shared analysis
	// of the file (the engine makes one per file rather than one per
	// analysis; they would all be alike).
	analysisPass *Pass
	// scratch, when set, holds buffers that the engine's worker reuses
	// from file to file.
	scratch *scratch
	// declared, when set (Runner.CheckRequires), holds the analyses the
	// running rule declared, with what they require: ResultOf refuses
	// any other.
	declared map[*Analysis]bool
	// enabled, when set, reports whether a rule runs on the file (the
	// engine's passes); see RuleEnabled.
	enabled func(ruleID string) bool
}

// RuleEnabled reports whether the rule ruleID also runs on this file, so
// that a rule can leave a case to another rule that reports it better
// (unused-variable leaves an unread pcall result to unchecked-pcall). A
// pass made by NewPass does not know the file's settings: it answers
// false, so the rule reports the case itself.
func (p *Pass) RuleEnabled(ruleID string) bool {
	return p.enabled != nil && p.enabled(ruleID)
}

// scratch is what analyses may reuse from one file to the next on one
// goroutine. A file's analysis results live in it until release; nothing
// a Diagnostic keeps may point into it.
type scratch struct {
	inspector luaast.InspectorBuilder
	script    scriptScratch
	calls     callsScratch
	flow      flowScratch
	origins   originsScratch
}

// scratchOf returns the worker's memory for one analysis (field picks it
// from the scratch), or fresh memory for a pass without a worker (made by
// NewPass).
func scratchOf[T any](pass *Pass, field func(*scratch) *T) *T {
	if pass.scratch != nil {
		return field(pass.scratch)
	}
	return new(T)
}

// release drops the scratch's references to the file just linted (its
// syntax tree), keeping the buffers: the analyses' memory must not keep a
// finished file's tree alive (the worker's parser, which holds that tree
// until it parses the next file, is the one exception: see fileRun). The
// file's analysis results are invalid afterwards.
func (s *scratch) release() {
	s.inspector.Release()
	s.script.release()
	s.calls.release()
	s.flow.release()
	s.origins.release()
}

// analysisTimer sums the time spent in shared analyses for one file.
// Analyses run nested (one requires another), so only the outermost
// computation is timed.
type analysisTimer struct {
	spent time.Duration
	depth int
}

// NewPass returns a pass over file for version. report receives every
// diagnostic; results caches shared analyses across the rules of one file
// (pass the same map to every rule's pass for that file).
func NewPass(file *luaast.File, version redisfacts.Version, rule *Rule, opts Options, results map[*Analysis]any, report func(Diagnostic)) *Pass {
	return &Pass{File: file, Version: version, Rule: rule, Options: opts, results: results, report: report}
}

// LookupCommand returns the command called name on the pass's target
// version, a declared one included (see Commands), or nil.
func (p *Pass) LookupCommand(name string) *redisfacts.Command {
	return p.Commands.Lookup(p.Version, name)
}

// ResultOf returns the result of a shared analysis, computing it (and what
// it requires) on first use for this file.
func (p *Pass) ResultOf(a *Analysis) any {
	if p.declared != nil && !p.declared[a] {
		panic(fmt.Sprintf("rule %s uses analysis %s without declaring it in Requires", p.Rule.ID, a.Name))
	}
	// The fast path, small enough to be inlined into the analyses'
	// accessors (Script(pass)...): a result already in its slot (a nil
	// result, or slot 0, which holds none, takes the slow path).
	if l := p.list; l != nil {
		if r := l.fixed[a.slot&7]; r != nil {
			return r
		}
	}
	return p.resultOf(a)
}

// resultOf is ResultOf for a result not in a slot.
func (p *Pass) resultOf(a *Analysis) any {
	if r, ok := p.cached(a); ok {
		return r
	}
	sub := p.analysisPass
	if sub == nil {
		sub = &Pass{File: p.File, Version: p.Version, Commands: p.Commands, Includes: p.Includes, results: p.results, list: p.list, report: discard, timing: p.timing}
	}
	if t := p.timing; t != nil {
		if t.depth == 0 {
			t0 := time.Now()
			defer func() { t.spent += time.Since(t0) }()
		}
		t.depth++
		defer func() { t.depth-- }()
	}
	r := a.Run(sub)
	if p.list != nil {
		p.list.add(a, r)
	} else {
		p.results[a] = r
	}
	return r
}

// cached returns a's result if it has been computed for the file.
func (p *Pass) cached(a *Analysis) (any, bool) {
	if p.list != nil {
		return p.list.get(a)
	}
	r, ok := p.results[a]
	return r, ok
}

// resultList is the analyses' results of one file. This package's
// analyses have a slot each in fixed; the others are kept in the order
// they were computed. The rules ask for an analysis about seventy times
// per file and a file has about ten: an array index, or comparing a few
// pointers, costs less than hashing one into a map
// (TestResultListMatchesMap checks the two agree).
type resultList struct {
	// fixed[s] is the result of the analysis of slot s when bit s of
	// have is set (bit 0, no slot, never is).
	fixed [8]any
	have  uint8

	analyses []*Analysis
	values   []any
}

// Every slot must have its bit in have and its place in fixed.
var _ [8 - numSlots]struct{}

// get returns a's result and whether it is in l.
func (l *resultList) get(a *Analysis) (any, bool) {
	if s := a.slot; s != 0 {
		return l.fixed[s&7], l.have&(1<<s) != 0
	}
	for i, x := range l.analyses {
		if x == a {
			return l.values[i], true
		}
	}
	return nil, false
}

// add records a's result r.
func (l *resultList) add(a *Analysis, r any) {
	if s := a.slot; s != 0 {
		l.fixed[s&7], l.have = r, l.have|1<<s
		return
	}
	l.analyses = append(l.analyses, a)
	l.values = append(l.values, r)
}

// reset empties l, keeping its memory and no reference to the results.
func (l *resultList) reset() {
	l.fixed, l.have = [8]any{}, 0
	clear(l.values)
	l.analyses, l.values = l.analyses[:0], l.values[:0]
}

// discard is the report function of analyses, which report nothing.
func discard(Diagnostic) {}

// Report records a finding. RuleID and Severity default to the running
// rule's.
func (p *Pass) Report(d Diagnostic) {
	if p.Rule != nil {
		if d.RuleID == "" {
			d.RuleID = p.Rule.ID
		}
		if d.Severity == 0 {
			d.Severity = p.Rule.Severity
		}
	}
	p.report(d)
}

// Reportf reports a finding at node n with a formatted message.
func (p *Pass) Reportf(n luaast.Node, format string, args ...any) {
	p.Report(Diagnostic{Span: luaast.SpanOf(n), Message: fmt.Sprintf(format, args...)})
}

// Options holds a rule's option values by name.
type Options map[string]any

// Bool returns a bool option (false when unset).
func (o Options) Bool(name string) bool {
	v, _ := o[name].(bool)
	return v
}

// Int returns an int option (0 when unset).
func (o Options) Int(name string) int {
	v, _ := o[name].(int)
	return v
}

// String returns a string option ("" when unset).
func (o Options) String(name string) string {
	v, _ := o[name].(string)
	return v
}

// Strings returns a list option (nil when unset).
func (o Options) Strings(name string) []string {
	v, _ := o[name].([]string)
	return v
}

// SyntaxErrorRuleID is the rule under which the engine reports parse
// errors.
const SyntaxErrorRuleID = "syntax-error"

// UnusedSuppressionRuleID is the rule that reports directives that
// silenced nothing or name unknown rules.
const UnusedSuppressionRuleID = "unused-suppression"

// ResultAs returns the result of analysis a for the pass's file as a T. A
// result of another type is a bug in the analysis (its Run and its
// accessor disagree), not bad input, so it panics naming the analysis.
func ResultAs[T any](pass *Pass, a *Analysis) T {
	r := pass.ResultOf(a)
	v, ok := r.(T)
	if !ok {
		panic(fmt.Sprintf("analyzer: analysis %s returned %T, want %T", a.Name, r, v))
	}
	return v
}
