repeat -- want: unbounded-loop
  redis.call('INCR', KEYS[1])
  if nil then return 1 end
until false
