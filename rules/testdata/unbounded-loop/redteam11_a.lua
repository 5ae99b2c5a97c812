while true do -- want: unbounded-loop
  redis.call('INCR', KEYS[1])
  if false then break end
end
