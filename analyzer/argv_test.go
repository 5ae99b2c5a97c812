package analyzer

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
)

func TestArgv(t *testing.T) {
	p := testPass(t, `local ttl = 10
local n = tonumber(ARGV[2])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl, 'NX')
redis.call('SET', KEYS[1], 'v', 'EX', n)
`)
	calls := Calls(p)
	origins := Origins(p)
	if len(calls.List) != 2 {
		t.Fatalf("got %d calls, want 2", len(calls.List))
	}
	tests := [][]redisfacts.Arg{
		{{Text: "SET", Known: true}, {}, {}, {Text: "PX", Known: true}, {Text: "10", Known: true}, {Text: "NX", Known: true}},
		// tonumber(...) is some number: never an option word.
		{{Text: "SET", Known: true}, {}, {Text: "v", Known: true}, {Text: "EX", Known: true}, {Text: "0", Known: true}},
	}
	for i, want := range tests {
		got := origins.Argv(calls.List[i])
		if len(got) != len(want) {
			t.Fatalf("call %d: got %v, want %v", i, got, want)
		}
		for j := range want {
			if got[j] != want[j] {
				t.Errorf("call %d arg %d: got %+v, want %+v", i, j, got[j], want[j])
			}
		}
	}
}
