redis.call('zrangebyscore', KEYS[1], '-INF', '+INF') -- want: unbounded-read
redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', 'inf') -- want: unbounded-read
redis.call('zrange', KEYS[1], '-inf', '+inf', 'byscore') -- want: unbounded-read
redis.call('lrange', KEYS[1], '0', '-1') -- want: unbounded-read
redis.call('Smembers', KEYS[1]) -- want: unbounded-read
redis.call('zrange', KEYS[1], '-inf', '+inf', 'byscore', 'limit', 0, 5)
return 1
