-- fixture: redis-version=6.2
redis.call('GETSET', KEYS[1], 'v') -- want: deprecated
redis.call('RPOPLPUSH', KEYS[1], KEYS[2]) -- want: deprecated
redis.replicate_commands()
return 1
