-- Retry a failed job after a delay. The job id is removed from the active
-- list first and the delay argument is only converted afterwards: a
-- malformed delay returns an error with the job already gone from
-- "active" and never scheduled, so the job is silently lost.
--
-- KEYS[1]  queue prefix, carries the queue hash tag (bull:{mail}:)
-- ARGV[1]  job id
-- ARGV[2]  delay in milliseconds
-- ARGV[3]  now, in milliseconds
-- realistic: keys=bull:{mail}: args=17,abc,1700000000000
local rcall = redis.call
local prefix = KEYS[1]
local job_id = ARGV[1]

rcall('LREM', prefix .. 'active', -1, job_id)
local delay = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if not delay or not now then
  return redis.error_reply('ERR delay and now must be numbers') -- want: write-before-validation
end
rcall('ZADD', prefix .. 'delayed', now + delay, job_id)
return 1
