// Package editdist measures how far apart two names are, for the "did you
// mean" suggestions of rules, configuration errors and the command table.
package editdist

// Distance is the optimal-string-alignment (Damerau-Levenshtein) distance
// between a and b in bytes — insertions, deletions, substitutions and
// swaps of adjacent bytes cost one each — or a value ≥ limit as soon as it
// is known to reach limit (a limit ≤ 0 means no limit).
func Distance(a, b string, limit int) int {
	if limit <= 0 {
		limit = len(a) + len(b) + 1
	}
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	// The three rows share one array, on the stack for names of up to 31
	// bytes: did-you-mean suggestions compare a name with dozens of
	// candidates, and three heap slices per pair added up.
	n := len(b) + 1
	var buf [3 * 32]int
	var rows []int
	if 3*n <= len(buf) {
		rows = buf[:3*n]
	} else {
		rows = make([]int, 3*n)
	}
	prev2, prev, cur := rows[:n:n], rows[n:2*n:2*n], rows[2*n:]
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

// Limit is how many edits still make a plausible typo of a name of n
// bytes: one up to four bytes ("nope" is not a typo of "type"), two up to
// eight, three beyond.
func Limit(n int) int {
	switch {
	case n > 8:
		return 3
	case n > 4:
		return 2
	}
	return 1
}

// BagDistance is a lower bound of Distance(a, b) that costs one pass over
// each string: the larger of the number of bytes of a that b lacks and
// the number of bytes of b that a lacks, counted with repeats. An
// insertion or a deletion changes one of the two counts by one, a
// substitution each by at most one, a swap neither: no alignment of a
// and b costs less. It lets a search for the closest of many names skip
// the quadratic distance of those that are far apart.
func BagDistance(a, b string) int {
	var count [256]int32
	for i := range len(a) {
		count[a[i]]++
	}
	for i := range len(b) {
		count[b[i]]--
	}
	// A byte value's surplus is summed once: its count is zeroed then.
	onlyA, onlyB := 0, 0
	for i := range len(a) {
		if c := count[a[i]]; c > 0 {
			onlyA += int(c)
			count[a[i]] = 0
		}
	}
	for i := range len(b) {
		if c := count[b[i]]; c < 0 {
			onlyB -= int(c)
			count[b[i]] = 0
		}
	}
	return max(onlyA, onlyB)
}
