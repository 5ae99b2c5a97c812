local a, b = redis.call('GET', KEYS[1]), redis.call('GET', KEYS[2])
if b == nil then return 1 end -- want: nil-reply-check
local v = redis.call('GET', KEYS[1])
local w = v
if w == nil then return 2 end -- want: nil-reply-check
return a
