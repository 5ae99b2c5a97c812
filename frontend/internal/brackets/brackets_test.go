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
