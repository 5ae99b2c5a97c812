while 1 do -- want: unbounded-loop
  redis.call('INCR', KEYS[1])
end
