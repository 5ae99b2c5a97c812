-- Mark an active job completed (BullMQ-style moveToFinished, success
-- path): check the worker still holds the job lock, move the id from the
-- active list to the completed set and keep only the newest N completed.
--
-- KEYS[1]  queue key prefix, carries the queue hash tag (bull:{emails}:)
-- ARGV[1]  job id
-- ARGV[2]  worker token
-- ARGV[3]  now, in milliseconds
-- ARGV[4]  return value (JSON)
-- ARGV[5]  completed jobs to keep
-- Returns 1, or an error when the job is not active or the lock was lost.
--
-- realistic: keys=bull:{emails}: args=17,worker-7:3f2a,1700000005000,{"sent":true},100
-- realistic: setup=LPUSH bull:{emails}:active 17; SET bull:{emails}:17:lock worker-7:3f2a PX 30000; HSET bull:{emails}:17 name welcome
local rcall = redis.call
local prefix = KEYS[1]
local job_id = ARGV[1]
local token = ARGV[2]
local now = tonumber(ARGV[3])
local keep = tonumber(ARGV[5])
if not now or not keep then
  return redis.error_reply('ERR now and keep must be numbers')
end
if not job_id or not token or not ARGV[4] then
  return redis.error_reply('ERR usage: job_id token now returnvalue keep')
end

local active_key = prefix .. 'active'
local completed_key = prefix .. 'completed'
local job_key = prefix .. job_id
local lock_key = job_key .. ':lock'

if rcall('GET', lock_key) ~= token then
  return redis.error_reply('ERR lock lost for job ' .. job_id)
end
if rcall('LREM', active_key, -1, job_id) == 0 then
  return redis.error_reply('ERR job ' .. job_id .. ' is not active')
end
rcall('DEL', lock_key)
rcall('HSET', job_key, 'finishedOn', now, 'returnvalue', ARGV[4])
rcall('ZADD', completed_key, now, job_id)
if keep >= 0 then
  -- Trim the oldest; their hashes are removed by the cleaner.
  rcall('ZREMRANGEBYRANK', completed_key, 0, -(keep + 1))
end
return 1
