local rcall = redis.call
redis.call('GET', 'config')                              -- want: hardcoded-key "key 'config' is hard-coded"
local statsKey = 'stats:global'
rcall('INCR', statsKey)                                  -- want: hardcoded-key "'stats:global'"
redis.call('MSET', KEYS[1], 'a', 'other', 'b')           -- want: hardcoded-key "'other'"
redis.call('SET', 'a' .. ':' .. 'b', 1)                  -- want: hardcoded-key "'a:b'"
redis.call('GET', 42)                                    -- want: hardcoded-key "key 42 is hard-coded"
local k = 'a'
if ARGV[1] == 'x' then k = 'b' end
redis.call('GET', k)                                     -- want: hardcoded-key "key is hard-coded"
local r = redis.pcall('EXISTS', KEYS[1], 'flag')         -- want: hardcoded-key "'flag'"
return r
