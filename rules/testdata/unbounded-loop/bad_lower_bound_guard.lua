-- A test the loop runs under that only says the bound is large enough
-- does not clamp it.
local want = tonumber(ARGV[1])
local have = redis.call('LLEN', KEYS[1])
if have < want then
  for _ = 1, want - have do -- want: unbounded-loop "loop bound 'want - have' comes from ARGV"
    redis.call('RPUSH', KEYS[1], 'slot')
  end
end
local n = tonumber(ARGV[2])
if n > 5 and n ~= 7 then
  for i = 1, n do -- want: unbounded-loop "loop bound 'n' comes from ARGV"
    redis.call('INCR', KEYS[2])
  end
end
return 1
