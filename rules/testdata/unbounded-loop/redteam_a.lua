while true do -- want: unbounded-loop
  redis.call('INCR', KEYS[1])
end
