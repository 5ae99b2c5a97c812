package brackets

import (
	"slices"
	"testing"
)

// kinds reads one token a byte, by KindOf.
func kinds(s string) []Kind {
	out := make([]Kind, len(s))
	for i := range len(s) {
		out[i] = KindOf(s[i : i+1])
	}
	return out
}

func TestKindOf(t *testing.T) {
	for text, want := range map[string]Kind{"(": Open, "[": Open, "{": Brace, ")": Close, "]": Close, "}": Close, "<": Other, "#[": Other, "": Other} {
		if got := KindOf(text); got != want {
			t.Errorf("KindOf(%q) = %d, want %d", text, got, want)
		}
	}
}

func TestPairTokens(t *testing.T) {
	src := "f(a{b})"
	ps := PairTokens(len(src), func(i int) Kind { return KindOf(src[i : i+1]) })
	want := Pair(kinds(src))
	if !slices.Equal(ps.Closing, want.Closing) || !slices.Equal(ps.Opening, want.Opening) || !slices.Equal(ps.Blocks, want.Blocks) {
		t.Errorf("PairTokens = %+v, want %+v", ps, want)
	}
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

func TestEnclosing(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []int
	}{
		{"a(b)c", []int{-1, -1, 1, 1, -1}},
		{"[(x)]", []int{-1, 0, 1, 1, 0}},
		{"(x", []int{-1, -1}},                   // left open: holds nothing
		{"x)y", []int{-1, -1, -1}},              // closes nothing
		{"[a(b]c", []int{-1, -1, -1, 2, 2, -1}}, // ] closes the ( it meets; the [ is left open
	} {
		if got := Pair(kinds(c.src)).Enclosing(); !slices.Equal(got, c.want) {
			t.Errorf("Enclosing(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}
