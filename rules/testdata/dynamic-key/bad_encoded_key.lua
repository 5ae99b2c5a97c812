-- A key made by encoding a table written in place is made of the table's
-- values: from ARGV or from a reply, it is computed in the script.
local k1 = cjson.encode({ARGV[2], 'x'})
redis.call('SADD', k1, ARGV[3]) -- want: dynamic-key "key built from ARGV[2] with cjson.encode"
local owner = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('INCR', cmsgpack.pack({owner})) -- want: dynamic-key "key built from a value read from Redis"
local opaque = {}
return redis.call('GET', cjson.encode(opaque))
