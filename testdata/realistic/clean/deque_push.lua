-- Push onto either end of a bounded deque; the end is chosen by the
-- caller, so the command is picked from two literals.
--
-- KEYS[1]  deque (list)
-- ARGV[1]  "front" or "back"
-- ARGV[2]  value
-- ARGV[3]  capacity (oldest entries at the other end are dropped)
-- Returns the deque length.
--
-- realistic: keys=recent:{u:42}:views args=front,product:9,50
-- realistic: setup=RPUSH recent:{u:42}:views product:1 product:2
local rcall = redis.call
local key = KEYS[1]
local side = ARGV[1]
local value = ARGV[2]
local capacity = tonumber(ARGV[3])
if side ~= 'front' and side ~= 'back' then
  return redis.error_reply('ERR side must be front or back')
end
if not capacity or capacity < 1 then
  return redis.error_reply('ERR capacity must be a positive number')
end

local push = side == 'front' and 'LPUSH' or 'RPUSH'
local length = rcall(push, key, value)
if length > capacity then
  if side == 'front' then
    rcall('LTRIM', key, 0, capacity - 1)
  else
    rcall('LTRIM', key, -capacity, -1)
  end
  length = capacity
end
return length
