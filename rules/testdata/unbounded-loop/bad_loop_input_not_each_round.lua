-- Only a KEYS or ARGV element passed to redis.call on every round, at an
-- index that grows with the loop variable, bounds the loop.
local n = tonumber(ARGV[1])
for i = 1, n do -- want: unbounded-loop "loop bound 'n' comes from ARGV"
  if i % 100 == 0 then
    redis.call('INCR', KEYS[i])
  end
end
for i = 1, n do -- want: unbounded-loop "loop bound 'n' comes from ARGV"
  redis.call('INCR', KEYS[i % 2 + 1])
end
for i = 1, n do -- want: unbounded-loop "loop bound 'n' comes from ARGV"
  redis.pcall('INCR', KEYS[i])
end
return 1
