-- redis: reply bulk:"not equal"
-- redis-keys: missing-key
-- TYPE answers a status reply: Lua gets {ok = 'none'}, never the string.
if redis.call('TYPE', KEYS[1]) == 'none' then return 'equal' end -- want: nil-reply-check
return 'not equal'
