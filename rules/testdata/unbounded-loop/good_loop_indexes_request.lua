-- A loop whose variable indexes KEYS or ARGV counts the keys or arguments
-- the caller passed: the request bounds it, as it bounds a variadic
-- command, wherever in the body the element is read.
local n = tonumber(ARGV[1])
for i = 1, n do
  if i % 100 == 0 then
    redis.call('INCR', KEYS[i])
  end
end
for i = 1, n do
  redis.pcall('INCR', KEYS[i])
end
local nTypes = tonumber(ARGV[2])
for t = 1, nTypes do
  local key = KEYS[t]
  redis.call('DEL', key)
end
-- A count checked against the request's size before the loop.
local pairsCount = tonumber(ARGV[3])
if pairsCount * 2 ~= #ARGV - 3 then
  return redis.error_reply('bad argument count')
end
for p = 1, pairsCount do
  redis.call('HSET', KEYS[1], 'f' .. p, p)
end
local m = tonumber(ARGV[4])
if m > #KEYS then
  m = #KEYS
end
for j = 1, m do
  redis.call('INCR', KEYS[1])
end
-- An index offset by a local, and a counter the body advances.
local argOffset = 6
local events = tonumber(ARGV[5])
for e = 1, events do
  redis.call('SET', KEYS[2], ARGV[argOffset + (e - 1) * 2])
end
local count = tonumber(ARGV[6])
local index = 7
for _ = 1, count do
  redis.call('HSET', KEYS[3], ARGV[index], ARGV[index + 1])
  index = index + 2
end
return 1
