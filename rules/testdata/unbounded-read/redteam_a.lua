local rcall = redis.call
rcall('SMEMBERS', KEYS[1]) -- want: unbounded-read
redis.call('hgetall', KEYS[1]) -- want: unbounded-read
redis.call('HKEYS', KEYS[1]) -- want: unbounded-read
redis.call('HVALS', KEYS[1]) -- want: unbounded-read
redis.call('SINTER', KEYS[1], KEYS[2]) -- want: unbounded-read
redis.call('SUNION', KEYS[1], KEYS[2]) -- want: unbounded-read
redis.call('SDIFF', KEYS[1], KEYS[2]) -- want: unbounded-read
redis.call('LRANGE', KEYS[1], 0, -1) -- want: unbounded-read
redis.call('LRANGE', KEYS[1], '0', '-1') -- want: unbounded-read
redis.call('ZRANGE', KEYS[1], 0, -1) -- want: unbounded-read
redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES') -- want: unbounded-read
redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '+inf') -- want: unbounded-read
redis.call('ZRANGE', KEYS[1], '-inf', '+inf', 'BYSCORE') -- want: unbounded-read
redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', '-inf') -- want: unbounded-read
redis.call('ZREVRANGE', KEYS[1], 0, -1) -- want: unbounded-read
redis.pcall('SMEMBERS', KEYS[2]) -- want: unbounded-read
local function all(k) return redis.call('HGETALL', k) end -- want: unbounded-read
return all(KEYS[1])
