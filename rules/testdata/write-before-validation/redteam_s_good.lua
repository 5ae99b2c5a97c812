-- reads only, then error
local v = redis.call('GET', KEYS[1])
if v == false then error('missing') end
local x = redis.pcall('HGET', KEYS[2], 'f')
if type(x) == 'table' and x.err then return x end
return v
