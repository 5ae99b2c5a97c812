redis.call('MSET', KEYS[1], 'v', KEYS[2]) -- want: wrong-arity "wrong number of arguments for 'mset' command"
redis.call('HSET', KEYS[1], 'f', 'v', 'g') -- want: wrong-arity "field value pairs, got 3 values"
redis.call('hmset', KEYS[1], 'f', 'v', 'g') -- want: wrong-arity
redis.call('MSETNX', KEYS[1], 'v', KEYS[2]) -- want: wrong-arity
redis.call('MSET', KEYS[1], 'v', KEYS[2], 'w')
redis.call('HSET', KEYS[1], 'f', 'v', 'g', 'w')
redis.call('HSET', KEYS[1], 'f', unpack(ARGV))
redis.call('MSET', unpack(ARGV))
redis.call('HSET', KEYS[1], 'f', 'v', ...)
redis.call('PING', 'x', 'y')
return 1
