#!lua name=lib
redis.register_function('f', function(keys, args)
  return redis.call('SET', keys[1], true) -- want: invalid-argument
end)
