-- Quota check that raises when the quota is exceeded and then tries to
-- log the event: error() never returns, so the log line never runs and
-- nobody learns about the rejected calls.
--
-- KEYS[1]  usage counter
-- ARGV[1]  quota
-- realistic: keys=quota:{t:1} args=100
local rcall = redis.call
local key = KEYS[1]
local quota = tonumber(ARGV[1])
if not quota then
  return redis.error_reply('ERR quota must be a number')
end

local used = tonumber(rcall('GET', key)) or 0
if used >= quota then
  error('QUOTA exceeded for ' .. key)
  redis.log(redis.LOG_WARNING, 'quota exceeded: ' .. key) -- want: unreachable-code
end
return rcall('INCR', key)
