package redisfacts

import "strings"

// Suggest returns the name of the command on v closest to name (by edit
// distance, case-insensitive), or "" if none is close enough: at most one
// edit for names up to four letters, two up to eight, three beyond.
// Subcommands are suggested only for two-word names.
func Suggest(v Version, name string) string {
	want := strings.ToUpper(strings.TrimSpace(name))
	if want == "" {
		return ""
	}
	twoWords := strings.Contains(want, " ")
	limit := 1
	switch {
	case len(want) > 8:
		limit = 3
	case len(want) > 4:
		limit = 2
	}
	best, bestDist := "", limit+1
	for i := range commandTable {
		c := &commandTable[i]
		if (c.Container != "") != twoWords || !c.avail.has(v) {
			continue
		}
		if d := editDistance(want, c.Name, bestDist); d < bestDist {
			best, bestDist = c.Name, d
		}
	}
	return best
}

// editDistance is the Damerau-Levenshtein (optimal string alignment)
// distance between a and b, or a value ≥ limit once it is known to reach limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
