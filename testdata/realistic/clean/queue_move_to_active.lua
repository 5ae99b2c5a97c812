-- Move the next waiting job to the active list and lock it for a worker
-- (BullMQ-style moveToActive). Job hashes live under a hash-tagged prefix
-- so that they share the queue's slot: "bull:{emails}:<job id>".
--
-- KEYS[1]  wait list        (bull:{emails}:wait)
-- KEYS[2]  active list      (bull:{emails}:active)
-- KEYS[3]  job key prefix   (bull:{emails}:), carries the queue hash tag
-- ARGV[1]  worker token
-- ARGV[2]  lock duration in milliseconds
-- ARGV[3]  now, in milliseconds
-- Returns {job id, name, data, attempts made} or nil when the queue is empty.
--
-- realistic: keys=bull:{emails}:wait,bull:{emails}:active,bull:{emails}: args=worker-7:3f2a,30000,1700000000000
-- realistic: setup=LPUSH bull:{emails}:wait 17; HSET bull:{emails}:17 name welcome data {} attemptsMade 0
local rcall = redis.call
local wait_key, active_key, prefix = KEYS[1], KEYS[2], KEYS[3]
local token = ARGV[1]
local lock_ms = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if not lock_ms or not now then
  return redis.error_reply('ERR lock duration and now must be numbers')
end
if not token or token == '' then
  return redis.error_reply('ERR worker token required')
end

local job_id = rcall('LMOVE', wait_key, active_key, 'RIGHT', 'LEFT')
if not job_id then
  return nil
end

-- The job id comes from the wait list, so the job's keys cannot be
-- declared up front; they share the {emails} tag of KEYS[3].
local job_key = prefix .. job_id
rcall('SET', job_key .. ':lock', token, 'PX', lock_ms)
rcall('HSET', job_key, 'processedOn', now)
rcall('HINCRBY', job_key, 'attemptsStarted', 1)
local job = rcall('HMGET', job_key, 'name', 'data', 'attemptsMade')
return {job_id, job[1], job[2], job[3]}
