local MAX = 1000
local n = tonumber(ARGV[1])
if n > MAX then n = MAX end
for i = 1, n do end
local len = redis.call('LLEN', KEYS[1])
for i = 1, math.min(len, MAX) do end
local batch = tonumber(ARGV[2]) or 100
for i = 1, batch, 10 do end -- want: unbounded-loop
return 1
