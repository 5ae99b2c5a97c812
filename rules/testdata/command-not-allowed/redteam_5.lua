-- fixture: redis-version=valkey-8.0
redis.call('CLIENT', 'CAPA', 'redirect') -- want: command-not-allowed
redis.call('SCRIPT', 'SHOW', 'abc') -- want: command-not-allowed
redis.call('BLPOP', KEYS[1], 0)
return 1
