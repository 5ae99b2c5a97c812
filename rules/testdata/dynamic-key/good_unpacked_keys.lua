-- Tables passed with unpack that hold only declared keys, that are not
-- all at key positions, or that the script hands to code it cannot see.
local declared = {}
for i = 1, #KEYS do
  declared[#declared + 1] = KEYS[i]
end
redis.call('DEL', unpack(declared))
local pairs_kv = {}
for i = 1, #ARGV, 2 do
  pairs_kv[#pairs_kv + 1] = ARGV[i]
  pairs_kv[#pairs_kv + 1] = ARGV[i + 1]
end
redis.call('HSET', KEYS[1], unpack(pairs_kv))
local function addAll(t, src)
  for _, v in ipairs(src) do
    t[#t + 1] = v
  end
end
local collected = {}
addAll(collected, KEYS)
redis.call('UNLINK', unpack(collected))
local first = {KEYS[1], 'x:' .. ARGV[1]}
return redis.call('EXISTS', unpack(first), KEYS[2])
