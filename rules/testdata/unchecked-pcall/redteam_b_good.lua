local r = redis.pcall('INCR', KEYS[1])
if type(r) == 'table' and r.err then return r end
local ok, err = pcall(cjson.decode, ARGV[1])
if not ok then return redis.error_reply('bad json: ' .. tostring(err)) end
local x = redis.pcall('GET', KEYS[2])
if x.err then return x end
local okk = pcall(redis.call, 'SET', KEYS[3], 1)
if okk then return 1 end
local y = redis.pcall('HGET', KEYS[1], 'f')
return y
