redis.pcall(1) -- want: unknown-command
redis.call((42), KEYS[1]) -- want: unknown-command
local n = 1
redis.call(n)
return 1
