-- redis: reply bulk:"yes"
-- redis-keys: nrc:missing
-- EXISTS of a missing key replies 0, and 0 is true in Lua.
if redis.call('EXISTS', KEYS[1]) then -- want: nil-reply-check "the integer 0 or 1, and 0 is true in Lua"
  return 'yes'
end
return 'no'
