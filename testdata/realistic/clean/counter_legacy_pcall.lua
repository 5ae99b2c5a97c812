-- Increment a counter that older releases stored as a float string
-- ("12.0"): INCRBY then fails with "value is not an integer". The error is
-- caught with redis.pcall, checked, and the value is repaired once.
--
-- KEYS[1]  counter
-- ARGV[1]  increment (integer)
-- Returns the new value.
--
-- realistic: keys=views:{post:9} args=1
-- realistic: setup=SET views:{post:9} 12.0
local rcall = redis.call
local key = KEYS[1]
local by = tonumber(ARGV[1])
if not by or by % 1 ~= 0 then
  return redis.error_reply('ERR increment must be an integer')
end

local result = redis.pcall('INCRBY', key, by)
if type(result) == 'table' and result.err then
  local current = tonumber(rcall('GET', key))
  if not current then
    -- Not a number at all: leave it for a human, nothing was changed.
    return result
  end
  redis.log(redis.LOG_WARNING, 'repairing legacy counter ' .. key)
  local repaired = math.floor(current) + by
  rcall('SET', key, repaired, 'KEEPTTL')
  return repaired
end
return result
