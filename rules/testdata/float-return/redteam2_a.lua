local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
local pct = used * 100 / limit
return pct -- want: float-return
