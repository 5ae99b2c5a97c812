-- Move a poisoned message from the processing list to the dead-letter
-- list with a JSON envelope describing the failure, keeping the dead-letter
-- list capped.
--
-- KEYS[1]  processing list
-- KEYS[2]  dead-letter list
-- ARGV[1]  raw message (exactly as it sits in the processing list)
-- ARGV[2]  error text
-- ARGV[3]  now, in seconds
-- ARGV[4]  dead-letter capacity
-- Returns the dead-letter list length, or 0 when the message was not found.
--
-- realistic: keys={mail}:processing,{mail}:dead args=msg-0042,smtp%20550,1700000000,1000
-- realistic: setup=LPUSH {mail}:processing msg-0041 msg-0042
local rcall = redis.call
local processing_key, dead_key = KEYS[1], KEYS[2]
local message = ARGV[1]
local reason = ARGV[2]
local now = tonumber(ARGV[3])
local cap = tonumber(ARGV[4])
if not now or not cap or cap < 1 then
  return redis.error_reply('ERR now and capacity must be numbers, capacity at least 1')
end

if rcall('LREM', processing_key, 1, message) == 0 then
  return 0
end
local envelope = cjson.encode({message = message, error = reason, failed_at = now})
rcall('LPUSH', dead_key, envelope)
rcall('LTRIM', dead_key, 0, cap - 1)
return rcall('LLEN', dead_key)
