-- fixture: option allow-prefix-from-keys=true
-- With the option, keys the script tags from a KEYS element are accepted
-- like KEYS[1] .. text.
local pending = '{' .. KEYS[1] .. '}' .. ':pending'
redis.call('SUNIONSTORE', pending, KEYS[1])
return redis.call('INCR', string.format('{%s}:seen', KEYS[1]))
