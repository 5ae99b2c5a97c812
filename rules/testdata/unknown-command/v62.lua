-- fixture: redis-version=6.2
redis.call('EXPIRE', KEYS[1], 10, 'NX')              -- want: unknown-command "option 'NX' of 'EXPIRE' needs Redis 7.0"
