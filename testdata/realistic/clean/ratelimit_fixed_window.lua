-- Fixed-window rate limiter: counts requests in the current window and
-- rejects once the limit is reached. The window key is chosen by the
-- caller (it embeds the window number, e.g. rl:{user:42}:28903311).
--
-- KEYS[1]  counter for the current window
-- ARGV[1]  limit: requests allowed per window
-- ARGV[2]  window length in seconds
-- Returns {allowed (0/1), remaining, seconds until reset}.
--
-- realistic: keys=rl:{user:42}:28903311 args=10,60
-- realistic: setup=SET rl:{user:42}:28903311 3
local rcall = redis.call
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if not limit or not window or window <= 0 then
  return redis.error_reply('ERR limit and window must be positive numbers')
end

local current = tonumber(rcall('GET', key) or '0')
if current >= limit then
  return {0, 0, rcall('TTL', key)}
end

current = rcall('INCR', key)
if current == 1 then
  rcall('EXPIRE', key, window)
end
return {1, limit - current, rcall('TTL', key)}
