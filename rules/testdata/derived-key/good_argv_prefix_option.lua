-- fixture: option allow-prefix-from-argv=true
-- The caller says the ARGV prefix carries a hash tag.
local id = redis.call('INCR', KEYS[1])
redis.call('HSET', ARGV[1] .. id, 'data', ARGV[2])
return id
