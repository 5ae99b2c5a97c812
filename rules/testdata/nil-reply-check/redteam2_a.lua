if redis.call('TYPE', KEYS[1]) == 'string' then return 1 end -- want: nil-reply-check
local t = redis.call('TYPE', KEYS[2])
if t == 'none' then return 2 end -- want: nil-reply-check
if redis.call('HMSET', KEYS[1], 'a', 1) == 'OK' then return 3 end -- want: nil-reply-check
if redis.call('LSET', KEYS[1], 0, 'x') == 'OK' then return 4 end -- want: nil-reply-check
if redis.call('SET', KEYS[1], 'v', 'GET') == 'old' then return 5 end
if redis.call('GET', KEYS[1]) == 'OK' then return 6 end
if redis.call('TYPE', KEYS[1]).ok == 'string' then return 7 end
return 0
