package fix

import (
	"fmt"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// MaxRounds bounds the lint-and-fix rounds of Run: a fix that
// overlaps another waits for a later round, against the text the earlier
// fixes left, and a file whose fixes keep overlapping stops here.
const MaxRounds = 10

// LintFunc lints a source and returns its findings, syntax errors
// included (as analyzer.SyntaxErrorRuleID findings).
type LintFunc func(src []byte) ([]analyzer.Diagnostic, error)

// Result is what Run made of a source.
type Result struct {
	// Src is the fixed text (the source itself when nothing was fixed).
	Src []byte
	// Diagnostics are the findings of Src: those of the last lint (the
	// ones given when nothing was fixed).
	Diagnostics []analyzer.Diagnostic
	// Applied is the number of fixes applied, over all rounds.
	Applied int
	// Rounds is the number of rounds that applied fixes.
	Rounds int
	// Edits are the edits of each round, in the coordinates of the text
	// the round started from (see MapPos).
	Edits [][]analyzer.Edit
}

// Run applies the safe fixes of diags, the findings of src, and returns
// the fixed text with its findings. Each round applies the safe fixes of
// the current findings that do not overlap (Safe's order decides which of
// two overlapping fixes goes first), then re-lints the text with lint;
// rounds go on while a safe fix is left, at most MaxRounds. A source with
// a syntax error is not fixed (its findings come from a partial tree),
// and a round whose result does not parse is undone and ends the run. An
// error of lint ends the run with the result of the rounds before it.
func Run(src []byte, diags []analyzer.Diagnostic, lint LintFunc) (Result, error) {
	res := Result{Src: src, Diagnostics: diags}
	if hasSyntaxError(diags) {
		return res, nil
	}
	for res.Rounds < MaxRounds {
		cands := Safe(res.Diagnostics)
		if len(cands) == 0 {
			break
		}
		next, n, edits := apply(res.Src, Fixes(cands))
		if n == 0 {
			break
		}
		d, err := lint(next)
		if err != nil {
			return res, fmt.Errorf("lint after fixing: %w", err)
		}
		if hasSyntaxError(d) {
			break // a fix that breaks the script: keep the text before it
		}
		res.Src, res.Diagnostics = next, d
		res.Applied += n
		res.Rounds++
		res.Edits = append(res.Edits, edits)
	}
	return res, nil
}

// hasSyntaxError reports whether diags hold a syntax error.
func hasSyntaxError(diags []analyzer.Diagnostic) bool {
	for i := range diags {
		if diags[i].RuleID == analyzer.SyntaxErrorRuleID {
			return true
		}
	}
	return false
}

// MapPos returns where position p of the text Run started from is in the
// fixed text: moved by the edits before it (an insertion at p moves p
// after it). ok is false when p lay inside a replaced range: it goes to
// the start of the replacement.
func (r *Result) MapPos(p luaast.Pos) (mapped luaast.Pos, ok bool) {
	ok = true
	for _, edits := range r.Edits {
		q := p
		for _, e := range edits {
			switch {
			case e.Span.End <= p:
				q += luaast.Pos(len(e.NewText)) - (e.Span.End - e.Span.Start)
			case e.Span.Start < p:
				q -= p - e.Span.Start
				ok = false
			}
		}
		p = q
	}
	return p, ok
}
