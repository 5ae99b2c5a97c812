package analyzer

import (
	"cmp"
	"slices"
	"strings"
)

// sortedOrder returns the indexes of diags in SortDiagnostics's order, in
// buf's memory if it is large enough. Equal findings keep their order
// (the index breaks ties), so the order is the stable sort's; sorting
// 4-byte indexes with the unstable sort is O(n log n) in comparisons and
// moves, where the stable sort of the findings themselves moved 96-byte
// values O(n log² n) times: on a file with 20,000 findings that was 6% of
// the run (TestSortedOrderIsStableSort).
func sortedOrder(diags []Diagnostic, buf []int32) []int32 {
	order := buf[:0]
	if cap(order) < len(diags) {
		order = make([]int32, 0, len(diags))
	}
	for i := range diags {
		order = append(order, int32(i))
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := compareDiagnostics(&diags[a], &diags[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return order
}

// SortDiagnostics sorts diags by position (line and column follow byte
// offsets), rule ID, end and message, and
// removes exact duplicates (same rule, span and message).
func SortDiagnostics(diags []Diagnostic) []Diagnostic {
	order := sortedOrder(diags, nil)
	// Put diags[order[i]] at i, in place, one cycle of the permutation at
	// a time: a copy of a big file's findings would double their memory.
	// A position done is marked by order[j] = j.
	for i := range order {
		if int(order[i]) == i {
			continue
		}
		tmp := diags[i]
		j := i
		for {
			k := int(order[j])
			order[j] = int32(j)
			if k == i {
				diags[j] = tmp
				break
			}
			diags[j] = diags[k]
			j = k
		}
	}
	return dropRepeats(diags)
}

// dropRepeats removes, in place, each finding equal to the one before it
// in sorted diags (sameDiagnostic).
func dropRepeats(diags []Diagnostic) []Diagnostic {
	out := diags[:0]
	for i := range diags {
		if i > 0 && sameDiagnostic(&out[len(out)-1], &diags[i]) {
			continue
		}
		out = append(out, diags[i])
	}
	return out
}

// compareDiagnostics orders findings for SortDiagnostics.
func compareDiagnostics(a, b *Diagnostic) int {
	if c := cmp.Compare(a.Span.Start, b.Span.Start); c != 0 {
		return c
	}
	if c := strings.Compare(a.RuleID, b.RuleID); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Span.End, b.Span.End); c != 0 {
		return c
	}
	return strings.Compare(a.Message, b.Message)
}

// sameDiagnostic reports whether a and b are duplicates: same rule, span
// and message.
func sameDiagnostic(a, b *Diagnostic) bool {
	return a.RuleID == b.RuleID && a.Span == b.Span && a.Message == b.Message
}
