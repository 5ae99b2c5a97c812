repeat -- want: unbounded-loop
  redis.call('INCR', KEYS[1])
until false
