local members = redis.call('SMEMBERS', KEYS[1])
redis.call('SADD', KEYS[2], unpack(members)) -- want: unbounded-unpack
local t = cjson.decode(ARGV[1])
redis.call('HMSET', KEYS[1], unpack(t)) -- decoded from ARGV: caller's choice, not reported (rule doc)
redis.call('DEL', unpack(KEYS))
redis.call('RPUSH', KEYS[1], unpack(ARGV))
local rcall = redis.call
local r = redis.call('LRANGE', KEYS[1], 0, -1)
rcall('RPUSH', KEYS[2], unpack(r)) -- want: unbounded-unpack
local mx = math.max(unpack(r)) -- want: unbounded-unpack
local function f(...) return select('#', ...) end
f(unpack(r)) -- want: unbounded-unpack
for i = 1, #r, 1000 do
  redis.call('SADD', KEYS[3], unpack(r, i, math.min(i + 999, #r)))
end
redis.call('RPUSH', KEYS[1], unpack(ARGV, 2))
local small = {1, 2, 3}
redis.call('RPUSH', KEYS[1], unpack(small))
local acc = {}
for _, v in ipairs(r) do acc[#acc + 1] = v end
redis.call('RPUSH', KEYS[1], unpack(acc)) -- want: unbounded-unpack
redis.call('ZADD', KEYS[1], table.unpack and 0 or 0, 'x')
return 1
