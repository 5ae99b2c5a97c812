redis.replicate_commands()                    -- want: deprecated "does nothing since Redis 7.0 (redis-version is 8.4)"
redis.call('GETSET', KEYS[1], ARGV[1])        -- want: deprecated "'GETSET' is deprecated since Redis 6.2: use 'SET' with the 'GET' argument"
redis.call('setex', KEYS[1], 60, ARGV[1])     -- want: deprecated "'SET' with the 'EX' argument"
redis.call('HMSET', KEYS[1], 'a', 1)          -- want: deprecated "use 'HSET'"
redis.call('ZRANGEBYSCORE', KEYS[1], 0, 10)   -- want: deprecated
local rcall = redis.call
rcall('RPOPLPUSH', KEYS[1], KEYS[2])          -- want: deprecated "'LMOVE'"
