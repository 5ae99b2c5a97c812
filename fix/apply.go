// Package fix applies the suggested fixes of findings to a source: the
// safe ones, in a stable order, one round of non-overlapping fixes at a
// time with a re-lint between rounds (Run); the edits of chosen fixes
// (Apply, for an editor's code action too); the unified diff of a change
// (Diff); and the atomic rewrite of a file that has not changed since it
// was read (WriteFile).
package fix

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/redis-lua-lint/redis-lua-lint/analyzer"
	"github.com/redis-lua-lint/redis-lua-lint/luaast"
)

// Apply applies fixes to src in the order given and returns the new text
// and the number of fixes applied. A fix is skipped when one of its edits
// lies outside src, its edits overlap each other or an edit of a fix
// applied before it (two edits overlap when they share a byte, or start
// at the same offset: two insertions there have no order), or it would
// change nothing (a fix identical to one applied, an edit writing what is
// there). Edits are made against src, so the fixes must all have been
// computed on src. When src ends its lines with CRLF, the newlines an
// edit inserts do too.
func Apply(src []byte, fixes []analyzer.Fix) ([]byte, int) {
	out, n, _ := apply(src, fixes)
	return out, n
}

// apply is Apply, also returning the edits made, sorted (in the
// coordinates of src, with the line endings of src).
func apply(src []byte, fixes []analyzer.Fix) ([]byte, int, []analyzer.Edit) {
	var taken []analyzer.Edit
	applied := 0
	crlf := usesCRLF(src)
fixes:
	for i := range fixes {
		edits := slices.Clone(fixes[i].Edits)
		slices.SortStableFunc(edits, compareEdits)
		changes := false
		for k, e := range edits {
			if e.Span.Start < 0 || e.Span.End < e.Span.Start || int(e.Span.End) > len(src) {
				continue fixes
			}
			if k > 0 && overlap(edits[k-1].Span, e.Span) {
				continue fixes
			}
			for _, t := range taken {
				if overlap(t.Span, e.Span) {
					continue fixes
				}
			}
			if crlf {
				edits[k].NewText = toCRLF(e.NewText)
			}
			changes = changes || string(src[e.Span.Start:e.Span.End]) != edits[k].NewText
		}
		if !changes {
			continue
		}
		taken = append(taken, edits...)
		applied++
	}
	if applied == 0 {
		return src, 0, nil
	}
	slices.SortStableFunc(taken, compareEdits)
	out := make([]byte, 0, len(src)+64)
	last := luaast.Pos(0)
	for _, e := range taken {
		out = append(out, src[last:e.Span.Start]...)
		out = append(out, e.NewText...)
		last = e.Span.End
	}
	return append(out, src[last:]...), applied, taken
}

// compareEdits orders edits by position.
func compareEdits(a, b analyzer.Edit) int {
	if c := cmp.Compare(a.Span.Start, b.Span.Start); c != 0 {
		return c
	}
	return cmp.Compare(a.Span.End, b.Span.End)
}

// overlap reports whether two edits cannot both be made: they share a
// byte, or start at the same offset (an insertion at the start of a
// replacement, or two insertions, have no order). An insertion at the end
// of another edit is fine.
func overlap(a, b luaast.Span) bool {
	return a.Start == b.Start || a.Start < b.End && b.Start < a.End
}

// usesCRLF reports whether src's first line ends with CRLF.
func usesCRLF(src []byte) bool {
	i := bytes.IndexByte(src, '\n')
	return i > 0 && src[i-1] == '\r'
}

// toCRLF returns s with every newline not preceded by a carriage return
// written as CRLF.
func toCRLF(s string) string {
	if !bytes.ContainsRune([]byte(s), '\n') {
		return s
	}
	var b []byte
	for i := range len(s) {
		if s[i] == '\n' && (i == 0 || s[i-1] != '\r') {
			b = append(b, '\r')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// Candidate is a fix and the rule whose finding suggests it.
type Candidate struct {
	RuleID string
	Fix    analyzer.Fix
}

// Safe returns the first safe fix of each finding of diags, ordered as
// Run applies them: by the start of the fix's first edit, then rule ID,
// then the findings' order.
func Safe(diags []analyzer.Diagnostic) []Candidate {
	var out []Candidate
	for i := range diags {
		for _, f := range diags[i].Fixes {
			if f.Safe && len(f.Edits) > 0 {
				out = append(out, Candidate{RuleID: diags[i].RuleID, Fix: f})
				break
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Candidate) int {
		if c := cmp.Compare(firstStart(a.Fix), firstStart(b.Fix)); c != 0 {
			return c
		}
		return cmp.Compare(a.RuleID, b.RuleID)
	})
	return out
}

// firstStart is where a fix's first edit starts.
func firstStart(f analyzer.Fix) luaast.Pos {
	p := f.Edits[0].Span.Start
	for _, e := range f.Edits[1:] {
		p = min(p, e.Span.Start)
	}
	return p
}

// Fixes returns the fixes of cs.
func Fixes(cs []Candidate) []analyzer.Fix {
	out := make([]analyzer.Fix, len(cs))
	for i := range cs {
		out[i] = cs[i].Fix
	}
	return out
}
