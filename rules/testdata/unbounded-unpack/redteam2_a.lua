local m = redis.call('SMEMBERS', KEYS[1])
local t = {}
table.insert(t, unpack(m)) -- want: unbounded-unpack
return unpack(m) -- want: unbounded-unpack
