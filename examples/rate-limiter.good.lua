-- Fixed-window rate limiter: allow ARGV[1] requests every ARGV[2] seconds.
-- KEYS[1]: the counter for one client, e.g. rate:{user42}
-- ARGV[1]: the limit (a positive integer)
-- ARGV[2]: the window in seconds (a positive integer)
-- Returns 1 when the request is allowed, 0 when it is over the limit.
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if not limit or not window or window < 1 or window % 1 ~= 0 then
  return redis.error_reply('ERR limit and window must be positive numbers')
end

local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
end
if current > limit then
  return 0
end
return 1
