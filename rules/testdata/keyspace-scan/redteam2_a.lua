#!lua name=sc
redis.register_function('f', function(keys, args)
  local r = redis.call('SCAN', args[1], 'COUNT', 100) -- want: keyspace-scan
  return r
end)
