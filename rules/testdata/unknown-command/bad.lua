-- fixture: redis-version=8.2
redis.call('GTE', KEYS[1])                      -- want: unknown-command "did you mean 'GET'"
redis.call('hgetal', KEYS[1])                   -- want: unknown-command "'HGETALL'"
redis.call('DELEX', KEYS[1])                    -- want: unknown-command "'DELEX' needs Redis 8.4 (redis-version is 8.2)"
redis.call('SET', KEYS[1], ARGV[1], 'IFEQ', ARGV[2]) -- want: unknown-command "option 'IFEQ' of 'SET' needs Redis 8.4"
redis.call('CLIENT', 'KILLL', ARGV[1])          -- want: unknown-command "did you mean 'CLIENT KILL'"
redis.call('client kill', ARGV[1])              -- want: unknown-command "redis.call('CLIENT', 'KILL', ...)"
redis.call('', KEYS[1])                         -- want: unknown-command "empty command name"
local cmd = 'INCRBYY'
redis.call(cmd, KEYS[1])                        -- want: unknown-command "did you mean 'INCRBY'"
pcall(redis.call, 'LPUSHH', KEYS[1], ARGV[1])   -- want: unknown-command
redis.pcall('FROBNICATE', KEYS[1])              -- want: unknown-command "Unknown Redis command called from script"
