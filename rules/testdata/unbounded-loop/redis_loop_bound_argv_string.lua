-- redis: reply int:3
-- redis-keys: batch-list
-- redis-args: 3
-- A numeric for bound from ARGV runs as a number (Lua 5.1 coerces the
-- string): three rounds.
for i = 1, ARGV[1] do -- want: unbounded-loop[info]
  redis.call('RPUSH', KEYS[1], i)
end
return redis.call('LLEN', KEYS[1])
