package redisfacts

import "testing"

func TestValidFunctionName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"mylib", true},
		{"My_Lib_2", true},
		{"_", true},
		{"9", true},
		{"", false},
		{"bad-lib", false},
		{"bad lib", false},
		{"lib!", false},
		{"é", false},
		{"lib.name", false},
	}
	for _, tt := range tests {
		if got := ValidFunctionName(tt.name); got != tt.want {
			t.Errorf("ValidFunctionName(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}
