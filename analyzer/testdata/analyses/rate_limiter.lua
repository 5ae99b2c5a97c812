-- Sliding-window rate limiter (EVAL script).
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = ARGV[3]
limit = tonumber(limit)
if not now or not window or not limit then
  return redis.error_reply('ERR bad arguments')
end

redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count >= limit then
  return {0, count}
end
redis.call('ZADD', key, now, now .. ':' .. math.random())
redis.call('PEXPIRE', key, window)
local member = redis.call('ZRANGE', key, 0, 0)[1]
if member == nil then
  error('unexpected empty window')
end
return {1, count + 1}
