-- fixture: redis-version=valkey-8.0
redis.call('GETSET', KEYS[1], 'v') -- want: deprecated
server.replicate_commands() -- want: deprecated
return 1
