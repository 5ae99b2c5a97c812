local _ = redis.pcall('SET', KEYS[1], 1) -- want: unchecked-pcall
local _, err = pcall(redis.call, 'SET', KEYS[1], 1)
if err then return redis.error_reply(tostring(err)) end
return 1
