if redis.call('set', KEYS[1], 1) == 'OK' then return 1 end -- want: nil-reply-check
if redis.call('Get', KEYS[1]) == nil then return 2 end -- want: nil-reply-check
return 0
