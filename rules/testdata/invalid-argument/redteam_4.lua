redis.call('SET', KEYS[1], ARGV) -- want: invalid-argument
redis.call('DEL', KEYS) -- want: invalid-argument
local t = {}
t[1] = 'x'
redis.call('SET', KEYS[1], t) -- want: invalid-argument
redis.call('SET', KEYS[1], #ARGV)
redis.call('SET', KEYS[1], ARGV[1] .. '')
local f = false
if ARGV[1] then f = true end
redis.call('SET', KEYS[1], f) -- want: invalid-argument
return 1
