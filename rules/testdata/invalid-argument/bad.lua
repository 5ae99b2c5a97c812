redis.call('SET', KEYS[1], nil)               -- want: invalid-argument "nil passed to 'redis.call'"
redis.call('SET', KEYS[1], true)              -- want: invalid-argument "a boolean"
redis.call('SET', KEYS[1], {1, 2})            -- want: invalid-argument "a table"
local t = {}
redis.pcall('RPUSH', KEYS[1], t)              -- want: invalid-argument "Lua redis lib command arguments must be strings or integers"
redis.call('DEL', KEYS)                       -- want: invalid-argument "unpack(t)"
local missing
redis.call('GET', missing)                    -- want: invalid-argument
redis.call('SET', KEYS[1], ARGV[1] == 'x')    -- want: invalid-argument "a boolean"
redis.call('EXPIRE', KEYS[1], 1.5)            -- want: invalid-argument "'EXPIRE' expects an integer here, but 1.5 is sent as \"1.5\""
local ttl = 2.5
redis.call('PEXPIREAT', KEYS[1], ttl)         -- want: invalid-argument "value is not an integer or out of range"
redis.call(nil, KEYS[1])                      -- want: invalid-argument
redis.call('SETBIT', KEYS[1], 0.5, 1)          -- want: invalid-argument "bit offset is not an integer or out of range"
