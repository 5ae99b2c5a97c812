-- redis: reply int:0
-- redis-keys: nrc:missing-zset
-- Through a wrapper, ZCOUNT of a missing key still replies 0, never nil.
local function call(command, ...)
  return redis.call(command, ...)
end
local count = call('ZCOUNT', KEYS[1], 0, '+inf')
if count == nil then return -1 end -- want: nil-reply-check[info] "is never nil"
return count
