package frontend_test

import (
	"testing"

	"github.com/redis-lua-lint/redis-lua-lint/frontend"
)

func TestReadKeys(t *testing.T) {
	for _, c := range []struct {
		name, src string
		known     bool
		max       int
	}{
		{"highest index", "redis.call('GET', KEYS[1]) return redis.call('GET', KEYS[3])", true, 3},
		{"none", "return 1", true, 0},
		{"#KEYS", "for i = 1, #KEYS do redis.call('DEL', KEYS[i]) end return KEYS[2]", false, 2},
		{"element tested", "if KEYS[3] then redis.call('DEL', KEYS[3]) end return redis.call('GET', KEYS[1])", false, 3},
		{"local tested", "local opt = KEYS[6]\nif opt then redis.call('SET', KEYS[5], 1) end\nreturn redis.call('GET', KEYS[1])", false, 6},
		{"local compared with nil", "local k = KEYS[2]\nif k ~= nil then return redis.call('GET', k) end", false, 2},
		{"not", "local k = KEYS[2]\nif not k then return 0 end return redis.call('GET', k)", false, 2},
		{"and", "return KEYS[2] and redis.call('GET', KEYS[2])", false, 2},
		// A reply tested, not the key: the count is still known.
		{"reply tested", "if redis.call('EXISTS', KEYS[2]) == 1 then return 1 end return 0", true, 2},
		{"other local tested", "local v = redis.call('GET', KEYS[2])\nif v then return v end", true, 2},
		{"library", "#!lua name=lib\nredis.register_function('f', function(keys) return keys[1] end)", false, 0},
	} {
		k := frontend.ReadKeys("s.lua", []byte(c.src))
		if k.Known != c.known || k.Max != c.max {
			t.Errorf("%s: Known=%v Max=%d, want %v %d", c.name, k.Known, k.Max, c.known, c.max)
		}
	}
}
