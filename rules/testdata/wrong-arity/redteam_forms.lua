redis.call('SET', KEYS[1]) -- want: wrong-arity
redis.call('SET', KEYS[1], 'v', 'EX', 10)
redis.call('GET') -- want: wrong-arity
redis.call('GET', KEYS[1], KEYS[2]) -- want: wrong-arity
redis.call('ECHO', 'a', 'b') -- want: wrong-arity
redis.call('MSET', KEYS[1], 'v', KEYS[2]) -- want: wrong-arity
redis.call('MSET', KEYS[1], 'v', KEYS[2], 'w')
redis.call('MSET', KEYS[1]) -- want: wrong-arity
redis.call('HSET', KEYS[1], 'f') -- want: wrong-arity
redis.call('HSET', KEYS[1], 'f', 'v', 'g') -- want: wrong-arity
redis.call('DEL', unpack(KEYS))
redis.call('SET', unpack(ARGV))
redis.call('GET', KEYS[1], unpack({}))
redis.call('SET', KEYS[1], ...)
redis.call('HMGET', KEYS[1]) -- want: wrong-arity
redis.call('OBJECT', 'ENCODING') -- want: wrong-arity
redis.call('OBJECT', 'ENCODING', KEYS[1])
redis.call('XINFO', 'STREAM') -- want: wrong-arity
redis.call('XINFO', 'STREAM', KEYS[1], 'FULL')
redis.call('CLIENT', 'KILL', '127.0.0.1:1')
redis.call('INCR') -- want: wrong-arity
local rc = redis.call
rc('EXPIRE', KEYS[1]) -- want: wrong-arity
redis.pcall('LPUSH', KEYS[1]) -- want: wrong-arity
redis.call('PING')
redis.call('PING', 'x')
redis.call('PING', 'x', 'y')
redis.call('get', KEYS[1], 'x') -- want: wrong-arity
redis.call('SET', KEYS[1], redis.call('GET', KEYS[2]))
redis.call('SET', KEYS[1], tostring(1))
redis.call('SET', KEYS[1], string.format('%d', 1))
redis.call('SET', KEYS[1], ('%d'):format(1))
redis.call('SET', KEYS[1], f())
redis.call('SET', KEYS[1], (f()))
redis.call('SET', KEYS[1], f()) 
redis.call('SET', KEYS[1], cjson.decode(ARGV[1]))
redis.call('ZADD', KEYS[1], 1) -- want: wrong-arity
redis.call('LRANGE', KEYS[1], 0) -- want: wrong-arity
redis.call('SCRIPT', 'EXISTS') -- want: wrong-arity
redis.call('TYPE', KEYS[1], 'x') -- want: wrong-arity
redis.call('SET', KEYS[1], 'v', unpack(ARGV, 2))
redis.call('SET', KEYS[1], select(1, 'x'))
return 1
