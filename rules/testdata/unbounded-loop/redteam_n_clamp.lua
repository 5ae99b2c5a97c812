local a = tonumber(ARGV[1])
assert(a <= 1000, 'too many')
for i = 1, a do end
local b = tonumber(ARGV[2])
if 1000 < b then return redis.error_reply('too many') end
for i = 1, b do end
local c = tonumber(ARGV[3])
if c > 1000 then redis.log(redis.LOG_WARNING, 'big') end
for i = 1, c do end -- want: unbounded-loop
local d = tonumber(ARGV[4])
if d < 1000 then
  for i = 1, d do end
end
local e = tonumber(ARGV[5])
if e > 0 then
  for i = 1, e do end -- want: unbounded-loop
end
local f = math.min(1000, tonumber(ARGV[6]) or 0)
for i = 1, f do end
local g = tonumber(ARGV[7])
if not g or g > 100 then return redis.error_reply('bad') end
for i = 1, g do end
return 1
