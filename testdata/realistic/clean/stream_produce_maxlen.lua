-- Publish an event to a capped stream, deduplicated by event id: a
-- producer that retries after a timeout does not publish twice.
--
-- KEYS[1]  stream
-- KEYS[2]  dedup key for this event id (expires)
-- ARGV[1]  event type
-- ARGV[2]  payload (JSON)
-- ARGV[3]  approximate stream length to keep
-- ARGV[4]  dedup window in seconds
-- Returns the new entry id, or the id of the earlier publication.
--
-- realistic: keys=events:{orders},events:{orders}:seen:ev-5521 args=order.paid,{"order":5521},100000,600
local rcall = redis.call
local stream_key, dedup_key = KEYS[1], KEYS[2]
local event_type = ARGV[1]
local payload = ARGV[2]
local maxlen = tonumber(ARGV[3])
local window = tonumber(ARGV[4])
if not maxlen or maxlen < 1 or not window then
  return redis.error_reply('ERR maxlen and window must be positive numbers')
end

local earlier = rcall('GET', dedup_key)
if earlier then
  return earlier
end
local id = rcall('XADD', stream_key, 'MAXLEN', '~', maxlen, '*', 'type', event_type, 'payload', payload)
rcall('SET', dedup_key, id, 'EX', window)
return id
