package editdist

import "testing"

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"tonumber", "tonumber", 0, 0},
		{"tonumbr", "tonumber", 0, 1},
		{"tonmuber", "tonumber", 0, 1}, // adjacent swap
		{"nope", "type", 0, 2},
		{"", "abc", 0, 3},
		{"abc", "", 0, 3},
		{"kitten", "sitting", 0, 3},
		{"kitten", "sitting", 2, 2}, // stops at the limit
		{"a", "abcdef", 3, 3},       // length gap alone reaches the limit
	}
	for _, tt := range tests {
		if got := Distance(tt.a, tt.b, tt.limit); got != tt.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.limit, got, tt.want)
		}
	}
}

func TestLimit(t *testing.T) {
	for n, want := range map[int]int{1: 1, 4: 1, 5: 2, 8: 2, 9: 3, 20: 3} {
		if got := Limit(n); got != want {
			t.Errorf("Limit(%d) = %d, want %d", n, got, want)
		}
	}
}
