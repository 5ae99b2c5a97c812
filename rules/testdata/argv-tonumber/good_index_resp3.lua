-- After redis.setresp(3) a reply's shape is not RESP2's array: an ARGV
-- index into it is not reported.
redis.setresp(3)
local h = redis.call('HGETALL', KEYS[1])
local fields = h.map
return {h[ARGV[1]], fields[ARGV[2]]}
