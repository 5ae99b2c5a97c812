-- Fixed-window rate limiter with two classic ARGV mistakes: the limit is
-- compared as a string (Lua raises "attempt to compare number with
-- string" on the first request over... every request, in fact), and the
-- "burst disabled" check compares a string with a number, so it is never
-- true.
--
-- KEYS[1]  counter for the current window
-- ARGV[1]  limit
-- ARGV[2]  window in seconds
-- ARGV[3]  1 to disable bursting
-- realistic: keys=rl:{u:1}:w args=10,60,1
local rcall = redis.call
local key = KEYS[1]

local current = rcall('INCR', key)
if current == 1 then
  rcall('EXPIRE', key, ARGV[2])
end
if ARGV[3] == 1 and current > 1 then -- want: argv-tonumber
  return 0
end
if current > ARGV[1] then -- want: argv-tonumber
  return 0
end
return 1
