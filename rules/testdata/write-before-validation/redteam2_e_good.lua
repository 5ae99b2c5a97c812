-- read-only commands before an error are fine
local t = redis.call('TTL', KEYS[1])
local e = redis.call('EXISTS', KEYS[1])
if e == 0 then return redis.error_reply('no such key') end
redis.call('PUBLISH', 'ch', 'x')
return t
