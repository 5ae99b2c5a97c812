local rcall = redis.call
local n = tonumber(ARGV[1])
local function work(keys)
  for i = 1, n do -- want: unbounded-loop
    rcall('RPUSH', keys[1], i)
  end
end
local cnt = rcall('LLEN', KEYS[1])
for i = cnt, 1, -1 do -- want: unbounded-loop
end
local size = #redis.call('LRANGE', KEYS[1], 0, -1)
for i = 1, size do
end
local m = tonumber(ARGV[2])
if m > 1000 or m < 1 then error('out of range') end
for i = 1, m do end
local q = tonumber(ARGV[3])
q = math.min(q, 50)
for i = 1, q do end
for i = 1, tonumber(ARGV[4]) > 100 and 100 or tonumber(ARGV[4]) do end
while true do
  local v = rcall('RPOP', KEYS[1])
  if v == false then break end
end
return work(KEYS)
