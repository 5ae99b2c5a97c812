-- The colon form of call raises on every run: the dot is a safe fix.
local v = redis:call('GET', KEYS[1]) -- want: invalid-argument "write redis.call(...) with a dot"
-- The colon form of pcall returns an error reply the script goes on with: not safe.
local w = redis:pcall('GET', KEYS[1]) -- want: invalid-argument "write redis.pcall(...) with a dot"
return {v, w}
