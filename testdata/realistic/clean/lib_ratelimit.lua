#!lua name=ratelimit
-- Rate limiting as a Redis Functions library (Redis 7.0+), loaded once
-- with FUNCTION LOAD and called with FCALL by every app server.
--
-- rl_fixed_window(keys={counter}, args={limit, window_seconds})
--   -> {allowed 0/1, remaining}
-- rl_sliding(keys={log zset}, args={now_ms, window_ms, limit, request_id})
--   -> {allowed 0/1, requests in window}
-- rl_peek(keys={counter}, args={limit}) -> remaining; read-only (FCALL_RO)
--
-- realistic: fcall=rl_fixed_window keys=rl:{user:9}:m1 args=5,60
-- realistic: fcall=rl_sliding keys=rl:{user:9}:log args=1700000000000,60000,5,r-1
-- realistic: fcall_ro=rl_peek keys=rl:{user:9}:m1 args=5

local function fixed_window(keys, args)
  local rcall = redis.call
  local key = keys[1]
  local limit = tonumber(args[1])
  local window = tonumber(args[2])
  if not limit or not window or window <= 0 then
    return redis.error_reply('ERR limit and window must be positive numbers')
  end
  local current = rcall('INCR', key)
  if current == 1 then
    rcall('EXPIRE', key, window)
  end
  if current > limit then
    return {0, 0}
  end
  return {1, limit - current}
end

local function sliding(keys, args)
  local rcall = redis.call
  local key = keys[1]
  local now = tonumber(args[1])
  local window = tonumber(args[2])
  local limit = tonumber(args[3])
  local request_id = args[4]
  if not now or not window or not limit or not request_id then
    return redis.error_reply('ERR usage: now_ms window_ms limit request_id')
  end
  rcall('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = rcall('ZCARD', key)
  if count >= limit then
    return {0, count}
  end
  rcall('ZADD', key, now, request_id)
  rcall('PEXPIRE', key, window)
  return {1, count + 1}
end

local function peek(keys, args)
  local limit = tonumber(args[1])
  if not limit then
    return redis.error_reply('ERR limit must be a number')
  end
  local used = tonumber(redis.call('GET', keys[1])) or 0
  return math.max(0, limit - used)
end

redis.register_function('rl_fixed_window', fixed_window)
redis.register_function{function_name = 'rl_sliding', callback = sliding}
redis.register_function{
  function_name = 'rl_peek',
  callback = peek,
  flags = {'no-writes'},
  description = 'remaining requests in the current fixed window',
}
