package redisfacts

import "testing"

// TestClose checks the closeness a "did you mean" needs, on typos it
// should catch and on near names that are other commands.
func TestClose(t *testing.T) {
	tests := []struct {
		name, candidate string
		want            bool
	}{
		{"GTE", "GET", true},          // a swap is one edit
		{"HGTEALL", "HGETALL", true},  // a swap in a long name
		{"hgetal", "HGETALL", true},   // case does not count
		{"LPUHS", "LPUSH", true},      // a swap at the end
		{"SMEMBER", "SMEMBERS", true}, // one letter missing
		{"EXPIRES", "EXPIRE", true},   // one letter too many
		{"ZRANGBYSCORE", "ZRANGEBYSCORE", true},
		{"ZREVRANGBYSCOR", "ZREVRANGEBYSCORE", true}, // two edits in fourteen letters
		{"HINCRBYFLAOT", "HINCRBYFLOAT", true},
		{"ARRING", "ASKING", false}, // two edits in six letters: another command
		{"ARLEN", "HLEN", false},    // two edits in five letters
		{"DELEX", "DEL", false},     // a different command, not a typo of DEL
		{"HSETX", "HSET", true},
		{"SETT", "SET", true},
		{"XX", "XY", true}, // one edit from two letters on
		{"X", "Y", false},  // a single letter is no typo of anything
		{"ZRANGEBYSCOR", "ZRANGESTORE", false},
	}
	for _, tt := range tests {
		if got := Close(tt.name, tt.candidate); got != tt.want {
			t.Errorf("Close(%q, %q) = %v, want %v", tt.name, tt.candidate, got, tt.want)
		}
	}
}

// TestSuggestOnlyClose checks that Suggest offers no far name.
func TestSuggestOnlyClose(t *testing.T) {
	v := DefaultVersion
	for name, want := range map[string]string{"ARRING": "", "ARLEN": "", "GTE": "GET", "HGTEALL": "HGETALL", "ZADDD": "ZADD"} {
		if got := Suggest(v, name); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestCommandSet checks that declared commands are found by every
// lookup, win over the table, and are suggested.
func TestCommandSet(t *testing.T) {
	json, err := NewCommand(CommandDecl{Name: "json.set", Arity: -4, Flags: []string{"write"}, FirstKey: 1})
	if err != nil {
		t.Fatal(err)
	}
	get, err := NewCommand(CommandDecl{Name: "GET", Arity: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := NewCommandSet([]*Command{json, get})
	v := DefaultVersion
	if s.Lookup(v, "JSON.SET") != json || s.Lookup(v, "Json.Set") != json {
		t.Error("declared command not found")
	}
	if s.Lookup(v, "GET") != get {
		t.Error("a declared command must win over the table's")
	}
	if s.Lookup(v, "SET") != LookupCommand(v, "SET") {
		t.Error("table command not found through the set")
	}
	if c := s.Lookup(mustVersion(t, "6.2"), "JSON.SET"); c != json || !c.ExistsCertainly(mustVersion(t, "valkey-8.0")) {
		t.Error("a declared command exists on every version")
	}
	if got := s.Suggest(v, "JSON.SETT"); got != "JSON.SET" {
		t.Errorf("Suggest(JSON.SETT) = %q", got)
	}
	var none *CommandSet
	if none.Lookup(v, "GET") != LookupCommand(v, "GET") || none.Declared("GET") != nil || !none.IsUnlisted(v, "JSON.SET") {
		t.Error("a nil set is the table alone")
	}
	if NewCommandSet(nil) != nil {
		t.Error("no declarations: the table alone")
	}
	for _, d := range []CommandDecl{
		{Name: "X", Flags: []string{"writ"}},
		{Name: "X", Flags: []string{"write", "readonly"}},
		{Name: "X", KeyList: []int{0}},
		{Name: "X", FirstKey: 3, LastKey: 2},
		{Name: "X", LastKey: 2},
		{Name: "X", FirstKey: 1, KeyList: []int{1}},
		{Name: "two words"},
	} {
		if _, err := NewCommand(d); err == nil {
			t.Errorf("NewCommand(%+v): no error", d)
		}
	}
}
