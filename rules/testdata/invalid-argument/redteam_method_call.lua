local v = redis:call('GET', KEYS[1]) -- want: invalid-argument "redis:call(...)"
local r = redis
local w = r:pcall('GET', KEYS[1]) -- want: invalid-argument "write redis.pcall(...) with a dot"
local t = {call = function(self, x) return x end}
local u = t:call('x')
local s = ('x'):rep(2)
return {v, w, u, s}
