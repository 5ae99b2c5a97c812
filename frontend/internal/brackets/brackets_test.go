package brackets

import (
	"slices"
	"testing"
)

// kinds reads one token a byte: ( [ open, { a brace, ) ] } close.
func kinds(s string) []Kind {
	out := make([]Kind, len(s))
	for i := range len(s) {
		switch s[i] {
		case '(', '[':
			out[i] = Open
		case '{':
			out[i] = Brace
		case ')', ']', '}':
			out[i] = Close
		}
	}
	return out
}

func TestPair(t *testing.T) {
	for _, c := range []struct {
		src                      string
		closing, opening, blocks []int
	}{
		{"a(b)c", []int{0, 4, 0, 0, 0}, []int{0, 0, 0, 1, 0}, []int{-1, -1, -1, -1, -1}},
		{"{(x)}", []int{5, 4, 0, 0, 0}, []int{0, 0, 0, 1, 0}, []int{-1, 0, 0, 0, 0}},
		// Left open: closes at the end.
		{"({x", []int{3, 3, 0}, []int{0, 0, 0}, []int{-1, -1, 1}},
		// A closer of another kind closes the innermost bracket; a
		// brace closed so ends its block.
		{"{x)y", []int{3, 0, 0, 0}, []int{0, 0, 0, 0}, []int{-1, 0, 0, -1}},
		// A closer with nothing open closes nothing.
		{")(", []int{0, 2}, []int{0, 0}, []int{-1, -1}},
	} {
		ps := Pair(kinds(c.src))
		if !slices.Equal(ps.Closing, c.closing) || !slices.Equal(ps.Opening, c.opening) || !slices.Equal(ps.Blocks, c.blocks) {
			t.Errorf("Pair(%q) = closing %v opening %v blocks %v; want %v %v %v", c.src, ps.Closing, ps.Opening, ps.Blocks, c.closing, c.opening, c.blocks)
		}
	}
}

func TestPartner(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []int
	}{
		{"a(b)c", []int{-1, 3, -1, 1, -1}},
		{"({x)", []int{-1, 3, -1, 1}}, // ( is left open
		{"(x", []int{-1, -1}},
		{")(", []int{-1, -1}},
		{"(){}", []int{1, 0, 3, 2}},
		{"(]", []int{1, 0}}, // a closer of another kind
	} {
		ps := Pair(kinds(c.src))
		got := make([]int, len(c.src))
		for i := range got {
			got[i] = ps.Partner(i)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("Partner over %q = %v, want %v", c.src, got, c.want)
		}
	}
	if got := Pair(nil).Partner(0); got != -1 {
		t.Errorf("Partner past the end = %d, want -1", got)
	}
}
