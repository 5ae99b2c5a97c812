-- A key built from ARGV and written out again is one finding; a bare
-- ARGV element in two commands is two (each command's key position is
-- checked), and so is a key built with a local that may change.
redis.call('SET', 'job:' .. ARGV[1], ARGV[2]) -- want: dynamic-key "(2 uses)"
redis.call('EXPIRE', 'job:' .. ARGV[1], 60)
redis.call('GET', ARGV[3]) -- want: dynamic-key
redis.call('DEL', ARGV[3]) -- want: dynamic-key
local id = ARGV[4]
redis.call('SET', 'x:' .. id, 1) -- want: dynamic-key
id = id .. '!'
return redis.call('GET', 'x:' .. id) -- want: dynamic-key
