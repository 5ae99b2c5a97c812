local rcall = redis.call
redis.call('GET', 'config')                              -- want: hardcoded-key "key 'config' is hard-coded"
local statsKey = 'stats:global'
rcall('INCR', statsKey)                                  -- want: hardcoded-key "'stats:global'"
redis.call('MSET', KEYS[1], 'a', 'other', 'b')           -- want: hardcoded-key "'other'"
redis.call('SET', 'a' .. ':' .. 'b', 1)                  -- want: hardcoded-key "'a:b'"
return redis.pcall('EXISTS', KEYS[1], 'flag')            -- want: hardcoded-key "'flag'"
