package editdist

import (
	"math/rand/v2"
	"testing"
)

// TestBagDistanceBoundsDistance: BagDistance never exceeds Distance, on
// every pair of strings of up to four bytes over a three-letter alphabet
// and on random pairs of longer names; and it is zero exactly for
// rearrangements of the same bytes.
func TestBagDistanceBoundsDistance(t *testing.T) {
	var all []string
	var grow func(s string)
	grow = func(s string) {
		all = append(all, s)
		if len(s) == 4 {
			return
		}
		for _, c := range "abc" {
			grow(s + string(c))
		}
	}
	grow("")
	check := func(a, b string) {
		t.Helper()
		bag, d := BagDistance(a, b), Distance(a, b, 0)
		if bag > d {
			t.Fatalf("BagDistance(%q, %q) = %d, over the distance %d", a, b, bag, d)
		}
		if bag != BagDistance(b, a) {
			t.Fatalf("BagDistance(%q, %q) is not symmetric", a, b)
		}
		if (bag == 0) != sameBytes(a, b) {
			t.Fatalf("BagDistance(%q, %q) = %d", a, b, bag)
		}
	}
	for _, a := range all {
		for _, b := range all {
			check(a, b)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	name := func() string {
		b := make([]byte, 1+r.IntN(14))
		for i := range b {
			b[i] = "redis_call.KEYSargv0123"[r.IntN(23)]
		}
		return string(b)
	}
	for range 20000 {
		a := name()
		b := []byte(a)
		// Near pairs: a few random edits of a.
		for range r.IntN(4) {
			if len(b) > 0 {
				b[r.IntN(len(b))] = "xyz_."[r.IntN(5)]
			}
		}
		check(a, string(b))
		check(a, name())
	}
}

// sameBytes reports whether a and b hold the same bytes, in any order.
func sameBytes(a, b string) bool {
	var count [256]int
	for i := range len(a) {
		count[a[i]]++
	}
	for i := range len(b) {
		count[b[i]]--
	}
	for _, c := range &count {
		if c != 0 {
			return false
		}
	}
	return true
}
