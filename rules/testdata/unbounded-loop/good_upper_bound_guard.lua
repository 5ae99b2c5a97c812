-- A test the loop runs under that bounds the value from above is a clamp,
-- and so is an earlier exit on a large value.
local n = tonumber(ARGV[1])
if n <= 100 then
  for i = 1, n do
    redis.call('INCR', KEYS[1])
  end
end
local m = tonumber(ARGV[2])
if 500 > m then
  for i = 1, m do
    redis.call('INCR', KEYS[2])
  end
end
local k = tonumber(ARGV[3])
if k > 1000 then
  return redis.error_reply('too many')
end
for i = 1, k do
  redis.call('INCR', KEYS[3])
end
return 1
