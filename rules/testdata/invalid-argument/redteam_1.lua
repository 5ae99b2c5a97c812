redis.call('SET', KEYS[1], nil) -- want: invalid-argument
redis.call('SET', KEYS[1], true) -- want: invalid-argument
redis.call('SET', KEYS[1], {}) -- want: invalid-argument
redis.call('SET', KEYS[1], 3.7) -- want: invalid-argument "before Redis 7.2"
redis.call('EXPIRE', KEYS[1], 1.5) -- want: invalid-argument
redis.call('SET', KEYS[1], 10)
redis.call('SET', KEYS[1], -1)
redis.call('SET', KEYS[1], 1e3)
redis.call('SET', KEYS[1], 0x10)
local v = nil
redis.call('SET', KEYS[1], v) -- want: invalid-argument
local b = false
redis.call('SET', KEYS[1], b) -- want: invalid-argument
local t = {1}
redis.call('SET', KEYS[1], t) -- want: invalid-argument
redis.call('SET', KEYS[1], function() end) -- want: invalid-argument
redis.call('SET', KEYS[1], ARGV[1] == 'x') -- want: invalid-argument
redis.call('SET', KEYS[1], not ARGV[1]) -- want: invalid-argument
redis.call('SET', KEYS[1], 0.5)
redis.call('SET', KEYS[1], -0.5)
redis.call('SET', KEYS[1], 2.0)
redis.call('SET', KEYS[1], 1/2)
local rc = redis.pcall
rc('SET', KEYS[1], false) -- want: invalid-argument
redis.call(nil) -- want: invalid-argument
redis.call('SET', KEYS[1], ARGV[1] or false)
redis.call('SET', KEYS[1], tostring(true))
redis.call('SET', KEYS[1], ARGV[1] and 'a' or 'b')
redis.call('SET', KEYS[1], redis.call('GET', KEYS[2]))
return 1
