-- Enqueue a job into a priority queue. The sorted-set score packs the
-- priority and a sequence number (priority * 2^32 + seq) so that jobs of
-- the same priority stay FIFO (BullMQ's "prioritized" set).
--
-- KEYS[1]  queue key prefix, carries the queue hash tag (bull:{reports}:)
-- ARGV[1]  priority, 1 (highest) .. 2097152
-- ARGV[2]  job payload (JSON)
-- ARGV[3]  now, in milliseconds
-- Returns the new job id.
--
-- realistic: keys=bull:{reports}: args=3,{"report":"weekly"},1700000000000
local rcall = redis.call
local prefix = KEYS[1]
local priority = tonumber(ARGV[1])
local payload = ARGV[2]
local now = tonumber(ARGV[3])
if not priority or priority < 1 or priority > 2097152 or priority % 1 ~= 0 then
  return redis.error_reply('ERR priority must be an integer between 1 and 2097152')
end
if not now then
  return redis.error_reply('ERR now must be a number')
end
local ok = pcall(cjson.decode, payload)
if not ok then
  return redis.error_reply('ERR payload is not valid JSON')
end

local job_id = tostring(rcall('INCR', prefix .. 'id'))
local seq = rcall('INCR', prefix .. 'pc') % 4294967296
rcall('HSET', prefix .. job_id, 'data', payload, 'priority', priority, 'timestamp', now)
rcall('ZADD', prefix .. 'prioritized', priority * 4294967296 + seq, job_id)
return job_id
