package rules_test

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/redisfacts"
	"github.com/redis-lua-lint/redis-lua-lint/rules"
	"github.com/redis-lua-lint/redis-lua-lint/rules/internal/ruletest"
)

// TestUnboundedReadAgreesWithUnpack checks that unbounded-read reports a
// sorted-set range read exactly when unbounded-unpack treats its reply as
// growing with the data: they share the fact.
func TestUnboundedReadAgreesWithUnpack(t *testing.T) {
	calls := []string{
		"'ZRANGEBYSCORE', KEYS[1], 0, ARGV[1]",
		"'ZREVRANGEBYSCORE', KEYS[1], ARGV[1], 0",
		"'ZRANGEBYLEX', KEYS[1], '[a', '[b'",
		"'ZREVRANGEBYLEX', KEYS[1], '[b', '[a'",
		"'ZRANGE', KEYS[1], 0, ARGV[1], 'BYSCORE'",
		"'ZRANGE', KEYS[1], '[a', '[b', 'BYLEX'",
		"'ZRANGEBYSCORE', KEYS[1], 0, ARGV[1], 'LIMIT', 0, 10",
		"'ZRANGE', KEYS[1], 0, ARGV[1], 'BYSCORE', 'LIMIT', 0, 10",
		"'ZRANGE', KEYS[1], 0, 9",
	}
	h := ruletest.Harness{Rules: rules.All()}
	for _, c := range calls {
		src := "local r = redis.call(" + c + ")\nredis.call('SADD', KEYS[2], unpack(r))\n"
		read, err := h.Lint(rules.ByID("unbounded-read"), "x.lua", []byte(src), redisfacts.DefaultVersion, nil)
		if err != nil {
			t.Fatal(err)
		}
		unpack, err := h.Lint(rules.ByID("unbounded-unpack"), "x.lua", []byte(src), redisfacts.DefaultVersion, nil)
		if err != nil {
			t.Fatal(err)
		}
		if (len(read) > 0) != (len(unpack) > 0) {
			t.Errorf("%s: unbounded-read %d findings, unbounded-unpack %d", c, len(read), len(unpack))
		}
	}
}
