package frontend

import "testing"

func TestCallsRedis(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"return redis.call('GET', KEYS[1])", true},
		{"local ok = redis.pcall ('SET', k, v)", true},
		{"server . call('GET', k)", true},
		{"redis.register_function{function_name='f', callback=f}", true},
		{"redis.register_function('f', f)", true},
		{"uses redis to store sessions", false},
		{"redis.call is what Lua scripts use", false},
		{"myredis.call('GET', k)", false},
		{"redis.callback(x)", false},
		{"redis.log(redis.LOG_WARNING, 'x')", false},
	} {
		if got := CallsRedis(c.text); got != c.want {
			t.Errorf("CallsRedis(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
