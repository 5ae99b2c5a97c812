-- redis: reply int:0
-- redis-keys: nrc:missing-zset
-- ZCOUNT of a missing key is 0, never false.
local n = redis.call('ZCOUNT', KEYS[1], '-inf', '+inf')
if n == false or n == nil then return -1 end -- want: nil-reply-check[info] "comparing it with false is always false"
return n
