-- Without allow-prefix-from-argv, a prefix packed into an ARGV element is
-- reported, and the message names the option that accepts it.
local args = cmsgpack.unpack(ARGV[1])
redis.call('HSET', args[1] .. args[2], 'state', 'wait') -- want: dynamic-key "set allow-prefix-from-argv: true"
local stored = cjson.decode(redis.call('GET', KEYS[1]))
redis.call('DEL', stored.base .. 'x')                    -- want: dynamic-key "key built from a value read from Redis"
