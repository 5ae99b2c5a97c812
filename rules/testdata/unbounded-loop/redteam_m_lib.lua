#!lua name=ul
redis.register_function('f', function(keys, args)
  local count = tonumber(args[1])
  for i = 1, count do -- want: unbounded-loop
    redis.call('INCR', keys[1])
  end
  repeat -- want: unbounded-loop
    redis.call('INCR', keys[1])
  until false
end)
