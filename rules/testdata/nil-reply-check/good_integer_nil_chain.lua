-- Replies tested for what they can be: no finding.
local n = redis.call('ZCARD', KEYS[1])
if n == 0 then return 0 end
local v = redis.call('GET', KEYS[2])
if v ~= false and v ~= nil then return v end
local r = redis.call('HGET', KEYS[3], 'f')
if not r then return 1 end
return n
