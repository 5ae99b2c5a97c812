-- loops over the elements of a reply already read: the read is unbounded-read's finding
local m = redis.call('SMEMBERS', KEYS[1])
for i = 1, #m do redis.call('SREM', KEYS[2], m[i]) end
local all = redis.call('LRANGE', KEYS[1], 0, -1)
for i = #all, 1, -1 do redis.call('RPUSH', KEYS[2], all[i]) end
return 1
