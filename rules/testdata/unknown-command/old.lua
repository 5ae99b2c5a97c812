-- fixture: redis-version=7.0
redis.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'f') -- want: unknown-command "needs Redis 7.4 (redis-version is 7.0)"
redis.call('WAITAOF', 0, 0, 0)                       -- want: unknown-command "needs Redis 7.2"
