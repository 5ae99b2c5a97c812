local r1 = redis.pcall('GET', KEYS[1])
if tonumber(r1) == nil then return redis.error_reply('not a number') end
local r2 = redis.pcall('GET', KEYS[2])
local n = tonumber(r2)
if not n then return 0 end
local r3 = redis.pcall('GET', KEYS[3])
return (tonumber(r3) or 0) + n
