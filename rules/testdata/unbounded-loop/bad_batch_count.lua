-- A batch count the caller chooses is a design choice (info); a count read
-- from the data grows with it (warning).
local batch = tonumber(ARGV[1])
for i = 1, batch do -- want: unbounded-loop[info] "loop bound 'batch' comes from ARGV"
  local v = redis.call('RPOP', KEYS[1])
  if not v then
    break
  end
  redis.call('LPUSH', KEYS[2], v)
end
local len = redis.call('LLEN', KEYS[1])
for i = 1, len do -- want: unbounded-loop[warning] "loop bound 'len' comes from the 'LLEN' reply with no upper limit: the loop grows with the data"
  redis.call('RPOPLPUSH', KEYS[1], KEYS[2])
end
while true do -- want: unbounded-loop[error] "never ends"
  redis.call('INCR', KEYS[3])
end
