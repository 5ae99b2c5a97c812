#!lua flags=no-writes
redis.call('SET', KEYS[1], 'v') -- want: write-in-read-only
redis.call('GET', KEYS[1])
redis.call('PUBLISH', 'ch', 'm') -- want: write-in-read-only
redis.call('PFCOUNT', KEYS[1]) -- want: write-in-read-only
redis.call('SPUBLISH', 'ch', 'm') -- want: write-in-read-only
local rc = redis.pcall
rc('del', KEYS[1]) -- want: write-in-read-only
local function f() return redis.call('INCR', KEYS[1]) end -- want: write-in-read-only
redis.call('EXPIRE', KEYS[1], 10) -- want: write-in-read-only
redis.call('OBJECT', 'ENCODING', KEYS[1])
redis.call('XINFO', 'STREAM', KEYS[1])
redis.call('CLIENT', 'KILL', 'ID', '1')
return f()
