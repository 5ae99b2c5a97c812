redis.call('MULTI')                           -- want: command-not-allowed "a script is already atomic"
redis.call('SUBSCRIBE', 'ch')                 -- want: command-not-allowed "This Redis command is not allowed from script"
redis.call('EVAL', 'return 1', 0)             -- want: command-not-allowed
redis.call('CLIENT', 'ID')                    -- want: command-not-allowed "'CLIENT ID'"
redis.call('watch', KEYS[1])                  -- want: command-not-allowed
redis.pcall('FCALL', 'f', 0)                  -- want: command-not-allowed
local cmd = 'CONFIG'
redis.call(cmd, 'GET', 'maxmemory')           -- want: command-not-allowed "'CONFIG GET'"
