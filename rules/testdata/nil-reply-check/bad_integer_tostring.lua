-- An integer reply is never nil nor false: the test is dead but misroutes
-- nothing (info); tostring never returns nil (error).
local removed = redis.call('DEL', KEYS[1])
if removed ~= nil then -- want: nil-reply-check[info] "the test is always true: 'removed' (reply of 'DEL') is an integer, never nil (a missing key counts as 0); drop the test, or compare 'removed' with 0 (removed ~= 0)"
  redis.call('PUBLISH', KEYS[2], 'gone')
end
if redis.call('SREM', KEYS[3], ARGV[1]) == nil then -- want: nil-reply-check[info] "the test is always false: the reply of 'SREM' is an integer, never nil"
  return 0
end
local s = tostring(redis.call('GET', KEYS[4]))
if s == nil then -- want: nil-reply-check[error] "tostring always returns a string"
  return 1
end
return tostring(redis.call('HGET', KEYS[4], 'f')) ~= nil -- want: nil-reply-check "always true"
