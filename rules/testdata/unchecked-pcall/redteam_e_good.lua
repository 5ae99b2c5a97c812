local r = redis.pcall('INCR', KEYS[1])
if type(r) ~= 'number' then return r end
local s = redis.pcall('GET', KEYS[2])
if s['err'] ~= nil then return redis.error_reply(s['err']) end
local status, res = pcall(redis.call, 'GET', KEYS[1])
assert(status, res)
local t = redis.pcall('GET', KEYS[3])
if type(t) == 'table' then
  redis.log(redis.LOG_WARNING, t.err)
end
return {r, s, res, t}
