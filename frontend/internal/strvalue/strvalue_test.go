package strvalue

import (
	"regexp"
	"testing"
)

// lit returns the value of a literal whose text stands at host offset
// at, one piece a byte, as the front ends decode it.
func lit(text string, at int) Value[string] {
	v := Value[string]{Lits: []string{text}, Whole: Span{at, at + len(text)}}
	for i := range len(text) {
		v.Pieces = append(v.Pieces, Piece{Text: text[i : i+1], From: Span{at + i, at + i + 1}, Lit: 1})
	}
	return v
}

func TestConcat(t *testing.T) {
	v := lit("ab", 0)
	w := lit("cd", 10)
	w.Runtime = "a format call"
	v.Concat(Placeholder[string]("x", Span{5, 6}))
	v.Concat(w)
	if got := v.Text(); got != "ab cd" {
		t.Errorf("Text = %q, want %q", got, "ab cd")
	}
	if v.Whole != (Span{0, 12}) || v.Runtime != "a format call" || len(v.Lits) != 2 {
		t.Errorf("Whole %v, Runtime %q, %d literals", v.Whole, v.Runtime, len(v.Lits))
	}
	for i, want := range []int{1, 1, 0, 2, 2} {
		if v.Pieces[i].Lit != want {
			t.Errorf("piece %d of literal %d, want %d", i, v.Pieces[i].Lit, want)
		}
	}
}

func TestClone(t *testing.T) {
	v := lit("ab", 0)
	w := v.Clone()
	w.Pieces[0].Text = "x"
	w.Lits[0] = "y"
	if v.Text() != "ab" || v.Lits[0] != "ab" {
		t.Errorf("the clone shares %q %q with v", v.Text(), v.Lits[0])
	}
}

func TestPercentFormat(t *testing.T) {
	spec := regexp.MustCompile(`^%[ds]`)
	for _, c := range []struct {
		text   string
		window int
		want   string // the text, placeholders as their host text in []
	}{
		{"a %s b", 40, "a [%s] b"},
		{"100%% %d", 40, "100% [%d]"},
		{"%x %", 40, "%x %"},
		{"%s", 1, "%s"}, // the window cuts the spec
	} {
		v := lit(c.text, 0)
		v.PercentFormat([]byte(c.text), spec, c.window)
		got := ""
		for _, p := range v.Pieces {
			if p.PH {
				got += "[" + p.Text + "]"
			} else {
				got += p.Text
			}
		}
		if got != c.want {
			t.Errorf("PercentFormat(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestStrip(t *testing.T) {
	for _, c := range []struct {
		left, right bool
		want        string
	}{
		{true, true, "a b"},
		{true, false, "a b \n"},
		{false, true, "\t a b"},
	} {
		v := lit("\t a b \n", 0)
		v.Strip(c.left, c.right)
		if got := v.Text(); got != c.want {
			t.Errorf("Strip(%v, %v) = %q, want %q", c.left, c.right, got, c.want)
		}
	}
}

func TestMergePlaceholderOutsideSrc(t *testing.T) {
	v := lit("abc", 5)
	out := v.MergePlaceholder(nil, 0, 3, []byte("short"))
	if len(out) != 1 || !out[0].PH || out[0].Text != "" || out[0].From != (Span{5, 8}) {
		t.Errorf("MergePlaceholder = %+v, want one placeholder over 5-8 with no text", out)
	}
}

func TestFromLiteral(t *testing.T) {
	pieces := []Piece{{Text: "a", From: Span{1, 2}}, {Text: "${x}", From: Span{2, 6}, PH: true}, {Text: "b", From: Span{6, 7}}}
	v := FromLiteral("lit", pieces, Span{0, 8})
	if v.Whole != (Span{0, 8}) || len(v.Lits) != 1 || v.Lits[0] != "lit" || v.Runtime != "" {
		t.Fatalf("FromLiteral = %+v", v)
	}
	for i, want := range []int{1, 0, 1} {
		if v.Pieces[i].Lit != want {
			t.Errorf("piece %d of literal %d, want %d", i, v.Pieces[i].Lit, want)
		}
	}
	if pieces[0].Lit != 0 {
		t.Error("FromLiteral changed the literal's pieces")
	}
}
