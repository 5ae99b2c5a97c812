-- redis: error "too many results to unpack"
-- redis-keys: src dst
for i = 1, 8000 do
  redis.call('SADD', KEYS[1], 'm' .. i)
end
local members = redis.call('SMEMBERS', KEYS[1])
return redis.call('SADD', KEYS[2], unpack(members)) -- want: unbounded-unpack
