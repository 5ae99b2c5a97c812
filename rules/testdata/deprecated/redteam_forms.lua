redis.call('GETSET', KEYS[1], 'v') -- want: deprecated "SET"
redis.call('RPOPLPUSH', KEYS[1], KEYS[2]) -- want: deprecated "LMOVE"
redis.call('HMSET', KEYS[1], 'a', 'b') -- want: deprecated "HSET"
redis.call('SETEX', KEYS[1], 10, 'v') -- want: deprecated
redis.call('PSETEX', KEYS[1], 10, 'v') -- want: deprecated
redis.call('SETNX', KEYS[1], 'v') -- want: deprecated
redis.call('ZRANGEBYSCORE', KEYS[1], 0, 1) -- want: deprecated "ZRANGE"
redis.call('ZREVRANGE', KEYS[1], 0, 1) -- want: deprecated
redis.call('GEORADIUS', KEYS[1], 0, 0, 1, 'km') -- want: deprecated
redis.call('SUBSTR', KEYS[1], 0, 1) -- want: deprecated
redis.call('BRPOPLPUSH', KEYS[1], KEYS[2], 0) -- want: deprecated
redis.replicate_commands() -- want: deprecated
local rc = redis.call
rc('getset', KEYS[1], 'v') -- want: deprecated
redis.call('CLUSTER', 'SLAVES', 'x') -- want: deprecated
return 1
