redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '+inf', 'LIMIT', 0, -1) -- want: unbounded-read
redis.call('LRANGE', KEYS[1], 1, -1) -- want: unbounded-read
redis.call('ZRANGE', KEYS[1], 1, -1) -- want: unbounded-read
redis.call('LRANGE', KEYS[1], -100, -1)
return 1
