-- fixture: redis-version=7.2
redis.call('WAITAOF', 0, 0, 0) -- want: command-not-allowed
redis.call('BLPOP', KEYS[1], 0)
return 1
