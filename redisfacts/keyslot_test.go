package redisfacts

import "testing"

func TestCRC16(t *testing.T) {
	if got := CRC16("123456789"); got != 0x31C3 {
		t.Errorf("CRC16(123456789) = %#04x, want 0x31c3", got)
	}
}

// Every vector of redis-semantics.md §8 (CLUSTER KEYSLOT on a live node).
func TestKeySlot(t *testing.T) {
	tests := []struct {
		key  string
		slot int
		tag  string
	}{
		{"foo", 12182, ""},
		{"bar", 5061, ""},
		{"", 0, ""},
		{"123456789", 12739, ""},
		{"a", 15495, ""},
		{"hello", 866, ""},
		{"{foo}", 12182, "foo"},
		{"{foo}bar", 12182, "foo"},
		{"x{foo}y", 12182, "foo"},
		{"foo{bar}{zap}", 5061, "bar"},
		{"{user1000}.following", 3443, "user1000"},
		{"{user1000}.followers", 3443, "user1000"},
		{"{a}b", 15495, "a"},
		{"}{a}", 15495, "a"},
		{"{}", 15257, ""},
		{"{}foo", 9500, ""},
		{"foo{}", 5542, ""},
		{"foo{}{bar}", 8363, ""},
		{"foo{{bar}}zap", 4015, "{bar"},
		{"{{bar}}", 4015, "{bar"},
		{"foo{bar", 15278, ""},
		{"foo}bar{", 11073, ""},
		{"{a", 10276, ""},
		{"a}", 5921, ""},
		{"{ab}c{d}", 13567, "ab"},
		{"user:{123}:profile", 5970, "123"},
		{"\xc3\xa9", 10180, ""},
	}
	for _, tt := range tests {
		if got := KeySlot(tt.key); got != tt.slot {
			t.Errorf("KeySlot(%q) = %d, want %d", tt.key, got, tt.slot)
		}
		tag, ok := HashTag(tt.key)
		if tag != tt.tag || ok != (tt.tag != "") {
			t.Errorf("HashTag(%q) = %q, %v; want %q", tt.key, tag, ok, tt.tag)
		}
	}
}

func BenchmarkKeySlot(b *testing.B) {
	for b.Loop() {
		_ = KeySlot("{user1000}.following")
	}
}
