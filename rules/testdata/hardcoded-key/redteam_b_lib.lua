#!lua name=l2
redis.register_function('x', function(keys, args)
  local c = server.call
  return redis.call('GET', 'z') -- want: hardcoded-key
end)
