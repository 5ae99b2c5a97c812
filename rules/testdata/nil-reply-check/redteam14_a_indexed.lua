local reply = redis.call('LRANGE', KEYS[1], 0, 0)
local first = reply[1]
if first == nil then return 0 end
if redis.call('HMGET', KEYS[1], 'a')[1] == nil then return 1 end
local cfg = cjson.decode(redis.call('GET', KEYS[2]) or '{}')
if cfg.x == nil then return 2 end
local s = tostring(redis.call('GET', KEYS[1]))
if s == nil then return 3 end -- want: nil-reply-check
local function get(k) return redis.call('GET', k) end
return first
