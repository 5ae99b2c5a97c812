redis.call('DEL', unpack(ARGV)) -- want: dynamic-key
redis.call('MGET', unpack(ARGV, 2)) -- want: dynamic-key
redis.call('DEL', unpack(KEYS))
redis.call('HSET', KEYS[1], unpack(ARGV))
redis.call('RPUSH', KEYS[1], unpack(ARGV, 2))
redis.call(("get"), ARGV[1]) -- want: dynamic-key
redis.call('SET', ARGV[#ARGV], 1) -- want: dynamic-key
local members = redis.call('SMEMBERS', KEYS[1])
redis.call('DEL', unpack(members)) -- want: dynamic-key
return 1
