local rcall = redis.call
rcall('GET', 'config') -- want: hardcoded-key
redis.call('get', "cfg") -- want: hardcoded-key
redis['call']('SET', 'a', 1) -- want: hardcoded-key
redis.pcall('HGET', [[h]], 'f') -- want: hardcoded-key
local K = 'global:counter'
redis.call('INCR', K) -- want: hardcoded-key
redis.call('MSET', KEYS[1], 1, 'lit', 2) -- want: hardcoded-key
redis.call('SET', KEYS[1], 'value')
redis.call('HSET', KEYS[1], 'field', 'v')
redis.call('PUBLISH', 'chan', 'm')
redis.call('ZUNIONSTORE', KEYS[1], 2, KEYS[2], 'other') -- want: hardcoded-key
redis.call('SET', ('x'), 1) -- want: hardcoded-key
local function f() return redis.call('GET', 'inner') end -- want: hardcoded-key
redis.call('CONFIG', 'GET', 'maxmemory')
redis.call('OBJECT', 'ENCODING', KEYS[1])
redis.call('EXISTS', KEYS[1], 'b') -- want: hardcoded-key
return f()
