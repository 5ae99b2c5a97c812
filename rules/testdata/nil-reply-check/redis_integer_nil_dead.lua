-- redis: reply int:0
-- redis-keys: nrc:missing-zset
-- The reply of ZCARD on a missing key is 0, not nil: the test never
-- matches, and the 0 goes on to the return (a dead test, nothing misrouted).
local n = redis.call('ZCARD', KEYS[1])
if n == nil then return -1 end -- want: nil-reply-check[info] "the test is always false"
return n
