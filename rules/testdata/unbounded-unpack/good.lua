-- The chunked idiom.
local members = redis.call('SMEMBERS', KEYS[1])
for i = 1, #members, 1000 do
  redis.call('SADD', KEYS[2], unpack(members, i, math.min(i + 999, #members)))
end

-- Table constructors, KEYS and ARGV (sizes chosen by the caller).
redis.call('DEL', unpack({KEYS[1], KEYS[2]}))
redis.call('DEL', unpack(KEYS))
redis.call('SADD', KEYS[1], unpack(ARGV))
local decoded = cjson.decode(ARGV[1])
redis.call('SADD', KEYS[1], unpack(decoded))

-- Bounded replies.
local head = redis.call('LRANGE', KEYS[3], 0, 99)
redis.call('RPUSH', KEYS[4], unpack(head))
local a, b = unpack(redis.call('HMGET', KEYS[5], 'a', 'b'))

-- Tables filled in constant loops, loops over KEYS/ARGV, or bounded loops.
local t = {}
for i = 1, 10 do
  t[i] = i
end
redis.call('RPUSH', KEYS[4], unpack(t))
local args = {}
for i = 1, #ARGV do
  args[#args + 1] = ARGV[i]
end
redis.call('RPUSH', KEYS[4], unpack(args))
local batch = {}
while #batch < 100 do
  local v = redis.call('LPOP', KEYS[3])
  if not v then
    break
  end
  batch[#batch + 1] = v
end
redis.call('RPUSH', KEYS[4], unpack(batch))

-- A parameter of unknown origin.
local function push(key, list)
  return redis.call('RPUSH', key, unpack(list))
end
push(KEYS[4], {1, 2})

-- The table is declared inside the loop: each round starts empty.
for _, m in ipairs(members) do
  local pair = {}
  pair[1] = m
  pair[2] = 1
  redis.call('ZADD', KEYS[6], 1, unpack(pair))
end
return #members
