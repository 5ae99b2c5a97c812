-- redis: reply bulk:"set"
-- redis-keys: nrc:lock
-- redis-setup: SET nrc:lock held
-- The key exists, so SETNX replies 0; 'not 0' is false in Lua.
local acquired = redis.call('SETNX', KEYS[1], 'mine')
if not acquired then -- want: nil-reply-check "so 'not' of it is always false; test the number: acquired == 0"
  return 'taken'
end
return 'set'
