redis.call('SET', KEYS[1])                    -- want: wrong-arity "'SET' needs at least 2 arguments after the name, got 1"
redis.call('GET', KEYS[1], KEYS[2])           -- want: wrong-arity "'GET' takes exactly 1 argument after the name, got 2"
redis.call('GET')                             -- want: wrong-arity "got 0"
redis.call('ECHO', 'a', 'b')                  -- want: wrong-arity
redis.pcall('INCR')                           -- want: wrong-arity "Wrong number of args calling Redis command from script"
local rcall = redis.call
rcall('HGET', KEYS[1])                        -- want: wrong-arity
redis.call('OBJECT', 'ENCODING')              -- want: wrong-arity "'OBJECT ENCODING' takes exactly 1 argument after the subcommand, got 0"
redis.call('CLIENT')                          -- want: wrong-arity "needs a subcommand"
redis.call('GET', KEYS[1], KEYS[2], unpack(ARGV)) -- want: wrong-arity "got at least 2"
pcall(redis.call, 'TIME', 'now')              -- want: wrong-arity
