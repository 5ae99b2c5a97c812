-- redis: reply bulk:"ERR value is not an integer or out of range"
-- redis-keys: k
-- redis-setup: SET k abc
-- The status of pcall is never read: the error message goes back as a normal reply.
local ok, res = pcall(redis.call, 'INCR', KEYS[1]) -- want: unchecked-pcall
return res
