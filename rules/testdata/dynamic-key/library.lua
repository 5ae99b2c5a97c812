#!lua name=dynkeys
redis.register_function('touch', function(keys, args)
  redis.call('SET', keys[1], args[1])
  redis.call('SET', 'x:' .. args[1], 1)                  -- want: dynamic-key "key built from args[1] by concatenation"
  return redis.call('GET', args[2])                      -- want: dynamic-key "key taken from args[2]"
end)
