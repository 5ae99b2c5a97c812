local v
if #KEYS > 1 then v = redis.call('GET', KEYS[1]) else v = redis.call('GET', KEYS[2]) end
if v == nil then return 1 end -- want: nil-reply-check
local r = redis.call('LINDEX', KEYS[1], 0)
if r ~= nil then return r end -- want: nil-reply-check
local z = redis.call('ZSCORE', KEYS[1], 'm')
return z == nil -- want: nil-reply-check
