package redisfacts

import (
	"math/rand/v2"
	"testing"
)

// TestLessMatchesStringOrder checks the bisection's comparison against Go's
// string order, on edge cases and on random strings over a small alphabet
// (so that shared prefixes and equal first bytes are common).
func TestLessMatchesStringOrder(t *testing.T) {
	cases := [][2]string{
		{"", ""}, {"", "a"}, {"a", ""}, {"a", "a"}, {"a", "b"}, {"b", "a"},
		{"GET", "GETDEL"}, {"GETDEL", "GET"}, {"SET", "SETEX"}, {"ab", "b"}, {"b", "ab"},
		{"\xff", "a"}, {"a", "\xff"}, {"\x00", ""}, {"Z", "a"}, {"a", "Z"},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "ab\x00\xff"
	random := func() string {
		b := make([]byte, rng.IntN(4))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	for range 20000 {
		cases = append(cases, [2]string{random(), random()})
	}
	for _, c := range cases {
		want := c[0] < c[1]
		if got := less(c[0], c[1]); got != want {
			t.Errorf("less(%q, %q) = %v, want %v", c[0], c[1], got, want)
		}
		if got := less(c[0], []byte(c[1])); got != want {
			t.Errorf("less(%q, []byte(%q)) = %v, want %v", c[0], c[1], got, want)
		}
	}
}
