-- fixture: redis-version=7.0
redis.call('BLPOP', KEYS[1], 0) -- want: command-not-allowed
redis.call('BRPOPLPUSH', KEYS[1], KEYS[2], 0) -- want: command-not-allowed
redis.call('BZPOPMIN', KEYS[1], 0) -- want: command-not-allowed
redis.call('WAIT', 1, 0) -- want: command-not-allowed
redis.call('BLMPOP', 0, 1, KEYS[1], 'LEFT')
redis.call('XREAD', 'BLOCK', 0, 'STREAMS', KEYS[1], '$') -- want: command-not-allowed
redis.call('XREAD', 'COUNT', 1, 'STREAMS', KEYS[1], '$')
return 1
