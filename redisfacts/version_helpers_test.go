package redisfacts

import "testing"

func TestVersionLabelAndLess(t *testing.T) {
	r74, r80, v80 := Version{Major: 7, Minor: 4}, Version{Major: 8}, Version{Valkey: true, Major: 8}
	if got := r74.Label(); got != "Redis 7.4" {
		t.Errorf("Label = %q", got)
	}
	if got := v80.Label(); got != "Valkey 8.0" {
		t.Errorf("Label = %q", got)
	}
	for _, c := range []struct {
		a, b Version
		want bool
	}{{r74, r80, true}, {r80, r74, false}, {r80, r80, false}, {Version{Major: 7, Minor: 2}, r74, true}} {
		if got := c.a.Less(c.b); got != c.want {
			t.Errorf("%v.Less(%v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestParseMajorMinor(t *testing.T) {
	for _, c := range []struct {
		in     string
		valkey bool
		want   Version
		ok     bool
	}{
		{"7.0.0", false, Version{Major: 7}, true},
		{"8.4", false, Version{Major: 8, Minor: 4}, true},
		{"8.1.0", true, Version{Valkey: true, Major: 8, Minor: 1}, true},
		{"10.12.3", false, Version{Major: 10, Minor: 12}, true},
		{"7", false, Version{}, false},
		{"", false, Version{}, false},
		{"x7.2", false, Version{}, false},
	} {
		got, ok := ParseMajorMinor(c.valkey, c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseMajorMinor(%v, %q) = %v, %v; want %v, %v", c.valkey, c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestFirstKnownVersion(t *testing.T) {
	got, ok := FirstKnownVersion(false, func(v Version) bool { return v.AtLeast(7, 4) })
	if !ok || got != (Version{Major: 7, Minor: 4}) {
		t.Errorf("first Redis >= 7.4 = %v, %v", got, ok)
	}
	got, ok = FirstKnownVersion(true, func(v Version) bool { return v.AtLeast(8, 0) })
	if !ok || got != (Version{Valkey: true, Major: 8}) {
		t.Errorf("first Valkey >= 8.0 = %v, %v", got, ok)
	}
	if _, ok := FirstKnownVersion(false, func(Version) bool { return false }); ok {
		t.Error("a predicate no version meets found one")
	}
}

func TestFixedArgCount(t *testing.T) {
	for _, c := range []struct {
		name string
		want int
	}{{"SET", 2}, {"GET", 1}, {"PING", 0}, {"HSET", 1}} {
		cmd := LookupCommand(DefaultVersion, c.name)
		if cmd == nil {
			t.Fatalf("no %s", c.name)
		}
		if got := cmd.FixedArgCount(); got != c.want {
			t.Errorf("%s.FixedArgCount() = %d, want %d", c.name, got, c.want)
		}
	}
}
