-- A whole-collection reply unpacked.
local members = redis.call('SMEMBERS', KEYS[1])
redis.call('SADD', KEYS[2], unpack(members)) -- want: unbounded-unpack "'unpack' of the 'SMEMBERS' reply has no size bound"
redis.call('DEL', unpack(redis.call('KEYS', 'tmp:*'))) -- want: unbounded-unpack "the 'KEYS' reply"
redis.call('RPUSH', KEYS[3], unpack(redis.call('LRANGE', KEYS[4], 0, -1))) -- want: unbounded-unpack "'LRANGE'"
local h = redis.call('HGETALL', KEYS[5])
redis.call('HSET', KEYS[6], unpack(h, 1, #h)) -- want: unbounded-unpack "'HGETALL'"
redis.call('HSET', KEYS[6], unpack(h, 3)) -- want: unbounded-unpack "'HGETALL'"

-- A table filled in a loop over a whole-collection reply.
local ids = {}
for _, m in ipairs(members) do
  ids[#ids + 1] = 'item:' .. m
end
local values = redis.call('MGET', unpack(ids)) -- want: unbounded-unpack "a table filled in a loop over the 'SMEMBERS' reply"

-- Filled in a cursor loop.
local found = {}
local cursor = '0'
repeat
  local r = redis.call('SSCAN', KEYS[7], cursor)
  cursor = r[1]
  for _, m in ipairs(r[2]) do
    table.insert(found, m)
  end
until cursor == '0'
redis.call('SREM', KEYS[7], unpack(found)) -- want: unbounded-unpack "a table filled in a loop running 'SSCAN'"

-- Filled until a command returns nothing.
local popped = {}
while true do
  local v = redis.call('LPOP', KEYS[8])
  if not v then
    break
  end
  popped[#popped + 1] = v
end
redis.call('RPUSH', KEYS[9], unpack(popped)) -- want: unbounded-unpack "until the data runs out"

-- Filled in a loop bounded by a reply.
local copy = {}
for i = 1, redis.call('LLEN', KEYS[8]) do
  copy[i] = redis.call('LINDEX', KEYS[8], i - 1)
end
local a, b = unpack(copy) -- want: unbounded-unpack "a loop bounded by the 'LLEN' reply"

-- Filled in a loop over such a table.
local names = {}
for _, id in ipairs(ids) do
  names[#names + 1] = id .. ':name'
end
return redis.call('MGET', unpack(names)) -- want: unbounded-unpack "a loop over a table filled in a loop over the 'SMEMBERS' reply"
