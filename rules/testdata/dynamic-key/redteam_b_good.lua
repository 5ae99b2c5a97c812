local rcall = redis.call
rcall('GET', KEYS[1])
local i = 2
redis.call('GET', KEYS[i])
for j = 1, #KEYS do redis.call('DEL', KEYS[j]) end
for _, k in ipairs(KEYS) do redis.call('DEL', k) end
local key = KEYS[3]
redis.call('SET', key, ARGV[1])
redis.call('SET', KEYS[1], 'user:' .. ARGV[1])
redis.call('HSET', KEYS[1], 'f:' .. ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[1], ARGV[1], 'm:' .. ARGV[2])
local function helper(k) return redis.call('GET', k) end
helper(KEYS[1])
redis.call(ARGV[4], 'x:' .. ARGV[1])
redis.call('PUBLISH', 'chan:' .. ARGV[1], 'msg')
redis.call('EVAL', 'return 1', 0)
redis.call('SET', KEYS[#KEYS], 1)
redis.call('LPUSH', KEYS[1], unpack(ARGV))
redis.call('XADD', KEYS[1], '*', 'f', ARGV[1])
redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf')
return 1
