-- redis: reply int:8000
-- redis-keys: src dst
for i = 1, 8000 do
  redis.call('SADD', KEYS[1], 'm' .. i)
end
local members = redis.call('SMEMBERS', KEYS[1])
for i = 1, #members, 1000 do
  redis.call('SADD', KEYS[2], unpack(members, i, math.min(i + 999, #members)))
end
return redis.call('SCARD', KEYS[2])
