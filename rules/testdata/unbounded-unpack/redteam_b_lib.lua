#!lua name=up
redis.register_function('f', function(keys, args)
  local m = redis.call('HGETALL', keys[1])
  redis.call('HSET', keys[2], unpack(m)) -- want: unbounded-unpack
  redis.call('DEL', unpack(keys))
  redis.call('RPUSH', keys[1], unpack(args))
  return 1
end)
