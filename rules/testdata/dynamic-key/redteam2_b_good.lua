redis.call('GET', KEYS[1 + 1])
redis.call('GET', KEYS[#KEYS - 1])
redis.call('GET', KEYS[tonumber(ARGV[1])])
local idx = tonumber(ARGV[2])
local k = KEYS[idx]
redis.call('SET', k, 1)
return 1
