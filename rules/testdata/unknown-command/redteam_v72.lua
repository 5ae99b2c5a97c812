-- fixture: redis-version=7.2
redis.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'a') -- want: unknown-command "7.4"
return redis.call('WAITAOF', 0, 0, 0)
