-- Sliding-window limiter that takes "now" from os.time(), as a Lua
-- program would. The sandbox has no os library (only os.clock on Redis
-- 7.4+), so the script fails on every call; the clock must come from the
-- caller (ARGV) or from redis.call('TIME').
--
-- KEYS[1]  request log (sorted set)
-- ARGV[1]  window in seconds
-- ARGV[2]  limit
-- ARGV[3]  request id
-- realistic: keys=sw:{k} args=60,5,r1
local rcall = redis.call
local key = KEYS[1]
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
if not window or not limit then
  return redis.error_reply('ERR window and limit must be numbers')
end

local now = os.time() -- want: sandbox-violation
rcall('ZREMRANGEBYSCORE', key, '-inf', now - window)
if rcall('ZCARD', key) >= limit then
  return 0
end
rcall('ZADD', key, now, ARGV[3])
rcall('EXPIRE', key, window)
return 1
