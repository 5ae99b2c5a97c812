-- Token bucket kept in a hash {tokens, ts}. Tokens are counted in
-- thousandths so that all arithmetic stays integral: Redis would store a
-- fractional Lua number as "2.2999999999999998".
--
-- KEYS[1]  bucket hash
-- ARGV[1]  capacity (tokens)
-- ARGV[2]  refill rate (tokens per second)
-- ARGV[3]  now, in milliseconds
-- ARGV[4]  tokens requested
-- Returns {allowed (0/1), tokens left (whole tokens)}.
--
-- realistic: keys=tb:{tenant:7} args=20,5,1700000000000,1
-- realistic: setup=HSET tb:{tenant:7} tokens 3000 ts 1699999999000
local rcall = redis.call
local key = KEYS[1]
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local requested = tonumber(ARGV[4])
if not capacity or not rate or not now or not requested then
  return redis.error_reply('ERR capacity, rate, now and requested must be numbers')
end
if rate <= 0 or requested < 0 then
  return redis.error_reply('ERR rate must be positive and requested non-negative')
end

local milli = 1000
local state = rcall('HMGET', key, 'tokens', 'ts')
local tokens = tonumber(state[1]) or capacity * milli
local last = tonumber(state[2]) or now

local elapsed = math.max(0, now - last)
tokens = math.min(capacity * milli, tokens + elapsed * rate)

local allowed = 0
if tokens >= requested * milli then
  tokens = tokens - requested * milli
  allowed = 1
end

rcall('HSET', key, 'tokens', math.floor(tokens), 'ts', now)
-- Idle buckets disappear once they would be full again.
rcall('PEXPIRE', key, math.ceil(capacity * 1000 / rate))
return {allowed, math.floor(tokens / milli)}
