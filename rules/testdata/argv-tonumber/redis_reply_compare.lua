-- redis: error "attempt to compare string with number"
-- redis-keys: atn:counter
-- redis-args: 5
-- INCR replies with a number: comparing it with ARGV raises.
local current = redis.call('INCR', KEYS[1])
if current > ARGV[1] then                                -- want: argv-tonumber "attempt to compare string with number"
  return 0
end
return 1
