local cmd = 'HGETALL'
redis.call(cmd, KEYS[1]) -- want: unbounded-read
local rcall = redis.call
local function f(k) return rcall('smembers', k) end -- want: unbounded-read
redis.call('ZRANGE', KEYS[1], '0', '-1', 'REV') -- want: unbounded-read
redis.call('ZRANGE', KEYS[1], '+inf', '-inf', 'BYSCORE', 'REV') -- want: unbounded-read
redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '+inf', 'WITHSCORES') -- want: unbounded-read
redis.call('LRANGE', KEYS[1], 0, ARGV[1])
redis.call('ZRANGE', KEYS[1], 0, 10, 'BYSCORE') -- want: unbounded-read "without LIMIT"
redis.call('ZRANGE', KEYS[1], '(1', '+inf', 'BYSCORE') -- want: unbounded-read "without LIMIT"
redis.call('ZRANGEBYLEX', KEYS[1], '-', '+') -- want: unbounded-read
redis.call('SINTERSTORE', KEYS[2], KEYS[1], KEYS[3])
return f(KEYS[1])
