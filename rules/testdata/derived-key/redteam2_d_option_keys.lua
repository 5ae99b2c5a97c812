-- fixture: option allow-prefix-from-keys=true
local base = KEYS[1]
redis.call('SET', base .. ':jobs', 1)
redis.call('SET', base .. ':' .. ARGV[1], 1)
redis.call('SET', ARGV[1] .. base, 1)
redis.call('SET', 'x:' .. KEYS[1], 1)
return 1
