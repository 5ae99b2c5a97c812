local rcall = redis.call
local limit = tonumber(ARGV[1])
if not limit then
  return redis.error_reply('limit must be a number')
end
if limit > 10 then
  limit = 10
end
local count = tonumber(ARGV[2]) or 0
if count <= 0 then
  return 0
end
local mode = ARGV[3]
if mode == 'fast' or ARGV[4] ~= '' then
  rcall('SET', KEYS[1], ARGV[5], 'EX', ARGV[6])
end
rcall('INCRBY', KEYS[2], ARGV[2])
local label = 'n:' .. ARGV[7]
for i = 1, limit do
  rcall('LPUSH', KEYS[3], label .. i)
end
local n = ARGV[8]
n = tonumber(n)
if n and n > 0 then
  return n * 2 + math.max(count, #ARGV)
end
-- A reply of unknown type compared with ARGV: not reported.
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] or redis.call('LLEN', KEYS[2]) > tonumber(ARGV[2]) then
  return 1
end
return #ARGV[1] > 3 and 1 or 0
