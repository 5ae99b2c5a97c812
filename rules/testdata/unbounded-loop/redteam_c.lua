local n = ARGV[1]
for i = 1, tonumber(ARGV[1]) do -- want: unbounded-loop
  redis.call('RPUSH', KEYS[1], i)
end
local count = tonumber(ARGV[2])
for i = count, 1, -1 do -- want: unbounded-loop
  redis.call('RPUSH', KEYS[1], i)
end
local len = redis.call('LLEN', KEYS[1])
for i = 0, len - 1 do -- want: unbounded-loop
  redis.call('LINDEX', KEYS[1], i)
end
for i = 1, redis.call('SCARD', KEYS[2]), 2 do -- want: unbounded-loop
end
local cap = math.min(tonumber(ARGV[3]), 1000)
for i = 1, cap do end
local lim = tonumber(ARGV[4])
if lim > 100 then lim = 100 end
for i = 1, lim do end
local lim2 = tonumber(ARGV[5])
if lim2 > 500 then return redis.error_reply('too many') end
for i = 1, lim2 do end
for i = 1, 10 do end
for i = 1, #ARGV do end
for i = 1, #KEYS, 2 do end
for _, k in ipairs(KEYS) do end
for i = 1, #ARGV - 1 do end
return 1
