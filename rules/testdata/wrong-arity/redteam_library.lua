#!lua name=lib
redis.register_function('f', function(keys, args)
  redis.call('SET', keys[1]) -- want: wrong-arity
  return redis.call('GET', keys[1], unpack(args))
end)
