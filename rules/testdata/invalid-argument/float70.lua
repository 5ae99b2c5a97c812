-- fixture: redis-version=7.0
redis.call('SET', KEYS[1], 3.7)               -- want: invalid-argument "3.7 is sent to 'SET' as \"3.7000000000000002\" on Redis 7.0"
redis.call('HSET', KEYS[1], 'f', 0.1)         -- want: invalid-argument "\"0.10000000000000001\""
redis.call('EXPIRE', KEYS[1], -1.5)           -- want: invalid-argument "-1.5 is sent as \"-1.5\""
