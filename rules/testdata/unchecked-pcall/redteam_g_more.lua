local rp = redis.pcall
local r = rp('INCR', KEYS[1]) -- want: unchecked-pcall
return r + 1
