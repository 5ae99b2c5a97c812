-- fixture: option allow-prefix-from-argv=true
-- A queue library packs its arguments, the hash-tagged key prefix first,
-- into one msgpack ARGV element: the prefix still arrives in ARGV.
local args = cmsgpack.unpack(ARGV[1])
local prefix = args[1]
local jobKey = prefix .. args[2]
redis.call('HSET', jobKey, 'state', 'wait')
redis.call('SADD', args[1] .. 'ids', args[2])
-- A decoded value used whole is a key computed in the script, and a prefix
-- decoded from a Redis reply did not come from the caller.
redis.call('DEL', args[3])                               -- want: dynamic-key "key read from decoded data (cmsgpack.unpack)"
local stored = cjson.decode(redis.call('GET', KEYS[1]))
redis.call('DEL', stored.base .. 'x')                    -- want: dynamic-key "key built from a value read from Redis"
