local rcall = redis.call
local key = KEYS[1]
rcall('SET', key, 'literal value')
redis.call('HSET', KEYS[1], 'field', 'value')
redis.call('PUBLISH', 'channel', 'message')
redis.call('ZADD', KEYS[2], 1, 'member')
redis.call('SELECT', 0)
redis.call('EXPIRE', KEYS[1], 60)
redis.call('INCR', 'rate:' .. ARGV[1])

redis.call('SPUBLISH', 'chan', 'x')
