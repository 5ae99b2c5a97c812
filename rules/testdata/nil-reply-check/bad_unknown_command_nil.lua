-- A reply of a command the analysis cannot name (passed through a
-- wrapper's parameter, or taken from ARGV) is never nil either, but it may
-- be an integer, for which the test is only dead: info, not error.
local function call(command, ...)
  return redis.call(command, ...)
end
local count = call('ZCOUNT', KEYS[1], 0, '+inf')
if count == nil then return 0 end -- want: nil-reply-check[info] "'count' (a command's reply) is never nil: a missing value arrives as false and an integer as a number (RESP2), so this test is always false"
if redis.call(ARGV[1], KEYS[2]) == nil then return 1 end -- want: nil-reply-check[info] "a command's reply is never nil"
return count
