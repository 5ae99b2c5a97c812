-- redis: error "attempt to perform arithmetic on local 'quota' (a nil value)"
-- redis-args: unlimited
-- The first element raises when quota is nil, before the table exists:
-- the script fails, it never replies with a hole at the second element.
local quota = tonumber(ARGV[1])
return {quota - 1, quota}
