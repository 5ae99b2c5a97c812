-- An integer reply is never nil nor false; tostring never returns nil.
local removed = redis.call('DEL', KEYS[1])
if removed ~= nil then -- want: nil-reply-check "an integer reply is never nil nor false, so this test is always true; compare 'removed' with 0 (removed ~= 0)"
  redis.call('PUBLISH', KEYS[2], 'gone')
end
if redis.call('SREM', KEYS[3], ARGV[1]) == nil then -- want: nil-reply-check "an integer reply is never nil"
  return 0
end
local s = tostring(redis.call('GET', KEYS[4]))
if s == nil then -- want: nil-reply-check "tostring always returns a string"
  return 1
end
return tostring(redis.call('HGET', KEYS[4], 'f')) ~= nil -- want: nil-reply-check "always true"
