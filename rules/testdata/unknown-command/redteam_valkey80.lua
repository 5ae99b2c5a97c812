-- fixture: redis-version=valkey-8.0
server.call('GTE', KEYS[1]) -- want: unknown-command
redis.call('HEXPIRE', KEYS[1], 10, 'FIELDS', 1, 'a') -- want: unknown-command
return 1
