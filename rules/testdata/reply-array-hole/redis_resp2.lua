-- redis: reply [int:1 nil int:3]
-- redis-keys: missing
local v = redis.call('GET', KEYS[1]) -- false in RESP2: the array keeps its positions
return {1, v, 3}
