package redisfacts

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/internal/editdist"
)

// Suggest returns the name of the command on v closest to name (by edit
// distance, case-insensitive), or "" if none is close enough (Close: at
// most one edit up to seven letters, two up to eleven, three beyond).
// Subcommands are suggested only for two-word names.
func Suggest(v Version, name string) string {
	want := strings.ToUpper(strings.TrimSpace(name))
	if want == "" {
		return ""
	}
	twoWords := strings.Contains(want, " ")
	limit := editdist.Limit(len(want))
	best, bestDist := "", limit+1
	for i := range commandTable {
		c := &commandTable[i]
		if (c.Container != "") != twoWords || !c.avail.has(v) {
			continue
		}
		if d := editdist.Distance(want, c.Name, bestDist); d < bestDist {
			best, bestDist = c.Name, d
		}
	}
	if best != "" && !Close(want, best) {
		return ""
	}
	return best
}

// Close reports whether candidate is a plausible typo of name (both
// compared in upper case): their optimal-string-alignment distance (a swap
// of two adjacent letters is one edit) is at most a quarter of name's
// length, and one edit is allowed from two letters on. A suggestion two
// edits away from a five- or six-letter name (ARRING → ASKING, ARLEN →
// HLEN) changes a third of it: more often a different command than a typo.
func Close(name, candidate string) bool {
	n := len(name)
	if n < 2 {
		return false
	}
	limit := max(1, n/4)
	return editdist.Distance(strings.ToUpper(name), strings.ToUpper(candidate), limit+1) <= limit
}
