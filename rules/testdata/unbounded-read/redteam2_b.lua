redis.call('XRANGE', KEYS[1], '-', '+') -- want: unbounded-read
redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', '-inf', 'LIMIT', 0, 10)
redis.call('SINTER', KEYS[1]) -- want: unbounded-read
redis.call('ZRANGE', KEYS[1], 0, -1, 'BYSCORE') -- want: unbounded-read "without LIMIT"
redis.call('ZRANGE', KEYS[1], '-inf', '+inf', 'BYSCORE', 'WITHSCORES') -- want: unbounded-read
redis.call('ZRANGE', KEYS[1], '[a', '+', 'BYLEX') -- want: unbounded-read "without LIMIT"
return 1
