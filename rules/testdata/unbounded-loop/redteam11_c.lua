while true do -- want: unbounded-loop
  redis.call('INCR', KEYS[1])
  do
    local x = 1
  end
  for i = 1, 3 do
    if i == 3 then break end
  end
end
