-- fixture: redis-version=6.2
redis.call('BLPOP', KEYS[1], 0) -- want: command-not-allowed
redis.call('WAIT', 1, 0) -- want: command-not-allowed
return 1
