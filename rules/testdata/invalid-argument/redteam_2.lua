-- x is nil at its only call: a known origin since parameters take theirs
-- from call sites
local function f(x) redis.call('SET', KEYS[1], x) end -- want: invalid-argument "nil"
f(nil)
local v
if ARGV[1] then v = ARGV[1] end
redis.call('SET', KEYS[1], v)
local w = ARGV[1]
if not w then w = 'd' end
redis.call('SET', KEYS[1], w)
local n = tonumber(ARGV[1])
redis.call('SET', KEYS[1], n)
return 1
