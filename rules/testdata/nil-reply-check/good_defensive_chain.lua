-- The empty-reply tests that the defensive chains lean on, written alone.
local top = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if top[2] == nil then
  return 0
end
local ids = redis.call('LRANGE', KEYS[2], 0, 9)
if #ids > 0 then
  redis.call('DEL', KEYS[3])
end
local members = redis.call('SMEMBERS', KEYS[4])
if not members[1] then
  return -1
end
local fields = redis.call('HGETALL', KEYS[5])
if next(fields) == nil then
  return -2
end
local n = redis.call('INCR', KEYS[7])
if n == 0 then
  return -3
end
return redis.call('ZADD', KEYS[8], top[2], 'm')
