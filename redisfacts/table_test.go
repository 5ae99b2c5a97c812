package redisfacts

import (
	"slices"
	"testing"
)

// TestTablesSorted checks that every lookup table is sorted without
// duplicates, as the binary search needs.
func TestTablesSorted(t *testing.T) {
	sets := map[string][]string{
		"baseFunctions":        baseFunctions,
		"statusReplies":        statusReplies,
		"elementsNullable":     elementsNullable,
		"integerReplies":       integerReplies,
		"arrayReplies":         arrayReplies,
		"numericStringReplies": numericStringReplies,
		"integerArgsStrict":    integerArgsStrict,
		"nullable":             nullable.names(),
		"libraryMembers":       libraryMembers.names(),
		"forbidden":            forbidden.names(),
		"lua52Members":         lua52Members.names(),
		"unlistedSince":        unlistedSince.names(),
	}
	for name, names := range sets {
		if len(names) == 0 {
			t.Errorf("%s is empty", name)
		}
		for i := 1; i < len(names); i++ {
			if names[i-1] >= names[i] {
				t.Errorf("%s: %q before %q: keep the table sorted, without duplicates", name, names[i-1], names[i])
			}
		}
	}
}

func TestTableLookup(t *testing.T) {
	tab := table[int]{{"a", 1}, {"c", 3}, {"e", 5}}
	for _, tt := range []struct {
		name string
		want int
		ok   bool
	}{{"a", 1, true}, {"c", 3, true}, {"e", 5, true}, {"", 0, false}, {"b", 0, false}, {"f", 0, false}} {
		if got, ok := tab.get(tt.name); got != tt.want || ok != tt.ok {
			t.Errorf("get(%q) = %d, %v; want %d, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
	if got := tab.names(); !slices.Equal(got, []string{"a", "c", "e"}) {
		t.Errorf("names() = %q", got)
	}
	set := nameSet{"GET", "SET"}
	if !set.has("GET") || !set.has("SET") || set.has("get") || set.has("MGET") {
		t.Errorf("nameSet.has is wrong for %q", set)
	}
}
