package redisfacts

import "testing"

func TestReplyIsStatus(t *testing.T) {
	tests := []struct {
		call string
		want bool
	}{
		{"SET k v", true},
		{"SET k v NX", true},
		{"SET k v GET", false},
		{"SET k v ?", false},
		{"SET k GET", true}, // GET is the value here
		{"MSET a 1 b 2", true},
		{"RENAME a b", true},
		{"LSET l 0 x", true},
		{"LTRIM l 0 1", true},
		{"HMSET h f v", true},
		{"PING", true},
		{"PING hello", false},
		{"TYPE k", true},
		{"SELECT 1", true},
		{"FLUSHALL", true},
		{"RESTORE k 0 payload", true},
		{"GET k", false},
		{"INCR k", false},
		{"HSET h f v", false},
		{"RENAMENX a b", false},
	}
	for _, tt := range tests {
		argv := args(tt.call)
		c := LookupCommand(DefaultVersion, argv[0].Text)
		if got := c.ReplyIsStatusFor(argv); got != tt.want {
			t.Errorf("%s: ReplyIsStatusFor = %v, want %v", tt.call, got, tt.want)
		}
	}
	if !LookupCommand(DefaultVersion, "SET").ReplyIsStatus() || LookupCommand(DefaultVersion, "GET").ReplyIsStatus() {
		t.Error("ReplyIsStatus SET/GET")
	}
}

func TestReplyMayBeNull(t *testing.T) {
	tests := []struct {
		call string
		want bool
	}{
		{"GET k", true},
		{"HGET h f", true},
		{"LPOP l", true},
		{"RPOP l 2", true},
		{"SPOP s", true},
		{"LINDEX l 0", true},
		{"ZSCORE z m", true},
		{"SET k v", false},
		{"SET k v NX", true},
		{"SET k v xx", true},
		{"SET k v GET", true},
		{"SET k v ?", true},
		{"SET k v EX 10", false},
		{"ZADD z 1 m", false},
		{"ZADD z XX INCR 1 m", true},
		{"INCR k", false},
		{"EXISTS k", false},
		{"HGETALL h", false},
	}
	for _, tt := range tests {
		argv := args(tt.call)
		c := LookupCommand(DefaultVersion, argv[0].Text)
		if got := c.ReplyMayBeNull(argv); got != tt.want {
			t.Errorf("%s: ReplyMayBeNull = %v, want %v", tt.call, got, tt.want)
		}
	}
	if !LookupCommand(DefaultVersion, "SET").ReplyMayBeNull(nil) {
		t.Error("SET may be null for some call")
	}
	if !LookupCommand(DefaultVersion, "MGET").ReplyElementsMayBeNull() || LookupCommand(DefaultVersion, "GET").ReplyElementsMayBeNull() {
		t.Error("ReplyElementsMayBeNull MGET/GET")
	}
}

// Every hand-written reply entry must name a real command, so a typo
// cannot silently disable a fact.
func TestReplyTablesNameCommands(t *testing.T) {
	exists := func(name string) bool {
		for _, v := range KnownVersions {
			if LookupCommand(mustVersion(t, v), name) != nil {
				return true
			}
		}
		return false
	}
	for _, name := range statusReplies {
		if !exists(name) {
			t.Errorf("statusReplies: unknown command %s", name)
		}
	}
	for _, name := range nullable.names() {
		if !exists(name) {
			t.Errorf("nullable: unknown command %s", name)
		}
	}
	for _, name := range elementsNullable {
		if !exists(name) {
			t.Errorf("elementsNullable: unknown command %s", name)
		}
	}
}

func TestReplyIsIntegerAndNumeric(t *testing.T) {
	tests := []struct {
		name             string
		integer, numeric bool
	}{
		{"INCR", true, true},
		{"LLEN", true, true},
		{"DEL", true, true},
		{"INCRBYFLOAT", false, true},
		{"ZINCRBY", false, true},
		{"GET", false, false},
		{"ZSCORE", false, false}, // may be null
		{"ZRANK", false, false},  // may be null
	}
	for _, tt := range tests {
		if got := ReplyIsInteger(tt.name); got != tt.integer {
			t.Errorf("ReplyIsInteger(%q) = %v, want %v", tt.name, got, tt.integer)
		}
		if got := ReplyIsNumeric(tt.name); got != tt.numeric {
			t.Errorf("ReplyIsNumeric(%q) = %v, want %v", tt.name, got, tt.numeric)
		}
	}
}

func TestIntegerArgsStrict(t *testing.T) {
	for name, want := range map[string]bool{"EXPIRE": true, "SETBIT": true, "INCRBY": true, "ZINCRBY": false, "SET": false} {
		if got := IntegerArgsStrict(name); got != want {
			t.Errorf("IntegerArgsStrict(%q) = %v, want %v", name, got, want)
		}
	}
}
