package analyzer

import (
	"strings"

	"github.com/redis-lua-lint/redis-lua-lint/internal/editdist"
)

// SuggestName returns the candidate closest to name (for "did you mean"),
// or "" when none is close: within an edit distance of about a third of
// the name's length, or a candidate that name is a prefix or extension of.
func SuggestName(name string, candidates []string) string {
	lname := strings.ToLower(name)
	limit := editdist.Limit(len(name))
	// best is the first candidate at the smallest distance so far,
	// bestDist that distance: only a candidate strictly closer, and
	// within the limit, replaces it, so each distance is computed with
	// bestDist as the bound (Distance stops as soon as it reaches it: the
	// candidate lists are long and most are far).
	best, bestDist := "", limit+1
	for _, c := range candidates {
		lc := strings.ToLower(c)
		var d int
		if bestDist == 1 {
			// Only an equal name (distance 0) can still win: a
			// comparison, not a distance.
			d = 1
			if lc == lname {
				d = 0
			}
		} else {
			// The bag distance bounds the distance from below: when it
			// already reaches bestDist, so does the distance (any value
			// from bestDist up loses alike), and the quadratic
			// computation is skipped (most candidates differ in several
			// letters).
			if b := editdist.BagDistance(lname, lc); b >= bestDist {
				d = b
			} else {
				d = editdist.Distance(lname, lc, bestDist)
			}
			if (strings.HasPrefix(lc, lname) || strings.HasPrefix(lname, lc)) && len(lname) >= 3 && len(lc) >= 3 {
				d = min(d, 1)
			}
		}
		if d < bestDist {
			best, bestDist = c, d
			if d == 0 {
				break // nothing is closer, and the first one wins
			}
		}
	}
	if best == "" || bestDist == 0 && best == name {
		return ""
	}
	return best
}
