-- fixture: option report-coercion=true
-- With report-coercion, the uses Lua converts implicitly are reported at
-- info, for teams that want every input converted once with tonumber.
local ttl = ARGV[5]
redis.call('EXPIRE', KEYS[1], ttl * 1000)                -- want: argv-tonumber[info] "'ttl' (ARGV[5]) is a string used in arithmetic"
local n = math.floor(ARGV[6])                            -- want: argv-tonumber[info] "passed to math.floor"
for i = 1, ARGV[7] do                                    -- want: argv-tonumber[info] "'for' bound"
  redis.call('RPOP', KEYS[1])
end
local total = -ARGV[8]                                   -- want: argv-tonumber[info] "arithmetic"
return n + total
