-- Leaky bucket (as a meter): the level drains at a constant rate and each
-- request adds one unit; a request that would overflow is rejected.
--
-- KEYS[1]  bucket hash {level, ts}
-- ARGV[1]  capacity
-- ARGV[2]  leak rate in units per second
-- ARGV[3]  now, in milliseconds
-- Returns 1 when the request is accepted, 0 when it overflows.
--
-- realistic: keys=lb:{ip:10.0.0.8} args=10,2,1700000001000
-- realistic: setup=HSET lb:{ip:10.0.0.8} level 4 ts 1700000000000
local rcall = redis.call
local key = KEYS[1]
local capacity = tonumber(ARGV[1])
local leak = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if not capacity or not leak or not now or leak <= 0 then
  return redis.error_reply('ERR capacity, leak rate and now must be numbers, leak rate positive')
end

local level = tonumber(rcall('HGET', key, 'level')) or 0
local last = tonumber(rcall('HGET', key, 'ts')) or now
local drained = math.floor((now - last) * leak / 1000)
level = math.max(0, level - drained)
if drained > 0 then
  last = now
end

if level + 1 > capacity then
  return 0
end

rcall('HSET', key, 'level', level + 1, 'ts', last)
rcall('PEXPIRE', key, math.ceil(capacity * 1000 / leak))
return 1
