#!lua name=ks
-- fixture: redis-version=valkey-8.0
redis.register_function('f', function(keys, args)
  return server.call('KEYS', args[1]) -- want: keyspace-scan
end)
