-- A key built once in a local and used several times is one finding, at
-- its first use (with the count): one key, one change to make. A local
-- assigned again may hold another key, so its uses are judged one by one.
local jobs = ARGV[1] .. ':jobs'
redis.call('HSET', jobs, 'a', 1) -- want: dynamic-key "by concatenation (3 uses): pass the whole key in KEYS"
redis.call('HSET', jobs, 'b', 2)
redis.call('EXPIRE', jobs, 60)
local q = ARGV[2] .. ':q'
redis.call('RPUSH', q, 'x') -- want: dynamic-key "key built from ARGV"
q = q .. ':retry'
redis.call('RPUSH', q, 'y') -- want: dynamic-key "key built from ARGV"
return redis.call('HLEN', ARGV[1] .. ':jobs') -- want: dynamic-key "by concatenation: pass"
