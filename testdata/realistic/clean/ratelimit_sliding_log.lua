-- Sliding-window log rate limiter on a sorted set: one member per
-- request, scored by its timestamp in milliseconds. Old entries are
-- trimmed on every call, so the set never holds more than `limit` members.
--
-- KEYS[1]  sorted set of recent requests
-- ARGV[1]  now, in milliseconds (from the application clock)
-- ARGV[2]  window length in milliseconds
-- ARGV[3]  limit: requests allowed per window
-- ARGV[4]  unique request id (member)
-- Returns {allowed (0/1), requests in window}.
--
-- realistic: keys=sw:{api:key9} args=1700000000000,60000,5,req-81f2
-- realistic: setup=ZADD sw:{api:key9} 1699999990000 req-a 1699999999000 req-b
local rcall = redis.call
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local member = ARGV[4]
if not now or not window or not limit then
  return redis.error_reply('ERR now, window and limit must be numbers')
end
if not member or member == '' then
  return redis.error_reply('ERR request id required')
end

rcall('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = rcall('ZCARD', key)
if count >= limit then
  return {0, count}
end

rcall('ZADD', key, now, member)
rcall('PEXPIRE', key, window)
return {1, count + 1}
