-- redis: reply int:0
-- redis-keys: nrc:no-such-set
-- SMEMBERS of a missing key is an empty table: neither nil nor false.
local members = redis.call('SMEMBERS', KEYS[1])
if members == nil then -- want: nil-reply-check "test its length (#members == 0)"
  return 'nil'
end
if not members then -- want: nil-reply-check "a table, which is true in Lua even when empty, so 'not' of it is always false"
  return 'false'
end
return #members
